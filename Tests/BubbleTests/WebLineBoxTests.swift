import Bubble
import Testing

/// Lines that mix sizes, families and images under `lineMetrics: web`, against what Chromium 156
/// (Debian 12, the same font files) drew for `bubble html` of the same spans: the bubble's height and
/// each image's top, px. A span is an inline box with its own strut (its primary font: its family's
/// face at its size), and an image inside it is centred on that font's x-height.
@Suite struct WebLineBoxTests {
    static let engine = try! BubbleEngine()

    static let cases: [(spans: String, height: Double, imageTops: [Double])] = [
        (#"[{"type":"txt","content":"Los [smile]"}]"#, 36.5, [8.5]),
        (#"[{"type":"txt","content":"Los "},{"type":"txt","content":"robots[smile]","size":24}]"#, 44, [13]),
        (#"[{"type":"txt","content":"Los "},{"type":"txt","content":"se[smile]","size":10}]"#, 38, [10]),
        (#"[{"type":"txt","content":"Los "},{"type":"txt","content":"robots","size":30},{"type":"txt","content":" se[smile]","size":10}]"#, 51, [23]),
        (#"[{"type":"txt","content":"Los "},{"type":"txt","content":"[smile]","size":30}]"#, 51, [17.5]),
        // Noto Serif draws no Arabic: DejaVu Sans does, but the span's strut is Noto Serif's.
        (#"[{"type":"txt","content":"Los "},{"type":"txt","content":"ارزش","size":24,"face":"Noto Serif"}]"#, 49, []),
        (#"[{"type":"txt","content":"Los "},{"type":"txt","content":"se [smile]","size":10,"face":"Noto Serif"}]"#, 38.31, [10.31]),
    ]

    @Test(arguments: cases.indices)
    func heightAndImagesAsChromiumDrawsThem(index: Int) throws {
        let c = Self.cases[index]
        var options = BubbleOptions()
        options.lineMetrics = .web
        options.maxWidth = 400
        let layout = try Self.engine.layout(Message(utf8: Array(c.spans.utf8), format: .spans), options: options)
        #expect(abs(layout.size.height - c.height) < 0.01, "height \(layout.size.height)")
        let tops = layout.emoji.map(\.rect.y)
        #expect(tops.count == c.imageTops.count && zip(tops, c.imageTops).allSatisfy { abs($0 - $1) < 0.01 }, "\(tops)")
    }
}
