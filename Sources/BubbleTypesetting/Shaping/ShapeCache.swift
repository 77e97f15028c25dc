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

/// An open-addressing table of shaped words. Each word is one record in a flat arena reserved up front
/// (so memory is touched only as words arrive, and never copied by growth): a header, the word's units and
/// its glyphs, side by side, so a hit reads its slot and then one place. (Keys, entries and three glyph
/// arrays apart made a hit six reads from memory far apart; looking words up was the largest single cost
/// of a warm layout.) A look-up allocates nothing.
///
/// Glyphs are kept compact, 9 bytes each instead of a ``GlyphBuffer``'s 20: the glyph id, the advance,
/// the cluster as a byte (words are short), and x/y offsets only for the words that have any (marks).
struct ShapedWordTable {
    let capacity: Int
    /// Slot → the word's hash (high 32 bits) and its record's offset in the records + 1 (low 32 bits; 0: an
    /// empty slot). Power-of-two size, at most half full; a probe compares hashes without reading a record.
    private var slots: [UInt64]
    /// The words' records, one after the other from `base`, each starting at a multiple of 4: the header
    /// (``header(style:units:glyphs:offsets:check:)``, 8 bytes), the word's UTF-16 units, its glyphs
    /// (``glyphSize`` bytes each: id, advance, cluster) and, for a word with a nonzero offset, its glyphs'
    /// x, y offsets (8 bytes each). `recordLimit` bytes allocated once (the pages are touched as words
    /// arrive) and read through `base` with no array in between: an array appended to glyph by glyph from
    /// inside its `withUnsafeBytes` checked the target's uniqueness on every glyph.
    private let arena: Arena
    private let base: UnsafeMutableRawPointer
    /// Bytes of records written.
    private var used = 0
    /// Words kept now.
    private(set) var count = 0
    /// Most bytes of records: ``recordBytesPerWord`` a word on average.
    private let recordLimit: Int
    static let recordBytesPerWord = 96
    static let glyphSize = 9
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
    /// Most units in a word kept (clusters are bytes).
    static let longestWord = 255
    /// The hashes of long words seen once (``admitsLong(_:)``), by their low bits: 4 KB, fixed.
    private var longSeen = [UInt32](repeating: 0, count: ShapedWordTable.longSeenCount)
    static let longSeenCount = 1024
    /// Most words a table may be asked to hold: its records stay within `UInt32` offsets.
    static let maxCapacity = 1 << 24
    private(set) var hits = 0
    private(set) var lookups = 0

    init(capacity: Int) {
        let capacity = min(capacity, ShapedWordTable.maxCapacity)
        self.capacity = capacity
        var size = 16
        while size < capacity * 2 { size <<= 1 }
        slots = [UInt64](repeating: 0, count: capacity > 0 ? size : 0)
        recordLimit = capacity * ShapedWordTable.recordBytesPerWord
        arena = Arena(bytes: recordLimit)
        base = arena.base
    }

    /// Owns the records' bytes. The table is never copied (its cache holds it and lends it `inout`), so
    /// one table writes them.
    private final class Arena {
        let base: UnsafeMutableRawPointer
        init(bytes: Int) { base = .allocate(byteCount: max(bytes, 8), alignment: 8) }
        deinit { base.deallocate() }
    }

    mutating func removeAll() {
        styles.removeAll(keepingCapacity: true)
        recentStyles.removeAll(keepingCapacity: true)
        removeAllEntries()
    }

