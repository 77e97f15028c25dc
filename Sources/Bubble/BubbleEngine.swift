import BubbleFonts
import BubbleUnicode
public import BubbleMapping
public import BubbleTypesetting
import FoundationEssentials

/// Bubble's front door: options in, layouts out, fonts and typesetters kept for reuse.
///
/// Thread-safe: fonts and the catalog are shared; each call borrows a ``/BubbleTypesetting/Typesetter`` (which owns
/// ICU iterators and a HarfBuzz buffer) from a pool, so calls run in parallel.
public final class BubbleEngine: @unchecked Sendable {
    /// Options every call starts from.
    public let defaults: BubbleOptions

    /// Glyph paths for SVG, shared by every message this engine renders.
    package let glyphPaths: GlyphPathCache
    /// The caps of what the engine keeps between calls.
    public let limits: EngineLimits

    let chains: FontChains
    /// Where this engine's calls borrow typesetters: the chains' own, or their second set for an engine
    /// made by ``withTypesettersApart()``.
    let pool: TypesetterPool
    let catalogs: Catalogs
    /// The plan of ``defaults``, worked out once: a call without options derives nothing.
    private let defaultPlan: LayoutPlan
    /// ``defaults`` merged over ``BubbleOptions/standard``, once: a call's options are merged over it.
    private let resolvedDefaults: BubbleOptions
    /// ``fontFingerprint``, once made.
    let fingerprintBox = LazyText()
    /// The faces of the default chain, in fallback order.
    var defaultFontFaces: [FontFace] { chains.defaultChain.faces }
    /// The chain of the engine's default `fonts` (tests count what it keeps).
    package var defaultChain: FallbackChain { chains.defaultChain }

    /// Most shaped words each worker keeps (0: no word cache).
    package var shapeCacheCapacity: Int { pool.shapeCacheCapacity }

    /// An engine with the default ``EngineLimits`` but its word cache's capacity.
    /// - Parameter options: the defaults every call's options merge over, checked here.
    /// - Parameter catalog: a catalog built in memory, used instead of Bubble's own when the options name
    ///   no `catalog` path (benchmarks and tests size every token without writing a file).
    /// - Parameter shapeCacheCapacity: most shaped words each worker keeps (see ``/BubbleTypesetting/ShapeCache``); 0 turns
    ///   the word cache off.
    public convenience init(options: BubbleOptions = BubbleOptions(), catalog: EmojiCatalog? = nil,
                            shapeCacheCapacity: Int) throws(BubbleError) {
        var limits = EngineLimits()
        limits.shapedWords = shapeCacheCapacity
        try self.init(options: options, catalog: catalog, limits: limits)
    }

    /// Loads the default fonts (a missing family is an error naming its Debian package).
    /// - Parameter options: the defaults every call's options merge over, checked here.
    /// - Parameter catalog: a catalog built in memory, used instead of Bubble's own when the options name
    ///   no `catalog` path.
    /// - Parameter limits: the caps of the font chains, catalogs, glyph paths and word caches it keeps.
    public init(options: BubbleOptions = BubbleOptions(), catalog: EmojiCatalog? = nil,
                limits: EngineLimits = EngineLimits()) throws(BubbleError) {
        if case .unusable(let why) = ICU.breakDictionaries { throw BubbleError(code: "unusable_dictionaries", message: why) }
        try options.validate()
        defaults = options
        self.limits = limits
        glyphPaths = GlyphPathCache(capacity: limits.glyphPaths, bytes: limits.glyphPathBytes)
        catalogs = Catalogs(inMemory: catalog, capacity: limits.catalogs)
        chains = try FontChains(defaultFamilies: options.fonts ?? FallbackChain.defaultFamilies, capacity: limits.fontChains,
                                shapeCacheCapacity: limits.shapedWords)
        defaultPlan = LayoutPlan(options, catalog: try catalogs.catalog(at: options.catalog), chain: chains.defaultChain)
        pool = chains.typesetters
        resolvedDefaults = defaultPlan.options.full
    }

    /// An engine sharing this one's defaults, fonts, catalogs, glyph paths and plans, with typesetters
    /// of its own (one set per engine and its copies: every engine made by this call shares one).
    ///
    /// For work that should not touch the word caches of the calls that matter most: a server lays out
    /// expensive requests (long messages, font sizes nobody else uses) with it, so their words neither
    /// evict the words of the chat traffic's typesetters nor stay in them, and
    /// ``releaseIdleTypesetters()`` on it lets go of its typesetters alone.
    package func withTypesettersApart() -> BubbleEngine { BubbleEngine(sharing: self, pool: chains.typesettersApart) }

