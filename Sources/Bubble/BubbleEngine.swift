import BubbleFonts
public import BubbleMapping
public import BubbleTypesetting
import BubbleLock
import FoundationEssentials

/// Bubble's front door: options in, layouts out, fonts and typesetters kept for reuse.
///
/// Thread-safe: fonts and the catalog are shared; each call borrows a ``Typesetter`` (which owns
/// ICU iterators and a HarfBuzz buffer) from a pool, so calls run in parallel.
public final class BubbleEngine: @unchecked Sendable {
    /// Options every call starts from.
    public let defaults: BubbleOptions

    /// Glyph paths for SVG, shared by every message this engine renders.
    public let glyphPaths = GlyphPathCache()

    private let lock = Lock()
    private var chains: [[String]: FallbackChain] = [:]
    private var pool: [ObjectIdentifier: [Worker]] = [:]
    /// Idle workers of the default chain, apart: most calls use it, and an array skips the dictionary.
    private var defaultPool: [Worker] = []
    /// The chain of the default options, resolved once (most calls use it).
    private let defaultChain: FallbackChain
    /// Most shaped words each worker keeps (0: no word cache).
    public let shapeCacheCapacity: Int

    /// A typesetter and what it remembers between messages: one per thread at a time.
    private struct Worker {
        let typesetter: Typesetter
        let cache: ShapeCache
    }
    private var catalogs: [String: LoadedCatalog] = [:]

    /// A catalog given in memory, used whenever the options name no catalog path.
    private let inMemoryCatalog: LoadedCatalog?
    /// The plan of ``defaults``, worked out once: a call without options derives nothing.
    private let defaultPlan: LayoutPlan
    /// ``fontFingerprint``, once made.
    let fingerprintBox = LazyText()
    /// The faces of the default chain, in fallback order.
    var defaultFontFaces: [FontFace] { defaultChain.faces }

    /// Loads the default fonts (a missing family is an error naming its Debian package).
    /// - Parameter catalog: a catalog built in memory, used instead of Bubble's own when the options name
    ///   no `catalog` path (benchmarks and tests size every token without writing a file).
    /// - Parameter shapeCacheCapacity: most shaped words each worker keeps (see ``ShapeCache``); 0 turns
    ///   the word cache off.
    public init(options: BubbleOptions = BubbleOptions(), catalog: EmojiCatalog? = nil,
                shapeCacheCapacity: Int = 1 << 15) throws(BubbleError) {
        try options.validate()
        defaults = options
        inMemoryCatalog = catalog.map(LoadedCatalog.init)
        self.shapeCacheCapacity = shapeCacheCapacity
        // The defaults' catalog, as `catalog(for:)` would resolve it (loaded once, remembered by path).
        let defaultCatalog: LoadedCatalog
        if options.catalog == nil, let inMemory = inMemoryCatalog {
            defaultCatalog = inMemory
        } else {
            let path = options.catalog ?? BubbleEngine.defaultCatalogPath
            defaultCatalog = try BubbleEngine.loadCatalog(path)
            catalogs = [path: defaultCatalog]
        }
        let families = options.fonts ?? FallbackChain.defaultFamilies
        let chain: FallbackChain
        do { chain = try FallbackChain(families: families) } catch { throw BubbleError(error) }
        chains[families] = chain
        defaultChain = chain
        defaultPlan = LayoutPlan(options, catalog: defaultCatalog, chain: chain)
    }

    /// Lays out one plain-text message.
    public func layout(text: String, options: BubbleOptions? = nil) throws(BubbleError) -> BubbleLayout {
        try layout(Message(text: text), options: options)
    }

    /// Lays out a message given as bytes, which must be UTF-8 (or are repaired, with `invalidUTF8: replace`).
    public func layout(utf8 bytes: [UInt8], format: Message.Format = .text, options: BubbleOptions? = nil) throws(BubbleError) -> BubbleLayout {
        try layout(Message(utf8: bytes, format: format), options: options)
    }

    /// Lays out a message: plain text, spans or markup, with its own link map and highlights.
    public func layout(_ message: Message, options: BubbleOptions? = nil) throws(BubbleError) -> BubbleLayout {
        let plan = try plan(options)
        if let cut = try layoutOfPrefix(message, plan) { return cut }
        return report(try shape(map(message, plan), plan), plan, width: plan.width)
    }

