import BubbleFonts
#if canImport(Glibc)
import Glibc
#endif

/// What a ``Typesetter`` may remember between messages: shaped words, per-character font and script
/// choices, and the shaped truncation token. Owned by whoever owns the typesetter (the engine keeps one
/// per pooled typesetter), never by a stage result, so ``ShapedText`` stays a plain value.
///
/// Shaped words follow Chrome's and Skia's word caches: a run is cut into words (a word with the spaces
/// after it; each CJK ideograph on its own), each shaped on its own and kept under its face, size, script,
/// direction, language and text. A word a face or level change cuts in two, in a script that joins or
/// forms conjuncts, is shaped with the text beside it and kept under that context too. The cache is
/// bounded: when it holds `capacity` words it starts again empty.
///
/// Not thread-safe: one per thread, like the typesetter it goes with.
public final class ShapeCache {
    /// Most words kept before the cache starts again; 0 turns word caching off.
    public let capacity: Int

    /// - Parameter capacity: most shaped words kept (32,768 by default, a few MB).
    public init(capacity: Int = 1 << 15) {
        self.capacity = min(max(capacity, 0), ShapedWordTable.maxCapacity)
        words = ShapedWordTable(capacity: self.capacity)
    }

    /// Shaped words.
    ///
    /// This and the per-character tables are borrowed `inout` per run and per paragraph; a cache has one
    /// user at a time (see above) and no borrow outlives the typesetter's call, so their accesses are not
    /// checked at run time (each dynamic exclusivity check cost some 60 instructions).
    @exclusivity(unchecked) var words: ShapedWordTable

    // MARK: Per-character choices of one chain

    /// The chain the tables below describe.
    private(set) var chain: ObjectIdentifier?
    /// Per BMP code unit: 0 unknown, 1...254 the chain face index + 1, 255 no fast answer (emoji
    /// presentation, fallback font, unresolved): the grapheme takes the full path.
    @exclusivity(unchecked) var faceOfUnit: [UInt8] = []
    /// Per BMP code unit: 0 unknown, 1 a neutral script (Common, Inherited, Unknown), else the ISO 15924 tag.
    @exclusivity(unchecked) var scriptOfUnit: [UInt32] = []

    /// Points the per-character tables at `fonts`, clearing them when the chain changes.
    func use(_ fonts: FallbackChain) {
        let id = ObjectIdentifier(fonts)
        if chain == id { return }
        chain = id
        // Cleared in place when a cache moves to another chain (an engine recycles the caches of the
        // chains it drops): no 320 kB allocated and freed per chain, which fragmented the heap.
        if faceOfUnit.count == 0x10000 {
            faceOfUnit.withUnsafeMutableBufferPointer { $0.update(repeating: 0) }
            scriptOfUnit.withUnsafeMutableBufferPointer { $0.update(repeating: 0) }
        } else {
            faceOfUnit = [UInt8](repeating: 0, count: 0x10000)
            scriptOfUnit = [UInt32](repeating: 0, count: 0x10000)
        }
        words.removeAll()
        tokens.removeAll()
        tokenStyles.removeAll()
    }

    // MARK: Truncation tokens

    /// Shaped truncation tokens and the styles they were shaped in (a handful at most), side by side:
    /// a look-up compares styles in place without copying a tuple per entry.
    var tokenStyles: [ParagraphStyle] = []
    var tokens: [ShapedSnippet] = []

    func token(for style: ParagraphStyle) -> ShapedSnippet? {
        for i in tokenStyles.indices where tokenStyles[i] == style { return tokens[i] }
        return nil
    }

    func remember(_ snippet: ShapedSnippet, for style: ParagraphStyle) {
        if tokens.count >= 8 { tokens.removeFirst(); tokenStyles.removeFirst() }
        tokenStyles.append(style)
        tokens.append(snippet)
    }