    private init(sharing other: BubbleEngine, pool: TypesetterPool) {
        defaults = other.defaults
        limits = other.limits
        glyphPaths = other.glyphPaths
        catalogs = other.catalogs
        chains = other.chains
        defaultPlan = other.defaultPlan
        resolvedDefaults = other.resolvedDefaults
        self.pool = pool
    }

    /// Lays out one plain-text message.
    public func layout(text: String, options: BubbleOptions?) throws(BubbleError) -> BubbleLayout {
        try layout(Message(text: text), options: options)
    }

    /// Lays out one plain-text message with the engine's options, under the plan made when the engine
    /// was (no options to merge or copy).
    public func layout(text: String) throws(BubbleError) -> BubbleLayout {
        try layout(Message(text: text), plan: defaultPlan)
    }

    /// Lays out a message given as bytes, which must be UTF-8 (or are repaired, with `invalidUTF8: replace`).
    public func layout(utf8 bytes: [UInt8], format: Message.Format = .text, options: BubbleOptions? = nil) throws(BubbleError) -> BubbleLayout {
        try layout(Message(utf8: bytes, format: format), options: options)
    }

    /// Lays out a message: plain text, spans or markup, with its own link map and highlights.
    @inline(__always)  // a layout is large: each call level it passes through would copy it
    public func layout(_ message: Message, options: BubbleOptions? = nil) throws(BubbleError) -> BubbleLayout {
        try layout(message, plan: try plan(for: options))
    }

    /// Lays out a message under a plan made by ``plan(for:)``.
    @inline(__always)  // a layout is large: each call level it passes through would copy it
    package func layout(_ message: Message, plan: LayoutPlan) throws(BubbleError) -> BubbleLayout {
        if mayLayOutPrefix(message, plan) { return try layoutOfLong(message, plan) }
        return report(try shape(map(message, plan), plan), plan, width: plan.width)
    }

    /// What `body` makes of the layout of `message` under `plan`, the layout's arrays given back to the
    /// typesetter when `body` returns, for the next message to fill: for a caller that writes the layout
    /// out and drops it (a batch line, the JSON or tokens of a C or Python call). `body` must not keep it.
    package func withLayout<Answer>(_ message: Message, plan: LayoutPlan,
                                    _ body: (borrowing BubbleLayout) -> Answer) throws(BubbleError) -> Answer {
        if mayLayOutPrefix(message, plan) { return body(try layoutOfLong(message, plan)) }
        let worker = try pool.borrow(plan.chain)
        defer { pool.giveBack(worker) }
        let layout = report(shape(try map(message, plan), plan, by: worker), plan, width: plan.width)
        let answer = body(layout)
        worker.typesetter.recycle((consume layout).lineLayout)
        return answer
    }

    /// The Map stage alone, as ``layout(_:options:)`` runs it (the options' catalog, link map, units):
    /// the mapped text, placeholders, links and offset map, with no shaping. For benchmarks and tools.
    public func mapped(_ message: Message, options: BubbleOptions? = nil) throws(BubbleError) -> MappedText {
        try map(message, try plan(for: options))
    }

    /// Shapes once and lays the message out at each width: what a server does for several screens.
    public func layouts(_ message: Message, widths: [Double], options: BubbleOptions? = nil) throws(BubbleError) -> [BubbleLayout] {
        let plan = try plan(for: options)
        return reports(try shape(map(message, plan), plan), plan, widths: widths)
    }

    /// The catalog the options name (or Bubble's own), loaded once per path.
    package func catalog(for o: BubbleOptions) throws(BubbleError) -> LoadedCatalog {
        try catalogs.catalog(at: o.catalog)
    }

    /// Bubble's own catalog: `$BUBBLE_CATALOG`, else `Emoji/catalog.json` of the source tree.
    package static var defaultCatalogPath: String { Catalogs.defaultPath }

