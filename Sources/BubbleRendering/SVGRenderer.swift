public import BubbleFonts
import BubbleMapping
public import BubbleTypesetting

/// Renders a layout as a standalone SVG: glyph outlines (no fonts needed to view it), color emoji
/// as embedded PNGs, catalog stickers as embedded images, links colored and underlined.
///
/// The document is the bubble's size in CSS px (`width`, `height`, `viewBox` from
/// `BubbleLayout/size`), top-left origin. Each glyph is defined once in `<defs>` at
/// `GlyphPathCache/unitsPerEm` units per em and drawn with `<use transform="translate(x y) scale(s)">`,
/// so a long message stays small. Safe to show anywhere: text is escaped, colors are checked, no
/// script, no event attributes, no external references (`<a href>` only for http/https links).
/// Output is deterministic: numbers rounded to 2 decimals (scale factors to 4), ids in first-use order.
public struct SVGRenderer: Sendable {
    public var theme: SVGTheme
    /// Draw line boxes, baselines, and link and emoji hit rects over the bubble.
    public var debug: Bool
    /// Glyph paths shared across messages.
    public var glyphs: GlyphPathCache
    /// A color emoji face for catalog tokens that stand for a Unicode emoji but have no image.
    public var emojiFace: FontFace?
    /// The bytes of a catalog image, given its path as the catalog names it (`images/party.svg`);
    /// nil when unavailable. Only catalog images reach it: image spans are never resolved.
    package var catalogImage: @Sendable (String) -> [UInt8]?

    public init(theme: SVGTheme = SVGTheme(), debug: Bool = false, glyphs: GlyphPathCache = .shared,
                emojiFace: FontFace? = nil, catalogImage: @escaping @Sendable (String) -> [UInt8]? = { _ in nil }) {
        self.theme = theme
        self.debug = debug
        self.glyphs = glyphs
        self.emojiFace = emojiFace
        self.catalogImage = catalogImage
    }

    /// The SVG document of `layout`.
    public func render(_ layout: BubbleLayout) -> String {
        let (head, defs, tail) = document(layout)
        // Only the parts written here are checked as UTF-8; `defs` is already a String.
        var svg = String(decoding: head, as: UTF8.self)
        svg.reserveCapacity(head.count + defs.utf8.count + tail.count)
        svg += defs
        svg += String(decoding: tail, as: UTF8.self)
        return svg
    }

    /// ``render(_:)`` as UTF-8 bytes, for callers that send them on as they are.
    public func renderUTF8(_ layout: BubbleLayout) -> [UInt8] {
        var (svg, defs, tail) = document(layout)
        svg.reserveCapacity(svg.count + defs.utf8.count + tail.count)
        svg.append(utf8: defs)
        svg.append(contentsOf: tail)
        return svg
    }

    /// The document in three parts: up to and including `<defs>` (or `<title>…</title>` when
    /// nothing is defined), the markup inside `<defs>`, and from `</defs>` to the final newline.
    private func document(_ layout: BubbleLayout) -> (head: [UInt8], defs: String, tail: [UInt8]) {
        let n = SVGWriter.number
        let width = layout.size.width, height = layout.size.height
        var scene = SVGScene(cache: glyphs)
        var body = SVGWriter(capacity: 4096)

        let radius = max(min(theme.cornerRadius, width / 2, height / 2), 0)
        body.element("rect", ["width": n(width), "height": n(height), "rx": n(radius), "fill": theme.bubble])
        drawHighlights(layout, into: &body)
        drawQuoteBars(layout, into: &body)
        drawText(layout, into: &scene)
        drawUnderlines(layout, into: &scene)
        for (key, content) in scene.layers {
            switch key {
            case let .color(color):
                body.open("g", ["fill": color]); body.raw(content.bytes); body.close("g")
            case let .link(index):
                let target = layout.links[index].link.target
                let web = SVGRenderer.isWebLink(target)
                if web { body.open("a", ["href": target]) }
                body.open("g", ["fill": theme.link]); body.raw(content.bytes); body.close("g")
                if web { body.close("a") }
            }
        }
        drawPlaceholders(layout, scene: &scene, into: &body)
        if debug { drawDebugOverlay(layout, into: &body) }

        var head = SVGWriter(capacity: 512)
        head.open("svg", ["xmlns": "http://www.w3.org/2000/svg", "width": n(width), "height": n(height),
                          "viewBox": "0 0 " + n(width) + " " + n(height)])
        head.open("title"); SVGRenderer.appendTitle(layout.message, to: &head.bytes); head.close("title")  // the whole message, on every path
        var tail = SVGWriter(capacity: body.bytes.count + 16)
        if !scene.defs.isEmpty { head.open("defs"); tail.close("defs") }
        tail.raw(body.bytes)
        tail.close("svg")
        tail.bytes.append(0x0A)
        return (head.bytes, scene.defs, tail.bytes)
    }

    /// Whether `target` may be an `<a href>`: an http or https URL (case-insensitive scheme).
    static func isWebLink(_ target: String) -> Bool {
        let lower = target.prefix(8).lowercased()
        return lower.hasPrefix("http://") || lower.hasPrefix("https://")
    }

    /// Appends the `<title>` text, escaped: the message as people read it, the mapped text with each
    /// placeholder shown as its `[name]` (an image placeholder as nothing).
    static func appendTitle(_ mapped: MappedText, to out: inout [UInt8]) {
        mapped.text.withUnsafeBufferPointer { text in
            var start = 0
            for p in mapped.placeholders where p.index.utf16 >= start && p.index.utf16 < text.count {
                SVGWriter.appendEscaped(utf16: UnsafeBufferPointer(rebasing: text[start..<p.index.utf16]), to: &out)
                switch p.content {
                case let .token(name, _, _):
                    out.append(0x5B)
                    SVGWriter.appendEscaped(name, to: &out)
                    out.append(0x5D)
                case .image: break
                }
                start = p.index.utf16 + 1
            }
            SVGWriter.appendEscaped(utf16: UnsafeBufferPointer(rebasing: text[start...]), to: &out)
        }
    }

