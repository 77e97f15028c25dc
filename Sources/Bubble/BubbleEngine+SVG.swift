package import BubbleRendering
import BubbleFonts
import FoundationEssentials

extension BubbleEngine {
    /// Lays out one plain-text message and renders it as a standalone SVG document.
    ///
    /// `theme` and `debug` come from the options; glyph paths are cached in the engine across calls.
    public func svg(text: String, options: BubbleOptions? = nil) throws(BubbleError) -> String {
        try svg(Message(text: text), options: options)
    }

    /// Like ``svg(text:options:)`` for a message given as bytes (UTF-8, or repaired with `invalidUTF8: replace`).
    public func svg(utf8 bytes: [UInt8], format: Message.Format = .text, options: BubbleOptions? = nil) throws(BubbleError) -> String {
        try svg(Message(utf8: bytes, format: format), options: options)
    }

    /// Lays out any message (text, spans, markup) and renders it as SVG.
    public func svg(_ message: Message, options: BubbleOptions? = nil) throws(BubbleError) -> String {
        let plan = try plan(for: options)
        return svgRenderer(plan).render(try layout(message, plan: plan))
    }

    /// The renderer for a plan's options: its theme, the chain's color emoji face, and catalog
    /// images read from the catalog's own folder (never a path from a message).
    package func svgRenderer(_ plan: LayoutPlan) -> SVGRenderer {
        let o = plan.options
        let images = CatalogImages(catalogPath: o.given.catalog ?? BubbleEngine.defaultCatalogPath)
        return SVGRenderer(theme: SVGTheme(o.given.theme), debug: o.debug, glyphs: glyphPaths,
                           emojiFace: plan.chain.faces.first { $0.hasPNGGlyphs || $0.isColor },
                           catalogImage: { name in images.bytes(of: name) })
    }
}

extension SVGTheme {
    /// The theme the options ask for: `style` picks incoming (default) or outgoing defaults, and
    /// each given color and the corner radius go over them.
    package init(_ theme: Theme?) {
        let style = theme?.style.flatMap(SVGTheme.Style.init(rawValue:)) ?? .incoming
        self.init(style: style, text: theme?.text, link: theme?.link, bubble: theme?.bubble,
                  highlight: theme?.highlight, cornerRadius: theme?.cornerRadius)
    }
}

/// Reads catalog images: files named by the catalog, relative to the catalog file's folder, and
/// only inside it (`..`, absolute paths and symlinks out of the folder are refused).
///
/// The folder is resolved when an image is read, not when a renderer is made: resolving symlinks is a
/// system call per path component, and most messages draw no catalog image (an SVG or HTML call paid it
/// for every message).
struct CatalogImages: Sendable {
    let catalogPath: String

    init(catalogPath: String) {
        self.catalogPath = catalogPath
    }

    /// The catalog file's folder, symlinks resolved.
    var folder: URL {
        URL(fileURLWithPath: catalogPath).deletingLastPathComponent().standardizedFileURL.resolvingSymlinksInPath()
    }

    /// The bytes of `name` (`images/party.svg`), or nil when it is outside the folder or unreadable.
    func bytes(of name: String) -> [UInt8]? {
        guard !name.isEmpty, !name.contains("\\"), name.utf8.count < 4096 else { return nil }
        let folder = folder
        // The mapper hands over catalog paths already resolved against the folder; a relative one is
        // resolved here. Either way the file must lie inside the catalog's folder.
        let given = name.hasPrefix("/") ? URL(fileURLWithPath: name) : folder.appendingPathComponent(name)
        let url = given.standardizedFileURL.resolvingSymlinksInPath()
        let base = folder.path.hasSuffix("/") ? folder.path : folder.path + "/"
        guard url.path.hasPrefix(base), let data = FileManager.default.contents(atPath: url.path) else { return nil }
        return [UInt8](data)
    }
}
