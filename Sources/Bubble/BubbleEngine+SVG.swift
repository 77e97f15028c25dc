public import BubbleRendering
import BubbleFonts
import Foundation

extension BubbleEngine {
    /// Lays out one plain-text message and renders it as a standalone SVG document.
    ///
    /// `theme` and `debug` come from the options; glyph paths are cached in the engine across calls.
    public func svg(text: String, options: BubbleOptions? = nil) throws(BubbleError) -> String {
        let o = try resolve(options)
        return try svgRenderer(o).render(layout(text: text, options: o))
    }

    /// Like ``svg(text:options:)`` for a message given as bytes (UTF-8, or repaired with `invalidUTF8: replace`).
    public func svg(utf8 bytes: some Collection<UInt8>, options: BubbleOptions? = nil) throws(BubbleError) -> String {
        let o = try resolve(options)
        return try svg(text: try BubbleEngine.decodeUTF8(bytes, o), options: o)
    }

    /// The renderer for resolved options `o`: its theme, the chain's color emoji face, and catalog
    /// images read from the catalog's own folder (never a path from a message).
    public func svgRenderer(_ o: BubbleOptions) throws(BubbleError) -> SVGRenderer {
        let chain = try chain(for: o.fonts ?? FallbackChain.defaultFamilies)
        let images = o.catalog.map { CatalogImages(catalogPath: $0) }
        return SVGRenderer(theme: SVGTheme(o.theme), debug: o.debug ?? false, glyphs: glyphPaths,
                           emojiFace: chain.faces.first { $0.hasPNGGlyphs || $0.isColor },
                           catalogImage: { name in images?.bytes(of: name) })
    }
}

extension SVGTheme {
    /// The theme the options ask for: `style` picks incoming (default) or outgoing defaults, and
    /// each given color and the corner radius go over them.
    public init(_ theme: Theme?) {
        let style = theme?.style.flatMap(SVGTheme.Style.init(rawValue:)) ?? .incoming
        self.init(style: style, text: theme?.text, link: theme?.link, bubble: theme?.bubble,
                  highlight: theme?.highlight, cornerRadius: theme?.cornerRadius)
    }
}

/// Reads catalog images: files named by the catalog, relative to the catalog file's folder, and
/// only inside it (`..`, absolute paths and symlinks out of the folder are refused).
struct CatalogImages: Sendable {
    let folder: URL

    init(catalogPath: String) {
        folder = URL(fileURLWithPath: catalogPath).deletingLastPathComponent().standardizedFileURL.resolvingSymlinksInPath()
    }

    /// The bytes of `name` (`images/party.svg`), or nil when it is outside the folder or unreadable.
    func bytes(of name: String) -> [UInt8]? {
        guard !name.isEmpty, !name.hasPrefix("/"), !name.contains("\\"), name.utf8.count < 512 else { return nil }
        let url = folder.appendingPathComponent(name).standardizedFileURL.resolvingSymlinksInPath()
        let base = folder.path.hasSuffix("/") ? folder.path : folder.path + "/"
        guard url.path.hasPrefix(base), let data = FileManager.default.contents(atPath: url.path) else { return nil }
        return [UInt8](data)
    }
}