    /// Bytes of a long message laid out first when `maxLines` bounds what shows (grows ×4 when short).
    static let firstPrefixBytes = 512

    /// A long plain-text message cut off by `maxLines`: lays out only a prefix of it, so the work stops
    /// near the last visible line (a 1 MB message costs about what a short one does).
    ///
    /// The prefix ends at a space or line break when one is near, so no token, mention or URL is cut.
    /// Its layout is kept only when it is truncated and the last visible line cannot have seen the cut:
    /// a hard break follows it inside the prefix, or more than two lines' width of text does, and no link
    /// runs into the cut. Otherwise the prefix grows, up to the whole message. Nil: lay out the whole.
    func layoutOfPrefix(_ message: Message, _ plan: LayoutPlan) throws(BubbleError) -> BubbleLayout? {
        let o = plan.options
        guard let maxLines = o.maxLines, maxLines > 0, o.pageHeight == nil, o.balance != true,
              message.highlights.isEmpty, case .text(let text) = message.body else { return nil }
        let bytes = text.utf8.count
        guard bytes <= (o.maxMessageLength ?? 65536) else { return nil }  // the full path reports it
        var budget = BubbleEngine.firstPrefixBytes + maxLines * 128
        let textWidth = plan.constraints.maxWidth
        while budget * 2 < bytes {
            let prefix = BubbleEngine.prefix(of: text, bytes: budget)
            let shaped = try shape(map(Message(body: .text(prefix), linkMap: message.linkMap), plan), plan)
            let layout = report(shaped, plan, width: plan.width)
            let lines = layout.lineLayout.lines
            if layout.lineLayout.truncated, let last = lines.last,
               last.paragraph < shaped.paragraphs.count - 1 || shaped.width(last.range.lowerBound..<shaped.count) > 2 * textWidth,
               !(shaped.mapped.links.last.map { $0.range.upperBound.utf16 >= shaped.count } ?? false) {
                return layout
            }
            budget *= 4
        }
        return nil
    }

    /// The first `bytes` UTF-8 bytes of `text`, ended at a space or line break within the last 256
    /// bytes when there is one, else at a scalar boundary before any unclosed `[`.
    static func prefix(of text: String, bytes: Int) -> String {
        let utf8 = text.utf8
        var end = utf8.index(utf8.startIndex, offsetBy: bytes)
        var k = end, steps = 0
        while k > utf8.startIndex && steps < 256 {
            let previous = utf8.index(before: k)
            let byte = utf8[previous]
            if byte == 0x20 || byte == 0x0A { return String(text[..<previous]) }
            k = previous
            steps += 1
        }
        while end > utf8.startIndex && utf8[end] & 0xC0 == 0x80 { end = utf8.index(before: end) }
        k = end
        steps = 0
        while k > utf8.startIndex && steps < 200 {
            let previous = utf8.index(before: k)
            if utf8[previous] == UInt8(ascii: "]") { break }
            if utf8[previous] == UInt8(ascii: "[") { end = previous; break }
            k = previous
            steps += 1
        }
        return String(text[..<end])
    }

    /// The Map stage alone, as ``layout(_:options:)`` runs it (the options' catalog, link map, units):
    /// the mapped text, placeholders, links and offset map, with no shaping. For benchmarks and tools.
    public func mapped(_ message: Message, options: BubbleOptions? = nil) throws(BubbleError) -> MappedText {
        try map(message, try plan(options))
    }

    /// Shapes once and lays the message out at each width: what a server does for several screens.
    public func layouts(_ message: Message, widths: [Double], options: BubbleOptions? = nil) throws(BubbleError) -> [BubbleLayout] {
        let plan = try plan(options)
        let shaped = try shape(map(message, plan), plan)
        return widths.map { report(shaped, plan, width: $0) }
    }

    /// The catalog the options name (or Bubble's own), loaded once per path.
    public func catalog(for o: BubbleOptions) throws(BubbleError) -> LoadedCatalog {
        if o.catalog == nil, let inMemoryCatalog { return inMemoryCatalog }
        let path = o.catalog ?? BubbleEngine.defaultCatalogPath
        lock.lock()
        if let c = catalogs[path] { lock.unlock(); return c }
        lock.unlock()
        let loaded = try BubbleEngine.loadCatalog(path)
        lock.lock()
        defer { lock.unlock() }
        catalogs[path] = loaded
        return loaded
    }

