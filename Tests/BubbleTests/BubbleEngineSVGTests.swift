import Bubble
import Foundation
import Testing

@Suite struct BubbleEngineSVGTests {
    static let engine = try! BubbleEngine()

    @Test func theEngineRendersWithTheThemeFromTheOptions() throws {
        var options = BubbleOptions()
        options.theme = Theme(style: "outgoing")
        let svg = try Self.engine.svg(text: "Hello", options: options)
        #expect(svg.hasPrefix("<svg xmlns=\"http://www.w3.org/2000/svg\""))
        #expect(svg.contains("fill=\"#0B84FF\""))
        #expect(svg.contains("<g fill=\"#FFFFFF\">"))
    }

    @Test func debugAddsTheOverlay() throws {
        var options = BubbleOptions()
        options.debug = true
        let plain = try Self.engine.svg(text: "Hello")
        let debug = try Self.engine.svg(text: "Hello", options: options)
        #expect(!plain.contains("#FF3B30"))
        #expect(debug.contains("stroke=\"#FF3B30\""))
    }

    @Test func glyphPathsAreCachedInTheEngineAcrossMessages() throws {
        // An engine of its own: the suite's other tests draw with the shared one in parallel.
        let engine = try BubbleEngine()
        _ = try engine.svg(text: "cache me")
        let count = engine.glyphPaths.count
        _ = try engine.svg(text: "cache")
        #expect(engine.glyphPaths.count == count)
    }
}

/// Underline and strikethrough from entities and markup, drawn in the SVG with the face's own metrics,
/// over the styled glyphs only, inside the bubble; the HTML gets the same through CSS.
@Suite struct DecorationDrawingTests {
    static let engine = try! BubbleEngine()
    static let entities = #"{"text": "plain struck under both", "entities": [{"type": "strikethrough", "offset": 6, "length": 6}, "#
        + #"{"type": "underline", "offset": 13, "length": 5}, {"type": "underline", "offset": 19, "length": 4}, "#
        + #"{"type": "strikethrough", "offset": 19, "length": 4}]}"#
    static let markup = "plain <s>struck</s> <u>under</u> <u><s>both</s></u>"

    /// The `<rect>`s that are strokes (the bubble's own rect has `rx`).
    static func strokes(_ svg: String) -> [(x: Double, y: Double, width: Double, height: Double)] {
        let pattern = try! NSRegularExpression(pattern: #"<rect x="([-\d.]+)" y="([-\d.]+)" width="([\d.]+)" height="([\d.]+)"/>"#)
        return pattern.matches(in: svg, range: NSRange(svg.startIndex..., in: svg)).map { m in
            let v = (1...4).map { Double(svg[Range(m.range(at: $0), in: svg)!])! }
            return (v[0], v[1], v[2], v[3])
        }
    }

    @Test func strokesSitWhereTheFontSaysOverTheStyledGlyphs() throws {
        let bytes = Array(Self.entities.utf8)
        let layout = try Self.engine.layout(utf8: bytes, format: .entities)
        let svg = try Self.engine.svg(utf8: bytes, format: .entities)
        let strokes = Self.strokes(svg)
        #expect(strokes.count == 4, "\(strokes)")
        let m = layout.shaped.primaryFace.decorationMetrics(size: layout.shaped.style.fontSize)
        let line = try #require(layout.lineLayout.lines.first)
        let baseline = layout.padding.top + line.baseline
        let struck = try #require(layout.rects(of: 6..<12).first), under = try #require(layout.rects(of: 13..<18).first)
        let both = try #require(layout.rects(of: 19..<23).first)
        func near(_ a: Double, _ b: Double) -> Bool { abs(a - b) <= 0.01 }
        func has(_ r: Rect, y: Double, thickness: Double) -> Bool {
            strokes.contains { near($0.x, r.x) && near($0.width, r.width) && near($0.y, y) && near($0.height, thickness) }
        }
        let underY = baseline - m.underlineOffset, strikeY = baseline - m.strikeoutOffset
        #expect(has(struck, y: strikeY, thickness: m.strikeoutThickness), "\(strokes) \(struck) \(m)")
        #expect(has(under, y: underY, thickness: m.underlineThickness))
        #expect(has(both, y: underY, thickness: m.underlineThickness) && has(both, y: strikeY, thickness: m.strikeoutThickness))
        #expect(strikeY < baseline && underY > baseline)
        // Inside the bubble the layout reported.
        #expect(strokes.allSatisfy { $0.x >= 0 && $0.y >= 0 && $0.x + $0.width <= layout.size.width && $0.y + $0.height <= layout.size.height })
        // Markup's <s> and <u> mean the same: the same drawing.
        #expect(try Self.engine.svg(utf8: Array(Self.markup.utf8), format: .markup) == svg)
        // Without the styles, no strokes.
        #expect(Self.strokes(try Self.engine.svg(text: "plain struck under both")).isEmpty)
    }

    @Test func htmlDrawsThemThroughCSS() throws {
        let html = try Self.engine.html(Message(markup: Self.markup))
        #expect(html.contains(#"<span class="strike">struck</span>"#), "\(html)")
        #expect(html.contains(#"<span class="underline">under</span>"#))
        #expect(html.contains(#"<span class="underline strike">both</span>"#))
        #expect(html.contains(".bubble .strike{text-decoration:line-through}"))
    }
}
