import BubbleFonts
import BubbleMapping
import BubbleTypesetting
import FoundationEssentials

extension HTMLRenderer {
    /// The bubble's content: text, spans, links and images, in the mapped text's order; `faces` are
    /// ``usedFaces(_:)``, as the fragment's `@font-face` rules give them.
    func body(_ layout: BubbleLayout, faces: [UsedFace]) -> String {
        let shaped = layout.shaped
        let mapped = shaped.mapped
        let text = mapped.text
        let end = layout.lineLayout.truncated ? layout.lineLayout.visibleEnd : text.count
        let breaks = HTMLBreaks(layout)
        let links = mapped.links.map { $0.range.lowerBound.utf16..<$0.range.upperBound.utf16 }
        let visibleLinks = links.indices.filter { links[$0].overlaps(0..<layout.lineLayout.visibleEnd) }
        var placeholderAt: [Int: Int] = [:]
        for (k, p) in shaped.placeholders.enumerated() { placeholderAt[p.placeholder.index.utf16] = k }

        var cuts: Set<Int> = [0, end]
        for r in links + breaks.nowrap { cuts.insert(r.lowerBound); cuts.insert(r.upperBound) }
        for h in mapped.highlights { cuts.insert(h.range.lowerBound.utf16); cuts.insert(h.range.upperBound.utf16) }
        for s in mapped.styles { cuts.insert(s.range.lowerBound.utf16); cuts.insert(s.range.upperBound.utf16) }
        for k in placeholderAt.keys { cuts.insert(k); cuts.insert(k + 1) }
        // A block quote is a block (class quote: the bar and the indent); the line feeds around it are the
        // block's edges, so they are not written (a browser would add an empty line for the one after it).
        let quotes = mapped.quotes.map { $0.lowerBound.utf16..<$0.upperBound.utf16 }
        var dropped: Set<Int> = []
        for q in quotes {
            cuts.insert(q.lowerBound); cuts.insert(q.upperBound)
            if q.lowerBound > 0, text[q.lowerBound - 1] == 0x0A { cuts.insert(q.lowerBound - 1); dropped.insert(q.lowerBound - 1) }
            if q.upperBound < text.count, text[q.upperBound] == 0x0A { cuts.insert(q.upperBound + 1); dropped.insert(q.upperBound) }
        }
        // Line feeds the mapper put around a `pre` block where the message had none: written as <br>, so
        // the fragment's text is the message's own (what a reader copies, and what a client counts).
        var inserted: Set<Int> = []
        for k in text.indices where text[k] == 0x0A && mapped.sourceRange(MappedIndex(k)..<MappedIndex(k + 1), in: .utf16).isEmpty {
            inserted.insert(k); cuts.insert(k); cuts.insert(k + 1)
        }
        // Pinned stretches are spans inside the segments, not cuts between them: a cut inside a `nowrap`
        // range (`@韩梅梅`, the `@` DejaVu Sans's) would be a break opportunity between two spans.
        let pins = pinnedRuns(shaped, faces: faces)
        var pinCursor = 0
        var openQuote: Int?
        cuts.formUnion(breaks.wordBreaks)
        cuts.formUnion(breaks.lineBreaks)
        let points = cuts.filter { $0 >= 0 && $0 <= end }.sorted()

        var out = ""
        var openLink: (end: Int, tag: String)?
        for (a, b) in zip(points, points.dropFirst()) where a < b {
            if let open = openLink, a >= open.end { out += "</" + open.tag + ">"; openLink = nil }
            if let end = openQuote, a >= end { out += "</div>"; openQuote = nil }
            if openQuote == nil, let q = quotes.first(where: { $0.lowerBound == a }) { out += "<div class=\"quote\">"; openQuote = q.upperBound }
            if b == a + 1, dropped.contains(a) { continue }
            if b == a + 1, inserted.contains(a) { out += "<br>"; continue }
            if breaks.lineBreaks.contains(a) {
                out += "<br>"
                // With `unicode-bidi: plaintext` Chromium starts a new bidi paragraph after a <br>, whose
                // direction the URL after it would make left to right: a right-to-left mark keeps the
                // paragraph's own direction, and so its alignment (a left-to-right one needs none).
                if shaped.paragraphs.first(where: { $0.range.contains(a) })?.baseLevel == 1 {
                    out += "<span class=\"bidi-mark\">\u{200F}</span>"
                }
            }
            if breaks.wordBreaks.contains(a) { out += "<wbr>" }
            if openLink == nil, let k = links.firstIndex(where: { $0.lowerBound <= a && a < $0.upperBound }) {
                let link = mapped.links[k]
                let index = visibleLinks.firstIndex(of: k) ?? k
                if let href = HTMLRenderer.webURL(link.target) {
                    out += "<a href=\"" + HTMLText.escaped(href) + "\" data-link=\"\(index)\">"
                    openLink = (links[k].upperBound, "a")
                } else {
                    out += "<span class=\"\(link.kind == .mention ? "mention" : "link")\" data-link=\"\(index)\">"
                    openLink = (links[k].upperBound, "span")
                }
            }
            let nowrap = breaks.nowrap.contains { $0.lowerBound <= a && b <= $0.upperBound }
            if b == a + 1, let k = placeholderAt[a] {
                var img = image(shaped.placeholders[k])
                // An image in text of another size or family sits in a span of that font, as Bubble
                // measures it: `vertical-align` follows that font, and the span's strut is in the line.
                let font = textStyle(at: a..<b, in: mapped).map(fontStyle) ?? ""
                if !font.isEmpty { img = "<span style=\"" + font + "\">" + img + "</span>" }
                // Chromium reads the break after an image from the image's own style.
                out += nowrap ? "<span class=\"nowrap\">" + img + "</span>" : img
                continue
            }
            while pinCursor < pins.count && pins[pinCursor].range.upperBound <= a { pinCursor += 1 }
            out += segment(a..<b, text: text, mapped: mapped, nowrap: nowrap, pins: pins[pinCursor...].prefix { $0.range.lowerBound < b })
        }
        if let open = openLink { out += "</" + open.tag + ">" }
        if openQuote != nil { out += "</div>" }
        if layout.lineLayout.truncated {
            let token = HTMLText.escaped(ArraySlice(shaped.token.text))
            if let more = layout.links.last(where: { $0.link.kind == .more }), let href = HTMLRenderer.webURL(more.link.target) {
                out += "<a class=\"token\" href=\"" + HTMLText.escaped(href) + "\" data-link=\"\(layout.links.count - 1)\">" + token + "</a>"
            } else {
                out += "<span class=\"token\">" + token + "</span>"
            }
        }
        return out
    }