    /// The plan for `options` merged over the engine's defaults, checked once (nil: the defaults'
    /// plan, worked out at start). Lay out many messages with one plan through ``layout(_:plan:)``.
    package func plan(for options: BubbleOptions?) throws(BubbleError) -> LayoutPlan {
        guard let options else { return defaultPlan }
        let o = try resolve(options)
        let chain = try chains.chain(for: o.given.fonts ?? FallbackChain.defaultFamilies)
        return LayoutPlan(o, catalog: try catalog(for: o.given), chain: chain)
    }

    /// The plan for `own` merged over `base`'s options: when `own` sets no option the Map or Shape stage
    /// reads, the new plan shares `base`'s mapper and cache key (a message's own `maxWidth` does not
    /// compile its request's link map again).
    /// - Parameter merged: `own` merged over the options `base` was planned for.
    package func plan(for merged: BubbleOptions?, own: BubbleOptions, over base: LayoutPlan) throws(BubbleError) -> LayoutPlan {
        guard own.givenOptions.intersection(OptionTable.beforeLayout).isEmpty else { return try plan(for: merged) }
        guard let merged else { return defaultPlan }
        let o = try resolve(merged)
        let chain = try chains.chain(for: o.given.fonts ?? FallbackChain.defaultFamilies)
        return LayoutPlan(o, catalog: try catalog(for: o.given), chain: chain, sharing: base)
    }

    /// The Map stage.
    func map(_ message: Message, _ plan: LayoutPlan) throws(BubbleError) -> MappedText {
        do { return try plan.mapper.map(message) } catch { throw BubbleError(code: error.code, message: error.message) }
    }

    /// The Typeset stage's width-independent half.
    func shape(_ mapped: consuming MappedText, _ plan: LayoutPlan) throws(BubbleError) -> ShapedText {
        let worker = try pool.borrow(plan.chain)
        defer { pool.giveBack(worker) }
        return shape(mapped, plan, by: worker)
    }

    /// `mapped` shaped by `worker`'s typesetter under `plan`, its jumbo emoji scaled.
    func shape(_ mapped: consuming MappedText, _ plan: LayoutPlan, by worker: TypesetterPool.Worker) -> ShapedText {
        if let jumbo = plan.jumboScale, let n = JumboEmoji.count(in: mapped) {
            return worker.typesetter.shape(mapped, style: plan.style.jumbo(jumbo.factor(for: n)), cache: worker.cache)
        }
        return worker.typesetter.shape(mapped, style: plan.style, cache: worker.cache)
    }

    /// The width-dependent half and the report.
    func report(_ shaped: ShapedText, _ plan: LayoutPlan, width: Double) -> BubbleLayout {
        report(shaped.layOut(plan.constraints(width: width)), plan)
    }

    /// The report of lines laid out under `plan`.
    @inline(__always)
    func report(_ lines: consuming LineLayout, _ plan: LayoutPlan) -> BubbleLayout {
        let names = plan.catalog.names
        return BubbleLayout(lines, padding: plan.padding, truncationURL: plan.moreURL, touchSize: plan.minTouchSize,
                            emojiName: { names[$0] })
    }

    /// `options` merged over the defaults and checked (the defaults were checked when the engine was made).
    func resolve(_ options: BubbleOptions) throws(BubbleError) -> ResolvedOptions {
        try ResolvedOptions(options, over: defaults, resolvedDefaults: resolvedDefaults)
    }

    // MARK: fonts and typesetters

    func chain(for families: [String]) throws(BubbleError) -> FallbackChain {
        try chains.chain(for: families)
    }

    /// What the engine keeps now: chains, faces, typesetters, catalogs, glyph paths.
    public var cacheCounts: EngineCacheCounts {
        EngineCacheCounts(fontChains: chains.count, fontChainEvictions: chains.evictions, fontFaces: FaceStore.shared.count,
                          idleTypesetters: pool.idleCount, catalogs: catalogs.count, glyphPaths: glyphPaths.count,
                          glyphPathBytes: glyphPaths.bytes)
    }

    /// Lets go of every idle typesetter of this engine's pool and the word caches kept for new ones: after a
    /// burst at font sizes nobody asks for again, their word caches are full of words nobody will reuse.
    /// Typesetters in use keep theirs; the next call makes a new one with an empty cache. An engine made
    /// by ``withTypesettersApart()`` and the one it was made from let go of their own.
    package func releaseIdleTypesetters() { pool.releaseIdle() }

    /// The families of the engine's default chain, as its options name them.
    public var defaultFamilies: [String] { chains.defaultFamilies }
}