    /// Bubble's own catalog: `$BUBBLE_CATALOG`, else the one beside the executable (see ``DataLocation``).
    /// Resolved once per process (it is looked at on every layout).
    public static var defaultCatalogPath: String { DataLocation.catalogPath }

    /// Loads the catalog at `path`; a missing default catalog says where Bubble looked.
    static func loadCatalog(_ path: String) throws(BubbleError) -> LoadedCatalog {
        do { return LoadedCatalog(try EmojiCatalog(contentsOf: path)) } catch {
            var message = error.message
            if case .unreadableCatalog = error, path == DataLocation.catalogPath {
                message += " (\(DataLocation.missingCatalogHint))"
            }
            throw BubbleError(code: error.code, message: message)
        }
    }

    /// The mapping options of `o` (the catalog is passed apart, already loaded).
    static func mappingOptions(_ o: BubbleOptions) -> MappingOptions {
        MappingOptions(linkify: o.linkify ?? true, linkMap: o.linkMap ?? [:], emojiSize: o.emojiSize,
                       emojiAlign: o.emojiAlign, offsets: o.offsets ?? .utf16,
                       invalidUTF8: o.invalidUTF8 ?? .error,
                       maxMessageLength: o.maxMessageLength ?? 65536, catalog: nil,
                       maxWidth: (o.maxWidth ?? 280) - o.resolvedPadding.left - o.resolvedPadding.right)
    }

    /// The plan for `options` (nil: the engine's defaults, worked out once).
    func plan(_ options: BubbleOptions?) throws(BubbleError) -> LayoutPlan {
        guard let options else { return defaultPlan }
        let o = try resolve(options)
        let families = o.fonts ?? FallbackChain.defaultFamilies
        let chain: FallbackChain
        if families == (defaults.fonts ?? FallbackChain.defaultFamilies) {
            chain = defaultChain
        } else {
            chain = try self.chain(for: families)
        }
        return LayoutPlan(o, catalog: try catalog(for: o), chain: chain)
    }

    /// The Map stage.
    func map(_ message: Message, _ plan: LayoutPlan) throws(BubbleError) -> MappedText {
        do { return try plan.mapper.map(message) } catch { throw BubbleError(code: error.code, message: error.message) }
    }

    /// The Typeset stage's width-independent half.
    func shape(_ mapped: consuming MappedText, _ plan: LayoutPlan) throws(BubbleError) -> ShapedText {
        let worker = try borrow(plan.chain)
        defer { giveBack(worker) }
        return worker.typesetter.shape(mapped, style: plan.style, cache: worker.cache)
    }

    /// The width-dependent half and the report.
    func report(_ shaped: ShapedText, _ plan: LayoutPlan, width: Double) -> BubbleLayout {
        var lines = shaped.layOut(plan.constraints(width: width))
        if plan.options.balance == true { lines = shaped.balanced(lines) }
        let names = plan.catalog.names
        return BubbleLayout(lines, padding: plan.padding, truncationURL: plan.moreURL, emojiName: { names[$0] })
    }

    func resolve(_ options: BubbleOptions?) throws(BubbleError) -> BubbleOptions {
        guard let options else { return defaults }
        let merged = options.merged(over: defaults)
        try merged.validate()
        return merged
    }

    // MARK: fonts and typesetters

    func chain(for families: [String]) throws(BubbleError) -> FallbackChain {
        lock.lock()
        if let chain = chains[families] { lock.unlock(); return chain }
        lock.unlock()
        let chain: FallbackChain
        do { chain = try FallbackChain(families: families) } catch { throw BubbleError(error) }
        lock.lock()
        defer { lock.unlock() }
        if let existing = chains[families] { return existing }
        chains[families] = chain
        return chain
    }

    private func borrow(_ chain: FallbackChain) throws(BubbleError) -> Worker {
        lock.lock()
        if chain === defaultChain, let w = defaultPool.popLast() { lock.unlock(); return w }
        if chain !== defaultChain, let w = pool[ObjectIdentifier(chain)]?.popLast() { lock.unlock(); return w }
        lock.unlock()
        do { return Worker(typesetter: try Typesetter(fonts: chain), cache: ShapeCache(capacity: shapeCacheCapacity)) } catch {
            throw BubbleError(error)
        }
    }