    /// The CSS of a style's font: its size, and its family (`code` and `pre` too): the face's own
    /// @font-face family first (CSS compares family names without case), then the bubble's list, so
    /// what it lacks falls back as in Bubble.
    private func fontStyle(_ s: TextStyle) -> String {
        var css = ""
        if let size = s.fontSize, size.isFinite, size > 0 { css += "font-size:" + HTMLText.px(size) + ";" }
        if let family = s.faceFamily { css += "font-family:'" + HTMLRenderer.family(named: family) + "',var(--bubble-fonts);" }
        return css
    }

    /// The style over `r`, if any (the innermost: the mapper lists styles outer to inner).
    private func textStyle(at r: Range<Int>, in mapped: MappedText) -> TextStyle? {
        mapped.styles.last(where: { $0.range.lowerBound.utf16 <= r.lowerBound && r.upperBound <= $0.range.upperBound.utf16 })?.style
    }

    /// A stretch of text with one style: plain, or a span with Bubble's classes and validated colors.
    /// Where `pins` (``pinnedRuns(_:faces:)``) cover it, a span names the face Bubble drew that text
    /// with first in its `font-family`, inside the style's span: a style that sets a font keeps that
    /// span's primary font, a strut Bubble counts in the line, and a `nowrap` span stays one span.
    private func segment(_ r: Range<Int>, text: [UInt16], mapped: MappedText, nowrap: Bool,
                         pins: some Collection<(range: Range<Int>, family: String)>) -> String {
        var classes: [String] = nowrap ? ["nowrap"] : []
        var style = ""
        let s = textStyle(at: r, in: mapped)
        let font = s.map(fontStyle) ?? ""
        let then = (s?.faceFamily).map { "'" + HTMLRenderer.family(named: $0) + "'," } ?? ""
        var content = ""
        var at = r.lowerBound
        var whole: String?  // the one family pinned over all of `r`
        for pin in pins {
            let piece = max(pin.range.lowerBound, r.lowerBound)..<min(pin.range.upperBound, r.upperBound)
            let family = "font-family:'" + pin.family + "'," + then + "var(--bubble-fonts);"
            if piece == r && font.isEmpty { whole = family; break }
            content += HTMLText.escaped(text[at..<piece.lowerBound])
            content += "<span style=\"" + family + "\">" + HTMLText.escaped(text[piece]) + "</span>"
            at = piece.upperBound
        }
        if whole == nil { content += HTMLText.escaped(text[at..<r.upperBound]) } else { content = HTMLText.escaped(text[r]) }
        if let s {
            if s.bold { classes.append("bold") }
            if s.italic { classes.append("italic") }
            if s.underline { classes.append("underline") }
            if s.strikethrough { classes.append("strike") }
            if let c = HTMLText.safeColor(s.color) { style += "color:" + c + ";" }
            style += font
        }
        if let h = mapped.highlights.last(where: { $0.range.lowerBound.utf16 <= r.lowerBound && r.upperBound <= $0.range.upperBound.utf16 }) {
            classes.append("highlight")
            if let c = HTMLText.safeColor(h.backgroundColor) { style += "background-color:" + c + ";" }
            if let c = HTMLText.safeColor(h.textColor) { style += "color:" + c + ";" }
        }
        if let whole { style += whole }
        if classes.isEmpty && style.isEmpty { return content }
        var open = "<span"
        if !classes.isEmpty { open += " class=\"" + classes.joined(separator: " ") + "\"" }
        if !style.isEmpty { open += " style=\"" + style + "\"" }
        return open + ">" + content + "</span>"
    }