    /// Forgets every word, keeping the styles (their indices stay valid).
    private mutating func removeAllEntries() {
        guard count > 0 else { return }
        slots.withUnsafeMutableBufferPointer { $0.update(repeating: 0) }
        used = 0
        count = 0
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

    /// A record's header: style (16 bits), unit count (8), whether offsets follow (8), glyph count (16),
    /// the glyph check (16, ``GlyphCheck/packed``), from the low bits up.
    @inline(__always)
    static func header(style: Int, units: Int, glyphs: Int, offsets: Bool, check: GlyphCheck) -> UInt64 {
        UInt64(style) | UInt64(units) << 16 | (offsets ? 1 << 24 : 0) | UInt64(glyphs) << 32 | UInt64(check.packed) << 48
    }

    /// Whether `count` units at `a` (in a record, 4-byte aligned) and at `b` are equal, compared four at a
    /// time in line: words are a few units long, and a call to `memcmp` for each look-up cost more than
    /// the comparison (3% of a message).
    @inline(__always)
    static func same(_ a: UnsafeRawPointer, _ b: UnsafePointer<UInt16>, count: Int) -> Bool {
        let y = UnsafeRawPointer(b)
        var i = 0
        while i + 4 <= count {
            if a.loadUnaligned(fromByteOffset: 2 * i, as: UInt64.self) != y.loadUnaligned(fromByteOffset: 2 * i, as: UInt64.self) {
                return false
            }
            i += 4
        }
        while i < count {
            if a.load(fromByteOffset: 2 * i, as: UInt16.self) != b[i] { return false }
            i += 1
        }
        return true
    }

    /// Whether a long word (longer than ``Typesetter/longestCachedWord``: a URL, mostly) with this hash is
    /// to be kept: the second time it is shaped, not the first. Most long words come once, and each would
    /// take the record bytes of a dozen short ones (a full table starts again empty); a link forwarded
    /// from chat to chat comes again. A hash is remembered until another with the same low bits
    /// replaces it.
    mutating func admitsLong(_ hash: UInt32) -> Bool {
        let i = Int(hash) & (ShapedWordTable.longSeenCount - 1)
        if longSeen[i] == hash { return true }
        longSeen[i] = hash
        return false
    }

    /// The record of `units` shaped in style `style`, if it is kept (see ``appendGlyphs(of:to:clusterOffset:)``).
    mutating func find(_ units: UnsafeBufferPointer<UInt16>, style: Int, hash: UInt32) -> Int? {
        guard !slots.isEmpty else { return nil }
        lookups += 1
        let mask = slots.count - 1
        let found: Int? = slots.withUnsafeBufferPointer { slots in
            var s = Int(hash) & mask
            while true {
                let slot = slots[s]
                if slot == 0 { return nil }
                if UInt32(truncatingIfNeeded: slot >> 32) == hash {
                    let at = Int(truncatingIfNeeded: slot & 0xFFFF_FFFF) - 1
                    let header = base.loadUnaligned(fromByteOffset: at, as: UInt64.self)
                    if Int(header & 0xFFFF) == style, Int((header >> 16) & 0xFF) == units.count,
                       Self.same(base + at + 8, units.baseAddress!, count: units.count) {
                        return at
                    }
                }
                s = (s + 1) & mask
            }
        }
        if found != nil { hits += 1 }
        return found
    }

    /// Appends the glyphs of record `record` to `target`, adding `clusterOffset` to their clusters.
    ///
    /// `mutating` though it writes nothing: borrowed, the whole table was loaded across the caller's loop
    /// while ``find(_:style:hash:)`` counted hits, and Swift 6.1's release SIL verifier stopped the build.
    mutating func appendGlyphs(of record: Int, to target: inout GlyphBuffer, clusterOffset: Int32) {
        let p = UnsafeRawPointer(base)
        let header = p.loadUnaligned(fromByteOffset: record, as: UInt64.self)
        let n = Int((header >> 32) & 0xFFFF)
        var at = record + 8 + 2 * Int((header >> 16) & 0xFF)
        // Appended one by one (a word is a few glyphs): no zero fill first, and no temporary
        // copied after, whose small memcpy calls cost more than the appends.
        for _ in 0..<n {
            let idAndAdvance = p.loadUnaligned(fromByteOffset: at, as: UInt64.self)
            target.glyphs.append(Glyph(id: UInt32(truncatingIfNeeded: idAndAdvance),
                                       cluster: Int32(p.load(fromByteOffset: at + 8, as: UInt8.self)) &+ clusterOffset,
                                       advance: Float(bitPattern: UInt32(truncatingIfNeeded: idAndAdvance >> 32))))
            at += ShapedWordTable.glyphSize
        }
        guard (header >> 24) & 0xFF != 0 else { return }
        for k in target.count - n..<target.count {
            target.setOffset(k, x: p.loadUnaligned(fromByteOffset: at, as: Float.self),
                             y: p.loadUnaligned(fromByteOffset: at + 4, as: Float.self))
            at += 8
        }
    }

    /// The glyph check of record `record` (see ``find(_:style:hash:)``).
    func check(of record: Int) -> GlyphCheck {
        GlyphCheck(packed: UInt16(truncatingIfNeeded: base.loadUnaligned(fromByteOffset: record, as: UInt64.self) >> 48))
    }

    /// Keeps the glyphs `source[range]` (clusters relative to the word's start) for `units` in `style`,
    /// with their `check`.
    mutating func insert(_ units: UnsafeBufferPointer<UInt16>, style: Int, hash: UInt32, glyphs source: GlyphBuffer,
                         _ range: Range<Int>, check: GlyphCheck) {
        guard !slots.isEmpty, units.count <= ShapedWordTable.longestWord, range.count <= Int(UInt16.max) else { return }
        for k in range where source[k].cluster < 0 || source[k].cluster > Int32(UInt8.max) { return }
        let offsets = range.contains { source[$0].offsetX != 0 || source[$0].offsetY != 0 }
        let size = (8 + 2 * units.count + range.count * (ShapedWordTable.glyphSize + (offsets ? 8 : 0)) + 3) & ~3
        guard size <= recordLimit else { return }
        if count >= capacity || used + size > recordLimit {
            removeAllEntries()  // style indices handed out stay valid
        }
        let at = used
        used += size
        base.storeBytes(of: Self.header(style: style, units: units.count, glyphs: range.count, offsets: offsets, check: check),
                        toByteOffset: at, as: UInt64.self)
        var o = at + 8
        for u in units {
            base.storeBytes(of: u, toByteOffset: o, as: UInt16.self)
            o += 2
        }
        for k in range {
            base.storeBytes(of: source[k].id, toByteOffset: o, as: UInt32.self)
            base.storeBytes(of: source[k].advance, toByteOffset: o + 4, as: Float.self)
            base.storeBytes(of: UInt8(source[k].cluster), toByteOffset: o + 8, as: UInt8.self)
            o += ShapedWordTable.glyphSize
        }
        if offsets {
            for k in range {
                base.storeBytes(of: source[k].offsetX, toByteOffset: o, as: Float.self)
                base.storeBytes(of: source[k].offsetY, toByteOffset: o + 4, as: Float.self)
                o += 8
            }
        }
        count += 1
        let mask = slots.count - 1
        var s = Int(hash) & mask
        while slots[s] != 0 { s = (s + 1) & mask }
        slots[s] = UInt64(hash) << 32 | UInt64(at + 1)
    }
}