    // MARK: text

    private func drawHighlights(_ layout: BubbleLayout, into body: inout SVGWriter) {
        let n = SVGWriter.number
        for box in layout.highlights {
            let fill = box.highlight.backgroundColor.flatMap(SVGTheme.sanitizedColor) ?? theme.highlight
            for r in box.rects {
                body.element("rect", ["x": n(r.x), "y": n(r.y), "width": n(r.width), "height": n(r.height), "fill": fill])
            }
        }
    }

    /// Every glyph of every line, pen positions from the fragments (visual order) and HarfBuzz offsets.
    private func drawText(_ layout: BubbleLayout, into scene: inout SVGScene) {
        let shaped = layout.shaped
        let lines = layout.lineLayout
        let count = shaped.count
        // What colors each unit of the mapped text: a link (index) or a highlight's text color.
        var linkAt = [Int32](repeating: -1, count: count)
        var moreLink: Int?
        for (i, box) in layout.links.enumerated() {
            if box.link.kind == .more {
                if !box.link.target.isEmpty { moreLink = i }
                continue
            }
            for u in box.range.clamped(to: 0..<count) { linkAt[u] = Int32(i) }
        }
        var highlightColorAt: [String?] = []
        if layout.highlights.contains(where: { $0.highlight.textColor != nil }) {
            highlightColorAt = Array(repeating: nil, count: count)
            for box in layout.highlights {
                guard let c = box.highlight.textColor.flatMap(SVGTheme.sanitizedColor) else { continue }
                for u in box.range.clamped(to: 0..<count) { highlightColorAt[u] = c }
            }
        }
        let styleColors = shaped.styles.map { $0.color.flatMap(SVGTheme.sanitizedColor) }
        let left = layout.padding.left, top = layout.padding.top
        var metricsByFace: [Pair: DecorationMetrics] = [:]
        func decorationMetrics(_ face: FontFace, _ size: Double) -> DecorationMetrics {
            let key = Pair(face: ObjectIdentifier(face), size: size)
            if let known = metricsByFace[key] { return known }
            let made = face.decorationMetrics(size: size)
            metricsByFace[key] = made
            return made
        }

        for line in lines.lines {
            let baseline = top + line.baseline
            for f in line.fragments {
                let fragment = lines.fragments[f]
                switch fragment.kind {
                case let .glyphs(runIndex, _):
                    let run = shaped.runs[runIndex]
                    guard let face = shaped.face(of: run) else { continue }
                    let plain = SVGScene.LayerKey.color(styleColors[run.style] ?? theme.text)
                    let style = shaped.styles[run.style]
                    // Underline and strikethrough: one stroke per stretch of glyphs of one color.
                    var decoration = (style.underline || style.strikethrough)
                        ? Decoration(style: style, metrics: decorationMetrics(face, run.fontSize),
                                     lineTop: top + line.top, lineBottom: top + line.top + line.height, baseline: baseline)
                        : nil
                    for placed in lines.glyphs(of: fragment, originX: left) {
                        let glyph = placed.glyph, cluster = placed.cluster
                        let key: SVGScene.LayerKey
                        if cluster < count, linkAt[cluster] >= 0 {
                            key = .link(Int(linkAt[cluster]))
                        } else if cluster < highlightColorAt.count, let c = highlightColorAt[cluster] {
                            key = .color(c)
                        } else {
                            key = plain
                        }
                        let x = placed.x
                        scene.glyph(glyph.id, face: face, x: x + Double(glyph.offsetX), baseline: baseline - Double(glyph.offsetY),
                                    size: run.fontSize, layer: key)
                        decoration?.add(key, from: x, to: x + placed.advance, into: &scene)
                    }
                    decoration?.flush(into: &scene)
                case let .token(runIndex, _):
                    let token = shaped.token
                    let run = token.runs[runIndex]
                    guard let face = token.face(of: run) else { continue }
                    let key = moreLink.map(SVGScene.LayerKey.link) ?? .color(theme.text)
                    for placed in lines.glyphs(of: fragment, originX: left) {
                        scene.glyph(placed.glyph.id, face: face, x: placed.x + Double(placed.glyph.offsetX),
                                    baseline: baseline - Double(placed.glyph.offsetY), size: run.fontSize, layer: key)
                    }
                case .placeholder:
                    continue  // drawn from the emoji boxes
                }
            }
        }
    }

    /// An underline under each rect of each link (a `more` token only when it has a URL), in the link's layer.
    private func drawUnderlines(_ layout: BubbleLayout, into scene: inout SVGScene) {
        let n = SVGWriter.number
        let size = layout.shaped.style.fontSize
        let thickness = max(1, (size / 16).rounded())
        let top = layout.padding.top
        for (i, box) in layout.links.enumerated() where box.link.kind != .more || !box.link.target.isEmpty {
            for (r, lineIndex) in zip(box.rects, box.rectLines) {
                let line = layout.lineLayout.lines[lineIndex]
                let y = top + line.baseline + max(size * 0.1, thickness)
                scene.append(to: .link(i)) {
                    $0.element("rect", ["x": n(r.x), "y": n(y), "width": n(r.width), "height": n(thickness)])
                }
            }
        }
    }
}
