import BubbleFonts
public import BubbleMapping
import BubbleTypesetting

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
                               language: o.language.flatMap(LanguageTag.normalized))
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
