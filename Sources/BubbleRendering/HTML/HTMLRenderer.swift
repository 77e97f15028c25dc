public import BubbleFonts
public import BubbleMapping
public import BubbleTypesetting

/// Renders a layout as an HTML fragment a browser draws with Bubble's lines: a `<style>` (the fonts
/// and `HTMLStylesheet`) and one `<div class="bubble">`.
///
/// Mentions are `nowrap` spans; a URL Bubble broke inside is `nowrap` pieces joined by `<wbr>` (and
/// starts after a `<br>` when Bubble moved it to a line of its own); catalog emoji and stickers are
/// `<img>` of the catalog size; links are `<a>` for http and https only (`data-link` is the index in
/// the JSON's `links`); highlights are background spans; a run in a face the browser's own fallback
/// would not pick is a span that names it first. Every piece of text is escaped; there is no
/// script, no event attribute, and `style` attributes hold only Bubble's own numbers and validated colors.
public struct HTMLRenderer: Sendable {
    /// The bubble's max width, padding included, px.
    package var maxWidth: Double
    package var padding: EdgeInsets
    package var fontSize: Double
    package var emojiAlign: PlaceholderAlignment
    /// Font files are loaded from here, by file name; nil: from their paths (`file://`, for local checks).
    package var fontBaseURL: String?
    /// Catalog images are loaded from here (`BASE/NAME.png` for a token, `BASE/IMAGE` for a sticker);
    /// nil: embedded as `data:` URIs.
    package var assetBaseURL: String?
    /// The color emoji face, for catalog emoji embedded as data URIs.
    package var emojiFace: FontFace?
    /// Reads a catalog image by its catalog path (only inside the catalog's folder).
    package var catalogImage: @Sendable (String) -> [UInt8]?

    public init(maxWidth: Double, padding: EdgeInsets, fontSize: Double, emojiAlign: PlaceholderAlignment = .center,
                fontBaseURL: String? = nil, assetBaseURL: String? = nil, emojiFace: FontFace? = nil,
                catalogImage: @escaping @Sendable (String) -> [UInt8]? = { _ in nil }) {
        self.maxWidth = maxWidth
        self.padding = padding
        self.fontSize = fontSize
        self.emojiAlign = emojiAlign
        self.fontBaseURL = fontBaseURL
        self.assetBaseURL = assetBaseURL
        self.emojiFace = emojiFace
        self.catalogImage = catalogImage
    }

    /// The fragment: `<style>…</style>` then `<div class="bubble">…</div>`, one line each.
    public func render(_ layout: BubbleLayout) -> String {
        let faces = usedFaces(layout.shaped)
        var out = "<style>\n" + fontFaceRules(faces) + HTMLStylesheet.rules + "\n</style>\n"
        var names: [String] = []
        for entry in faces where !names.contains(entry.family) { names.append(entry.family) }
        let families = names.map { "\"" + $0 + "\"" }.joined(separator: ",")
        let p = layout.padding
        out += "<div class=\"bubble\" data-lines=\"\(layout.lineLayout.lines.count)\" style=\"--bubble-width:"
            + HTMLText.px(layout.size.width) + ";--bubble-max-width:"
            + HTMLText.px(maxWidth) + ";--bubble-padding:" + [p.top, p.right, p.bottom, p.left].map(HTMLText.px).joined(separator: " ")
            + ";--bubble-font-size:" + HTMLText.px(layout.jumbo ? layout.shaped.style.fontSize : fontSize)  // jumbo emoji: scaled
            + ";--bubble-fonts:" + HTMLText.escaped(families) + "\">"
        out += body(layout, faces: faces)
        out += "</div>\n"
        return out
    }
}
