@testable import Bubble
import Foundation
import Testing

/// `blockquote` entities: a block of their own, lines indented behind a bar and that much narrower, the
/// indent and the bar in the report, the bar in the SVG and the HTML.
@Suite struct BlockQuoteTests {
    static let engine = try! BubbleEngine()
    static let quoted = "I think the new parser is much faster than the old one, try it on the corpus."
    static let text = "Alice wrote: " + quoted + " Agreed!"
    static var entities: String {
        #"{"text": "\#(text)", "entities": [{"type": "blockquote", "offset": 13, "length": \#(quoted.utf16.count)}]}"#
    }

    @Test(arguments: [200.0, 240, 320])
    func quoteLinesAreIndentedAndBreakAsTheNarrowerText(width: Double) throws {
        var o = BubbleOptions()
        o.maxWidth = width
        let layout = try Self.engine.layout(utf8: Array(Self.entities.utf8), format: .entities, options: o)
        let indent = BlockQuote.indent(fontSize: layout.shaped.style.fontSize)
        let q = try #require(layout.quotes.first)
        let lines = layout.lineLayout.lines
        let inside = lines.filter { q.range.contains($0.range.lowerBound) }
        let outside = lines.filter { !q.range.contains($0.range.lowerBound) }
        #expect(!inside.isEmpty && outside.count == 2, "the quote is a block of its own: \(lines.map(\.range))")
        #expect(inside.allSatisfy { abs($0.x - indent) < 1e-9 } && outside.allSatisfy { $0.x == 0 })
        // The quote breaks exactly as its text alone does in a box narrower by the indent.
        var narrower = o
        narrower.maxWidth = width - indent
        let alone = try Self.engine.layout(text: Self.quoted, options: narrower)
        #expect(inside.map { $0.range.count } == alone.lineLayout.lines.map { $0.range.count })
        // The bar: at the start edge, beside the quote's lines, 3 px at 16 px.
        #expect(q.bar == Rect(x: layout.padding.left, y: inside[0].top + layout.padding.top,
                              width: BlockQuote.barWidth(fontSize: 16), height: inside.last!.top + inside.last!.height - inside[0].top))
        #expect(q.indent == indent)
        let json = JSONRenderer().render(layout)
        #expect(json.contains(#""quotes":[{"start":13,"end":\#(13 + Self.quoted.utf16.count),"indent":12,"bar":{"x":12,"#), "\(json)")
        // The SVG draws the bar; the HTML makes the quote a block with the bar and the indent in CSS.
        let svg = try Self.engine.svg(utf8: Array(Self.entities.utf8), format: .entities, options: o)
        let bar = try #require(try NSRegularExpression(pattern: ##"<rect x="12" y="([\d.]+)" width="3" height="([\d.]+)" fill="#0A60C2"/>"##)
            .firstMatch(in: svg, range: NSRange(svg.startIndex..., in: svg)), "no bar in \(svg.prefix(300))")
        let (y, height) = (Double(svg[Range(bar.range(at: 1), in: svg)!])!, Double(svg[Range(bar.range(at: 2), in: svg)!])!)
        #expect(abs(y - q.bar.y) <= 0.01 && abs(height - q.bar.height) <= 0.01)
        let html = try Self.engine.html(Message(utf8: Array(Self.entities.utf8), format: .entities), options: o)
        #expect(html.contains(#"Alice wrote: <div class="quote">I think"#) && html.contains(#"corpus.</div> Agreed!"#), "\(html)")
        #expect(html.contains(".bubble .quote{display:block;border-inline-start:0.1875em solid"))
    }

    @Test func aRightToLeftQuoteHasItsBarOnTheRight() throws {
        let hebrew = "שלום לכולם, זה ציטוט ארוך שצריך לשבור לכמה שורות בבועה"
        let json = #"{"text": "\#(hebrew)", "entities": [{"type": "blockquote", "offset": 0, "length": \#(hebrew.utf16.count)}]}"#
        var o = BubbleOptions()
        o.maxWidth = 220
        let layout = try Self.engine.layout(utf8: Array(json.utf8), format: .entities, options: o)
        let q = try #require(layout.quotes.first)
        #expect(layout.lineLayout.lines.count > 1)
        #expect(abs(q.bar.x + q.bar.width - (layout.size.width - layout.padding.right)) < 1e-9)
        // Every line ends (on the right) an indent before the bubble's text edge.
        for line in layout.lineLayout.lines {
            #expect(line.x + line.width <= layout.lineLayout.width - q.indent + 1e-6)
        }
    }

    @Test func aQuoteAfterTheCutHasNoBar() throws {
        let text = "one two three four five six seven eight nine ten eleven twelve\nquoted text"
        let json = #"{"text": "\#(text.replacingOccurrences(of: "\n", with: "\\n"))", "entities": [{"type": "blockquote", "offset": 63, "length": 11}]}"#
        var o = BubbleOptions()
        o.maxWidth = 160
        o.maxLines = 1
        let layout = try Self.engine.layout(utf8: Array(json.utf8), format: .entities, options: o)
        #expect(layout.lineLayout.truncated)
        #expect(layout.quotes.isEmpty)
        #expect(!JSONRenderer().render(layout).contains("\"quotes\""))
    }
}