    /// Forgets every shaped word of every idle worker (fonts and per-character tables stay).
    public func removeAllShapedWords() {
        lock.lock()
        defer { lock.unlock() }
        for workers in pool.values + [defaultPool] { for w in workers { w.cache.removeAllWords() } }
    }

    /// Word-cache look-ups and hits over the idle workers, since they were made.
    public var shapedWordStatistics: (lookups: Int, hits: Int) {
        lock.lock()
        defer { lock.unlock() }
        var lookups = 0, hits = 0
        for workers in pool.values + [defaultPool] { for w in workers { lookups += w.cache.lookups; hits += w.cache.hits } }
        return (lookups, hits)
    }

    private func giveBack(_ worker: Worker) {
        lock.lock()
        if worker.typesetter.fonts === defaultChain {
            defaultPool.append(worker)
        } else {
            pool[ObjectIdentifier(worker.typesetter.fonts), default: []].append(worker)
        }
        lock.unlock()
    }
}

/// An emoji catalog with its reverse index (emoji sequence → first name), built once per catalog.
public struct LoadedCatalog: Sendable {
    public let catalog: EmojiCatalog
    /// The catalog name of each Unicode emoji sequence (the first entry naming it: English before Chinese).
    public let names: [String: String]

    init(_ catalog: EmojiCatalog) {
        self.catalog = catalog
        var names: [String: String] = [:]
        for entry in catalog.entries {
            guard let unicode = entry.unicode, names[unicode] == nil else { continue }
            names[unicode] = entry.name
            // Text emoji often arrive without VS16 (❤ for ❤️): index that spelling too.
            var bare = unicode
            bare.unicodeScalars.removeAll { $0 == "\u{FE0F}" }  // by scalar: VS16 is inside its Character
            if bare != unicode && names[bare] == nil { names[bare] = entry.name }
        }
        self.names = names
    }
}

extension Optional {
    /// Whether this is `nil`, tested on the tag alone (`== nil` on an `Equatable` wrapped type copies and
    /// compares the whole value).
    @inline(__always)
    var isNone: Bool {
        if case .none = self { return true }
        return false
    }
}

/// What resolved options mean for every message laid out under them, worked out once: the catalog and
/// its mapper, the font chain, the paragraph style, the constraints, the padding and the `more` link.
final class LayoutPlan: Sendable {
    let options: BubbleOptions
    let catalog: LoadedCatalog
    let mapper: Mapper
    let chain: FallbackChain
    let style: ParagraphStyle
    let padding: EdgeInsets
    /// The bubble's max width, padding included (`maxWidth`, default 280).
    let width: Double
    /// The constraints at ``width``.
    let constraints: LayoutConstraints
    /// Where a tap on the truncation token leads, when the token has a safe URL.
    let moreURL: String?

    init(_ o: BubbleOptions, catalog: LoadedCatalog, chain: FallbackChain) {
        options = o
        self.catalog = catalog
        mapper = Mapper(catalog: catalog.catalog, options: BubbleEngine.mappingOptions(o))
        self.chain = chain
        style = ParagraphStyle(fontSize: o.fontSize ?? 16, direction: o.direction ?? .auto, emojiSize: o.emojiSize,
                               emojiAlign: o.emojiAlign ?? .center, truncationToken: o.truncationToken?.text ?? o.ellipsis ?? "…",
                               language: o.language)
        padding = o.resolvedPadding
        width = o.maxWidth ?? 280
        var c = LayoutConstraints(maxWidth: max(width - padding.left - padding.right, 0))
        c.maxLines = o.maxLines ?? 0
        c.lineSpacing = o.lineSpacing ?? 0
        c.paragraphSpacing = o.paragraphSpacing ?? 0
        c.firstLineIndent = o.firstLineIndent ?? 0
        c.alignment = o.alignment ?? .start
        c.pageHeight = o.pageHeight
        switch o.lineHeight {
        case .multiple(let m)?: c.lineHeight = .multiple(m)
        case .pixels(let px)?: c.lineHeight = .pixels(px)
        case nil: break
        }
        constraints = c
        moreURL = o.truncationToken?.url.flatMap { LinkTarget.sanitize($0) }
    }

    /// The constraints at another bubble width.
    func constraints(width: Double) -> LayoutConstraints {
        guard width != self.width else { return constraints }
        var c = constraints
        c.maxWidth = max(width - padding.left - padding.right, 0)
        return c
    }
}