    /// Number of words held now.
    package var wordCount: Int { words.count }
    /// Distinct word styles (face × size × script × direction × language) in the current generation,
    /// and generations started because there were ``ShapedWordTable/maxStyles`` of them.
    package var styleCount: Int { words.styleCount }
    package var styleGenerations: Int { words.styleGenerations }
    /// Look-ups that found their word, and all look-ups, since the cache was made.
    package var hits: Int { words.hits }
    package var lookups: Int { words.lookups }

    /// Forgets every shaped word (the per-character tables stay: they never go stale).
    package func removeAllWords() { words.removeAll() }
}

/// What a shaped word is shaped as, packed for exact comparison and hashing.
struct WordStyle: Hashable {
    /// The face's ``FontFace/serial``.
    var face: UInt64
    var scale: Int32
    var script: UInt32
    var rightToLeft: Bool
    var language: String?
    /// Units of the text before and after the word it was shaped with (0: shaped alone).
    var contextBefore: UInt8 = 0
    var contextAfter: UInt8 = 0
}

/// An open-addressing table of shaped words: keys and glyphs live in flat arenas reserved up front (so
/// memory is touched only as words arrive, and never copied by growth), and a look-up allocates nothing.
///
/// Glyphs are kept compact, 9 bytes each instead of a ``GlyphBuffer``'s 20: the glyph id, the advance,
/// the cluster as a byte (words are short), and x/y offsets only for the words that have any (marks).
struct ShapedWordTable {
    private struct Entry {
        var hash: UInt32
        /// Index of the word's style (< ``maxStyles``, so 16 bits hold it).
        var style: UInt16
        var keyCount: UInt16
        var keyStart: UInt32
        var glyphStart: UInt32
        var glyphCount: UInt32
        /// Index of the word's first x offset in `offsets` (x, y pairs), or `UInt32.max` when all are 0.
        var offsetStart: UInt32
        /// What the typesetter checks of each glyph it draws, worked out once when the word is kept
        /// (``GlyphCheck/packed``: 2 bytes, where the value takes 9).
        var check: UInt16
    }

    let capacity: Int
    /// Slot → entry index + 1 (0: empty). Power-of-two size, at most half full.
    private var slots: [Int32]
    private var entries: [Entry] = []
    /// The distinct styles words were shaped in, by value, and the last few asked for: a server uses a
    /// handful (a face per script, a size or two), so most look-ups end in a short scan, as the plain
    /// list did, and hash only when the handful is not enough.
    private var styles: [WordStyle: Int] = [:]
    private var recentStyles: [(style: WordStyle, index: Int)] = []
    private var nextRecent = 0
    static let recentStyleCount = 8
    /// Most styles in one generation: a new style past it starts a new generation (every word and style
    /// forgotten), so a stream of distinct sizes costs constant memory and constant time per word.
    static let maxStyles = 4096
    /// Generations started because the style table was full (for tests and benchmarks).
    private(set) var styleGenerations = 0
    private var keyUnits: [UInt16] = []
    /// Glyphs of every word; clusters relative to the word's start.
    private var ids: [UInt32] = []
    private var advances: [Float] = []
    private var clusters: [UInt8] = []
    /// x, y offset pairs of the words that have a nonzero one.
    private var offsets: [Float] = []
    /// Most units in a word kept (clusters are bytes).
    static let longestWord = 255
    /// Most words a table may be asked to hold: its arenas (8 units and glyphs a word) stay within
    /// `UInt32` offsets.
    static let maxCapacity = 1 << 24
    private let keyLimit: Int, glyphLimit: Int
    private(set) var hits = 0
    private(set) var lookups = 0