    /// An inline box as `<img>` of its laid-out size, aligned by class (or by its explicit descent).
    private func image(_ p: ResolvedPlaceholder) -> String {
        let height = p.ascent + p.descent
        var src = HTMLRenderer.blankImage(width: p.width, height: height)
        var alt = ""
        switch p.placeholder.content {
        case let .token(name, unicode, image):
            alt = "[" + name + "]"
            if let base = assetBaseURL {
                let b = base.hasSuffix("/") ? base : base + "/"
                src = HTMLText.escaped(b + (image.map { $0.split(separator: "/").last.map(String.init) ?? $0 } ?? name + ".png"))
            } else if let image, let uri = catalogDataURI(image) {
                src = uri
            } else if let unicode, let uri = emojiDataURI(unicode) {
                src = uri
            }
        case let .image(source):
            if let url = HTMLRenderer.webURL(source) { src = HTMLText.escaped(url) }
        }
        var tag = "<img src=\"" + src + "\" alt=\"" + HTMLText.escaped(alt) + "\" width=\"" + HTMLText.px(p.width).dropLast(2)
            + "\" height=\"" + HTMLText.px(height).dropLast(2) + "\""
        if p.placeholder.ascent != nil || p.placeholder.descent != nil {
            tag += " style=\"vertical-align:" + HTMLText.px(-p.descent) + "\""
        } else {
            tag += " class=\"emoji-" + (p.placeholder.alignment ?? emojiAlign).rawValue + "\""
        }
        return tag + ">"
    }

    /// `target` when it is an http or https URL (after Bubble's link sanitizing), else nil.
    static func webURL(_ target: String) -> String? {
        guard let url = LinkTarget.sanitize(target) else { return nil }
        let lower = url.lowercased()
        return lower.hasPrefix("http://") || lower.hasPrefix("https://") ? url : nil
    }

    /// A transparent SVG of the box's size: keeps the box when no image is available.
    static func blankImage(width: Double, height: Double) -> String {
        "data:image/svg+xml,%3Csvg xmlns=%22http://www.w3.org/2000/svg%22 width=%22" + HTMLText.px(width).dropLast(2)
            + "%22 height=%22" + HTMLText.px(height).dropLast(2) + "%22/%3E"
    }

    /// A catalog image as a `data:` URI typed by its bytes.
    func catalogDataURI(_ name: String) -> String? {
        guard let bytes = catalogImage(name), !bytes.isEmpty else { return nil }
        let mime: String
        if bytes.starts(with: [0x89, 0x50, 0x4E, 0x47]) { mime = "image/png" }
        else if bytes.starts(with: [0xFF, 0xD8, 0xFF]) { mime = "image/jpeg" }
        else if bytes.starts(with: Array("GIF8".utf8)) { mime = "image/gif" }
        else if name.lowercased().hasSuffix(".svg") { mime = "image/svg+xml" }
        else { return nil }
        return "data:" + mime + ";base64," + Data(bytes).base64EncodedString()
    }

    /// The color emoji face's PNG of a one-glyph emoji, as a `data:` URI.
    func emojiDataURI(_ unicode: String) -> String? {
        guard let face = emojiFace else { return nil }
        let units = Array(unicode.utf16)
        var glyphs = GlyphBuffer()
        units.withUnsafeBufferPointer {
            _ = Shaper().shape($0, run: 0..<units.count, as: ShapingRequest(face: face, size: 64, script: 0x5A79_7979, rightToLeft: false), into: &glyphs)
        }
        guard glyphs.count == 1, let png = face.pngImage(glyph: glyphs[0].id, size: 64) else { return nil }
        return "data:image/png;base64," + Data(png.png).base64EncodedString()
    }
}
