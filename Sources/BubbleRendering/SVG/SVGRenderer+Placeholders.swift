import BubbleFonts
import BubbleMapping
import BubbleTypesetting
import FoundationEssentials

extension SVGRenderer {
    /// Draws each inline box: a catalog image embedded as a data URI, a catalog emoji from the
    /// color emoji face, or (an image span, or anything unavailable) a neutral rounded box.
    func drawPlaceholders(_ layout: BubbleLayout, scene: inout SVGScene, into body: inout SVGWriter) {
        let n = SVGWriter.number
        var shaper: Shaper?
        for box in layout.emoji where box.kind != .unicode {
            let r = box.rect
            if box.kind == .token, let image = box.image,
               let id = scene.catalogImage(image, dataURI: { catalogDataURI(image) }, width: r.width, height: r.height) {
                body.element("use", ["href": "#" + id, "x": n(r.x), "y": n(r.y)])
                continue
            }
            if box.kind == .token, let unicode = box.unicode, let face = emojiFace {
                if shaper == nil { shaper = Shaper() }
                if drawEmoji(unicode, face: face, in: r, shaper: shaper!, scene: &scene, into: &body) { continue }
            }
            body.element("rect", ["x": n(r.x), "y": n(r.y), "width": n(r.width), "height": n(r.height),
                                  "rx": n(min(4, r.width / 4, r.height / 4)), "fill": "#C7C7CC", "fill-opacity": "0.6"])
        }
    }

    /// A `data:` URI of catalog image `name`, typed by its bytes (SVG, PNG, JPEG, GIF, WebP); nil if
    /// it cannot be read or is none of those.
    func catalogDataURI(_ name: String) -> String? {
        guard let bytes = catalogImage(name), !bytes.isEmpty else { return nil }
        let mime: String
        if bytes.starts(with: [0x89, 0x50, 0x4E, 0x47]) { mime = "image/png" }
        else if bytes.starts(with: [0xFF, 0xD8, 0xFF]) { mime = "image/jpeg" }
        else if bytes.starts(with: Array("GIF8".utf8)) { mime = "image/gif" }
        else if bytes.count > 12, bytes.starts(with: Array("RIFF".utf8)), Array(bytes[8..<12]) == Array("WEBP".utf8) { mime = "image/webp" }
        else if name.lowercased().hasSuffix(".svg") { mime = "image/svg+xml" }
        else { return nil }
        return "data:" + mime + ";base64," + Data(bytes).base64EncodedString()
    }

    /// Shapes `unicode` with the color emoji face and fits its glyphs, centered, into `rect`.
    /// - Returns: false when the face draws nothing for it.
    private func drawEmoji(_ unicode: String, face: FontFace, in rect: Rect, shaper: Shaper,
                           scene: inout SVGScene, into body: inout SVGWriter) -> Bool {
        let units = Array(unicode.utf16)
        var glyphs = GlyphBuffer()
        let em = GlyphPathCache.unitsPerEm
        units.withUnsafeBufferPointer {
            _ = shaper.shape($0, run: 0..<units.count, as: ShapingRequest(face: face, size: em, script: 0x5A79_7979, rightToLeft: false),
                         into: &glyphs)
        }
        // Ink box of the drawn glyphs, at 1 em = 100 units, y down from the baseline.
        var uses: [(id: String, x: Double, y: Double)] = []
        var x0 = Double.infinity, y0 = Double.infinity, x1 = -Double.infinity, y1 = -Double.infinity
        var pen = 0.0
        for k in 0..<glyphs.count {
            let gx = pen + Double(glyphs[k].offsetX), gy = -Double(glyphs[k].offsetY)
            pen += Double(glyphs[k].advance)
            guard let id = scene.define(glyphs[k].id, face: face) else { continue }
            uses.append((id, gx, gy))
            if case let .image(_, ix, iy, w, h) = scene.cache.drawing(face: face, glyph: glyphs[k].id) {
                x0 = min(x0, gx + ix); y0 = min(y0, gy + iy); x1 = max(x1, gx + ix + w); y1 = max(y1, gy + iy + h)
            } else {
                x0 = min(x0, gx); y0 = min(y0, gy - em * 0.8); x1 = max(x1, gx + Double(glyphs[k].advance)); y1 = max(y1, gy + em * 0.2)
            }
        }
        guard !uses.isEmpty, x1 > x0, y1 > y0 else { return false }
        let k = min(rect.width / (x1 - x0), rect.height / (y1 - y0))
        let dx = rect.x + (rect.width - (x1 - x0) * k) / 2 - x0 * k
        let dy = rect.y + (rect.height - (y1 - y0) * k) / 2 - y0 * k
        let n = SVGWriter.number
        body.open("g", ["transform": "translate(" + n(dx) + " " + n(dy) + ") scale(" + SVGWriter.scale(k) + ")"])
        for use in uses { body.element("use", ["href": "#" + use.id, "x": n(use.x), "y": n(use.y)]) }
        body.close("g")
        return true
    }

    /// Line boxes and baselines (outlined), link and emoji hit rects (translucent fills).
    func drawDebugOverlay(_ layout: BubbleLayout, into body: inout SVGWriter) {
        let n = SVGWriter.number
        let left = layout.padding.left, top = layout.padding.top
        body.open("g", ["fill": "none", "stroke-width": "0.5"])
        for line in layout.lineLayout.lines {
            body.element("rect", ["x": n(left + line.x), "y": n(top + line.top), "width": n(line.width), "height": n(line.height),
                                  "stroke": "#007AFF"])
            body.element("path", ["d": "M" + n(left + line.x) + " " + n(top + line.baseline) + "H" + n(left + line.x + line.width),
                                  "stroke": "#FF3B30"])
        }
        body.close("g")
        body.open("g", ["fill-opacity": "0.25"])
        for box in layout.links {
            for r in box.rects {
                body.element("rect", ["x": n(r.x), "y": n(r.y), "width": n(r.width), "height": n(r.height), "fill": "#34C759"])
            }
        }
        for box in layout.emoji {
            let r = box.rect
            body.element("rect", ["x": n(r.x), "y": n(r.y), "width": n(r.width), "height": n(r.height), "fill": "#FF9500"])
        }
        body.close("g")
        drawFurnitureOverlay(layout, into: &body)
    }
}