    init(capacity: Int) {
        let capacity = min(capacity, ShapedWordTable.maxCapacity)
        self.capacity = capacity
        var size = 16
        while size < capacity * 2 { size <<= 1 }
        slots = [Int32](repeating: 0, count: capacity > 0 ? size : 0)
        keyLimit = capacity * 8
        glyphLimit = capacity * 8
        if capacity > 0 {
            entries.reserveCapacity(capacity)
            keyUnits.reserveCapacity(keyLimit)
            ids.reserveCapacity(glyphLimit)
            advances.reserveCapacity(glyphLimit)
            clusters.reserveCapacity(glyphLimit)
        }
    }

    var count: Int { entries.count }

    mutating func removeAll() {
        styles.removeAll(keepingCapacity: true)
        recentStyles.removeAll(keepingCapacity: true)
        removeAllEntries()
    }

    /// Forgets every word, keeping the styles (their indices stay valid).
    private mutating func removeAllEntries() {
        guard !entries.isEmpty else { return }
        for i in slots.indices { slots[i] = 0 }
        entries.removeAll(keepingCapacity: true)
        keyUnits.removeAll(keepingCapacity: true)
        ids.removeAll(keepingCapacity: true)
        advances.removeAll(keepingCapacity: true)
        clusters.removeAll(keepingCapacity: true)
        offsets.removeAll(keepingCapacity: true)
    }

    /// The index of `style` among the styles in use, added when new. A new style in a full table starts
    /// a new generation first, so indices handed out earlier must not be used after this call with
    /// another style (the typesetter asks once per run, before it looks words up).
    mutating func index(of style: WordStyle) -> Int {
        // Compared in place: iterating the tuples copied each style (and retained its language).
        let recent = recentStyles.withUnsafeBufferPointer { recent -> Int? in
            for i in 0..<recent.count where recent[i].style == style { return recent[i].index }
            return nil
        }
        if let recent { return recent }
        let index: Int
        if let known = styles[style] {
            index = known
        } else {
            if styles.count >= ShapedWordTable.maxStyles {
                styleGenerations += 1
                removeAllEntries()
                styles.removeAll(keepingCapacity: true)
                recentStyles.removeAll(keepingCapacity: true)
            }
            index = styles.count
            styles[style] = index
        }
        if recentStyles.count < ShapedWordTable.recentStyleCount {
            recentStyles.append((style, index))
        } else {
            recentStyles[nextRecent] = (style, index)
            nextRecent = (nextRecent + 1) % ShapedWordTable.recentStyleCount
        }
        return index
    }

    /// Distinct styles in the current generation.
    var styleCount: Int { styles.count }

    static func hash(_ units: UnsafeBufferPointer<UInt16>, style: Int) -> UInt32 {
        var h: UInt64 = 0xcbf2_9ce4_8422_2325 ^ UInt64(style)
        for u in units { h = (h ^ UInt64(u)) &* 0x100_0000_01b3 }
        return UInt32(truncatingIfNeeded: h ^ (h >> 32))
    }

    /// Whether `count` units at `a` and `b` are equal, compared four at a time in line: words are a few
    /// units long, and a call to `memcmp` for each look-up cost more than the comparison (3% of a message).
    @inline(__always)
    static func same(_ a: UnsafePointer<UInt16>, _ b: UnsafePointer<UInt16>, count: Int) -> Bool {
        let x = UnsafeRawPointer(a), y = UnsafeRawPointer(b)
        var i = 0
        while i + 4 <= count {
            if x.loadUnaligned(fromByteOffset: 2 * i, as: UInt64.self) != y.loadUnaligned(fromByteOffset: 2 * i, as: UInt64.self) {
                return false
            }
            i += 4
        }
        while i < count {
            if a[i] != b[i] { return false }
            i += 1
        }
        return true
    }

