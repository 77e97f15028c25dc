import BubbleFonts
import BubbleMapping
import BubbleTypesetting

/// What one set of options means for every message laid out under it, worked out once: the options
/// merged over the engine's defaults and checked, the catalog and its mapper, the font chain, the
/// paragraph style, the constraints, the padding and the `more` link.
///
/// Make one with ``BubbleEngine/plan(for:)`` and lay out any number of messages with it: options are
/// resolved and validated once, not once per message.
package final class LayoutPlan: Sendable {
    /// The options merged over the engine's defaults, each default filled in.
    package let options: ResolvedOptions
    let catalog: LoadedCatalog
    let mapper: Mapper
    let chain: FallbackChain
    let style: ParagraphStyle
    let padding: EdgeInsets
    /// The bubble's max width, padding included (the first of `widths`, when given).
    let width: Double
    /// The constraints at ``width``.
    let constraints: LayoutConstraints
    /// Where a tap on the truncation token leads, when the token has a safe URL.
    let moreURL: String?
    /// The jumbo emoji factors, when `jumboEmoji` is on.
    let jumboScale: JumboEmojiScale?
    /// Least touch target size, px (0: no touch rects).
    let minTouchSize: Double
    /// The bubble widths of ``BubbleEngine/layouts(_:plan:)``: `widths`, or `maxWidth` alone.
    package let widths: [Double]
    /// The lines shown when a long plain-text message may be laid out from a prefix of it
    /// (``BubbleEngine/layoutOfPrefix(_:_:)``: `maxLines`, and no option that needs the whole text),
    /// else 0. Worked out once per plan, so no message reads the options again.
    let prefixLines: Int
    /// `maxMessageLength`, bytes.
    let maxMessageLength: Int
    /// The Map and Shape options as the shaped-message cache keys them, hashed once.
    let stageOptions: ShapedTextCache.StageOptions
    /// Whether a link-map key holds white space (then no prefix of a long message stands for it).
    private let linkMapKeysHoldWhiteSpace: Bool

    /// - Parameter sharing: a plan whose Map and Shape options are these ones' (the caller knows: options
    ///   that set none of them, merged over that plan's): its mapper (the compiled link map) and cache
    ///   options are used, not made again.
    convenience init(_ given: BubbleOptions, catalog: LoadedCatalog, chain: FallbackChain, sharing base: LayoutPlan? = nil) {
        self.init(ResolvedOptions(given), catalog: catalog, chain: chain, sharing: base)
    }

    /// - Parameter sharing: as above.
    init(_ o: ResolvedOptions, catalog: LoadedCatalog, chain: FallbackChain, sharing base: LayoutPlan? = nil) {
        let given = o.given
        options = o
        self.catalog = catalog
        self.chain = chain
        padding = o.padding.insets
        width = given.widths?.values.first ?? o.maxWidth
        mapper = base?.mapper ?? Mapper(catalog: catalog.catalog, options: MappingOptions(
            linkify: o.linkify, linkMap: given.linkMap ?? [:], emojiSize: given.emojiSize, emojiAlign: given.emojiAlign,
            offsets: o.offsets, invalidUTF8: o.invalidUTF8, maxMessageLength: o.maxMessageLength, catalog: nil,
            linkRules: given.linkRules?.rules ?? [], faceFamilies: o.faceFamilies))
        stageOptions = base?.stageOptions ?? ShapedTextCache.StageOptions(o)
        style = ParagraphStyle(fontSize: o.fontSize, direction: o.direction, emojiSize: given.emojiSize,
                               emojiAlign: o.emojiAlign, truncationToken: given.truncationToken?.text ?? o.ellipsis,
                               language: given.language.flatMap(LanguageTag.normalized), tabSize: o.tabSize,
                               maxMarksPerCluster: o.maxMarksPerCluster, fontFallback: o.fontFallback)
        var c = LayoutConstraints(maxWidth: max(width - padding.left - padding.right, 0))
        c.maxLines = o.maxLines
        c.lineSpacing = o.lineSpacing
        c.paragraphSpacing = o.paragraphSpacing
        c.firstLineIndent = o.firstLineIndent
        c.alignment = o.alignment
        c.lineMetrics = o.lineMetrics
        c.lineBreaking = o.lineBreaking
        c.pageHeight = given.pageHeight
        c.atomicLinks = o.atomicLinks
        c.keepTrailingBreaks = o.keepTrailingBreaks
        c.inkAllowanceAbove = padding.top
        c.inkAllowanceBelow = padding.bottom
        c.statusSlot = given.statusSlot
        c.statusGap = o.statusGap
        c.balance = o.balance
        switch given.lineHeight {
        case .multiple(let m)?: c.lineHeight = .multiple(m)
        case .pixels(let px)?: c.lineHeight = .pixels(px)
        case nil: break
        }
        constraints = c
        moreURL = given.truncationToken?.url.flatMap { LinkTarget.sanitize($0) }
        jumboScale = o.jumboEmoji ? o.jumboEmojiScale : nil
        minTouchSize = o.minTouchSize
        widths = given.widths?.values ?? [width]
        linkMapKeysHoldWhiteSpace = base?.linkMapKeysHoldWhiteSpace ?? Mapper.keysHoldWhiteSpace(o.given.linkMap ?? [:])
        let needsWholeText = o.given.pageHeight != nil || o.balance || o.given.linkRules != nil || linkMapKeysHoldWhiteSpace
        prefixLines = needsWholeText ? 0 : max(o.maxLines, 0)
        maxMessageLength = o.maxMessageLength
    }

    /// The constraints at another bubble width.
    func constraints(width: Double) -> LayoutConstraints {
        guard width != self.width else { return constraints }
        var c = constraints
        c.maxWidth = max(width - padding.left - padding.right, 0)
        return c
    }
}
