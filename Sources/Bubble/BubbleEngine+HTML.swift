public import BubbleRendering
import BubbleFonts

extension BubbleEngine {
    /// Lays out any message and renders it as an HTML fragment a browser draws with Bubble's lines
    /// (``HTMLRenderer``). Bad input gets the same errors as ``layout(_:options:)``.
    /// - Parameters:
    ///   - fontBaseURL: where the browser loads font files, by file name (nil: `local()` names, then `file://` paths).
    ///   - assetBaseURL: where it loads catalog images (nil: `data:` URIs).
    public func html(_ message: Message, options: BubbleOptions? = nil, fontBaseURL: String? = nil,
                     assetBaseURL: String? = nil) throws(BubbleError) -> String {
        let o = try resolve(options)
        return try htmlRenderer(o, fontBaseURL: fontBaseURL, assetBaseURL: assetBaseURL).render(layout(message, options: o))
    }

    /// The renderer for resolved options `o`.
    public func htmlRenderer(_ o: BubbleOptions, fontBaseURL: String? = nil, assetBaseURL: String? = nil) throws(BubbleError) -> HTMLRenderer {
        let chain = try chain(for: o.fonts ?? FallbackChain.defaultFamilies)
        let images = CatalogImages(catalogPath: o.catalog ?? BubbleEngine.defaultCatalogPath)
        return HTMLRenderer(maxWidth: o.maxWidth ?? 280, padding: o.resolvedPadding, fontSize: o.fontSize ?? 16,
                            emojiAlign: o.emojiAlign ?? .center, fontBaseURL: fontBaseURL, assetBaseURL: assetBaseURL,
                            emojiFace: chain.faces.first { $0.hasPNGGlyphs || $0.isColor },
                            catalogImage: { name in images.bytes(of: name) })
    }
}