    /// The entry of `units` shaped in style `style`, if it is kept (see ``appendGlyphs(of:to:clusterOffset:)``).
    mutating func find(_ units: UnsafeBufferPointer<UInt16>, style: Int, hash: UInt32) -> Int? {
        guard !slots.isEmpty else { return nil }
        lookups += 1
        let mask = slots.count - 1
        var s = Int(hash) & mask
        while true {
            let e = Int(slots[s])
            if e == 0 { return nil }
            let entry = entries[e - 1]
            if entry.hash == hash, Int(entry.keyCount) == units.count, Int(entry.style) == style {
                let same = keyUnits.withUnsafeBufferPointer { k in
                    Self.same(k.baseAddress! + Int(entry.keyStart), units.baseAddress!, count: units.count)
                }
                if same {
                    hits += 1
                    return e - 1
                }
            }
            s = (s + 1) & mask
        }
    }

    /// Appends the glyphs of entry `entry` to `target`, adding `clusterOffset` to their clusters.
    ///
    /// `mutating` though it writes nothing: borrowed, the whole table was loaded across the caller's loop
    /// while ``find(_:style:hash:)`` counted hits, and Swift 6.1's release SIL verifier stopped the build.
    mutating func appendGlyphs(of entry: Int, to target: inout GlyphBuffer, clusterOffset: Int32) {
        let e = entries[entry]
        let start = Int(e.glyphStart), n = Int(e.glyphCount)
        ids.withUnsafeBufferPointer { ids in
            advances.withUnsafeBufferPointer { advances in
                clusters.withUnsafeBufferPointer { clusters in
                    // Appended one by one (a word is a few glyphs): no zero fill first, and no temporary
                    // copied after, whose small memcpy calls cost more than the appends.
                    for k in start..<start + n {
                        target.glyphs.append(Glyph(id: ids[k], cluster: Int32(clusters[k]) &+ clusterOffset, advance: advances[k]))
                    }
                }
            }
        }
        guard e.offsetStart != UInt32.max else { return }
        var o = Int(e.offsetStart)
        for k in target.count - n..<target.count {
            target.setOffset(k, x: offsets[o], y: offsets[o + 1])
            o += 2
        }
    }

    /// The glyph check of entry `entry` (see ``find(_:style:hash:)``).
    func check(of entry: Int) -> GlyphCheck { GlyphCheck(packed: entries[entry].check) }

    /// Keeps the glyphs `source[range]` (clusters relative to the word's start) for `units` in `style`,
    /// with their `check`.
    mutating func insert(_ units: UnsafeBufferPointer<UInt16>, style: Int, hash: UInt32, glyphs source: GlyphBuffer,
                         _ range: Range<Int>, check: GlyphCheck) {
        guard !slots.isEmpty, units.count <= ShapedWordTable.longestWord, range.count <= glyphLimit else { return }
        for k in range where source[k].cluster < 0 || source[k].cluster > Int32(UInt8.max) { return }
        if entries.count >= capacity || keyUnits.count + units.count > keyLimit || ids.count + range.count > glyphLimit {
            removeAllEntries()  // style indices handed out stay valid
        }
        let keyStart = keyUnits.count
        keyUnits.append(contentsOf: units)
        let glyphStart = ids.count
        var offsetStart = UInt32.max
        for k in range {
            let g = source[k]
            ids.append(g.id)
            advances.append(g.advance)
            clusters.append(UInt8(g.cluster))
            if offsetStart == UInt32.max && (g.offsetX != 0 || g.offsetY != 0) { offsetStart = 0 }
        }
        if offsetStart != UInt32.max {
            offsetStart = UInt32(offsets.count)
            for k in range { offsets.append(source[k].offsetX); offsets.append(source[k].offsetY) }
        }
        entries.append(Entry(hash: hash, style: UInt16(style), keyCount: UInt16(units.count), keyStart: UInt32(keyStart),
                             glyphStart: UInt32(glyphStart), glyphCount: UInt32(range.count), offsetStart: offsetStart,
                             check: check.packed))
        let mask = slots.count - 1
        var s = Int(hash) & mask
        while slots[s] != 0 { s = (s + 1) & mask }
        slots[s] = Int32(entries.count)
    }
}
