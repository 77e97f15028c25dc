import Bubble
import Testing

/// Under `lineMetrics: web` a line fits while it ends within one LayoutUnit (1/64 px) past the width, as
/// Blink's line breaker allows; `exact` allows float noise only.
@Suite struct WebLineFitTests {
    static let engine = try! BubbleEngine()

    func layout(_ text: String, maxWidth: Double, metrics: LineMetrics, padding: Double? = nil) throws -> BubbleLayout {
        var options = BubbleOptions()
        options.lineMetrics = metrics
        options.maxWidth = maxWidth
        if let padding { options.padding = Padding(EdgeInsets(top: padding, right: padding, bottom: padding, left: padding)) }
        return try Self.engine.layout(text: text, options: options)
    }

    @Test(arguments: ["Hello there, world", "cable. yep. i always", "مرحبا بالعالم الجميل"])
    func aLineWithinOneLayoutUnitPastTheWidthStaysWhole(text: String) throws {
        let wide = try layout(text, maxWidth: 1000, metrics: .web)
        let padding = wide.size.width - wide.lineLayout.width
        let width = wide.lineLayout.width
        for (over, web, exact) in [(0.01, 1, 2), (1.0 / 64 - 0.001, 1, 2), (1.0 / 64 + 0.002, 2, 2)] {
            let maxWidth = width - over + padding
            let w = try layout(text, maxWidth: maxWidth, metrics: .web)
            let e = try layout(text, maxWidth: maxWidth, metrics: .exact)
            #expect(w.lineLayout.lines.count == web, "web, \(over) px over")
            #expect(e.lineLayout.lines.count == exact, "exact, \(over) px over")
            // The bubble is the width, as the browser's box is; the line's overflow is under 1/64 px.
            #expect(w.size.width <= maxWidth)
        }
    }

    /// Rects of a link and an emoji that end a line which fits by the slack stay inside the bubble, even
    /// with no padding to hide the overhang in.
    @Test(arguments: ["see https://example.com", "call @alice", "good 👍🏽", "nice [smile]", "نعم https://example.com"])
    func rectsAtTheEndOfASlackLineStayInside(text: String) throws {
        let wide = try layout(text, maxWidth: 1000, metrics: .web, padding: 0)
        let l = try layout(text, maxWidth: wide.size.width - 0.01, metrics: .web, padding: 0)
        #expect(l.lineLayout.lines.count == 1)
        let rects = l.links.flatMap(\.rects) + l.emoji.map(\.rect)
        #expect(!rects.isEmpty)
        for r in rects {
            #expect(r.x >= 0 && r.x + r.width <= l.size.width && r.width > 0, "\(r) in \(l.size)")
        }
    }

    /// Several widths in one call give what each width alone gives, the slack included.
    @Test func widthsInOneCallMatchEachAlone() throws {
        let text = "Hello there, world"
        let wide = try layout(text, maxWidth: 1000, metrics: .web)
        let tight = wide.size.width - 0.01
        var options = BubbleOptions()
        options.lineMetrics = .web
        for widths in [[tight, 1000], [1000, tight], [tight, tight + 0.005, 500]] {
            let together = try Self.engine.layouts(Message(text: text), widths: widths, options: options)
            for (w, l) in zip(widths, together) {
                let alone = try layout(text, maxWidth: w, metrics: .web)
                #expect(l.size == alone.size, "\(widths): at \(w) \(l.size) alone \(alone.size)")
            }
        }
    }

    /// A 24 px span whose line is 256.00x px wide in a 256 px text width (280 px bubble): Chromium 156
    /// kept `always` on it (message 16771 of the shared corpus, as `check-browser --styled spans` sends it).
    @Test func theLineChromiumFilledFurther() throws {
        let spans = #"[{"type":"txt","content":"I forgot my password. Make sure it’s connected and check the drivers. My mouse is ","size":10,"face":"Noto Serif"},{"type":"txt","content":"not responding. Update the graphics driver or check the monitor cable. yep.[好崇拜哦] i always behave in socially ","size":24},{"type":"txt","content":"unacceptable ways. I forgot "},{"type":"txt","content":"my password.[微笑天使]","size":10}]"#
        var options = BubbleOptions()
        options.lineMetrics = .web
        options.maxWidth = 280
        let layout = try Self.engine.layout(Message(utf8: Array(spans.utf8), format: .spans), options: options)
        #expect(layout.lineLayout.lines.map(\.range.lowerBound) == [0, 51, 86, 105, 125, 146, 168, 187, 218])
        #expect(layout.size.height == 244)
        #expect(layout.size.width == 280)
    }
}
