package import BubbleRendering
import BubbleFonts

extension BubbleEngine {
    /// Lays out any message and renders it as an HTML fragment a browser draws with Bubble's lines
    /// (``/BubbleRendering/HTMLRenderer``). Bad input gets the same errors as ``layout(_:options:)``.
    /// - Parameters:
    ///   - message: the message, in any of its formats.
    ///   - options: merged over the engine's defaults (nil: the defaults).
    ///   - fontBaseURL: where the browser loads font files, by file name (nil: `local()` names, then `file://` paths).
    ///   - assetBaseURL: where it loads catalog images (nil: `data:` URIs).
    public func html(_ message: Message, options: BubbleOptions? = nil, fontBaseURL: String? = nil,
                     assetBaseURL: String? = nil) throws(BubbleError) -> String {
        let plan = try plan(for: options)
        return htmlRenderer(plan, fontBaseURL: fontBaseURL, assetBaseURL: assetBaseURL).render(try layout(message, plan: plan))
    }

    /// The renderer for a plan's options: its width, padding, font size and emoji alignment, the chain's
    /// color emoji face, and catalog images read from the catalog's own folder.
    package func htmlRenderer(_ plan: LayoutPlan, fontBaseURL: String? = nil, assetBaseURL: String? = nil) -> HTMLRenderer {
        let o = plan.options
        let images = CatalogImages(catalogPath: o.given.catalog ?? BubbleEngine.defaultCatalogPath)
        return HTMLRenderer(maxWidth: o.maxWidth, padding: o.padding.insets, fontSize: o.fontSize,
                            emojiAlign: o.emojiAlign, fontBaseURL: fontBaseURL, assetBaseURL: assetBaseURL,
                            emojiFace: plan.chain.faces.first { $0.hasPNGGlyphs || $0.isColor },
                            catalogImage: { name in images.bytes(of: name) })
    }
}
