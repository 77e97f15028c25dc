import Bubble
import BubbleTestSupport
import Foundation
import Testing

/// Messages of only 1, 2 or 3 emoji, enlarged.
@Suite struct JumboEmojiTests {
    static func options(_ change: (inout BubbleOptions) -> Void = { _ in }) -> BubbleOptions {
        var o = BubbleOptions()
        o.jumboEmoji = true
        change(&o)
        return o
    }

    @Test(arguments: [("😀", 3.0), ("😀 😂", 2.5), ("👍🏽❤️ 🇯🇵", 2.0), ("[smile]", 3.0), ("[smile] [smile]\n[grinning_face]", 2.0),
                      ("1️⃣", 3.0), ("👨‍👩‍👧", 3.0)])
    func emojiOnlyMessagesAreScaled(text: String, scale: Double) throws {
        let plain = try engine.layout(text: text)
        let jumbo = try engine.layout(text: text, options: Self.options())
        #expect(jumbo.jumbo)
        #expect(!plain.jumbo)
        #expect(jumbo.emoji.count == plain.emoji.count)
        for (a, b) in zip(plain.emoji, jumbo.emoji) {
            #expect(abs(b.rect.height - a.rect.height * scale) < 0.01, "\(text): \(a.rect) → \(b.rect)")
            #expect(abs(b.rect.width - a.rect.width * scale) < 0.02, "\(text): \(a.rect) → \(b.rect)")
        }
        #expect(JSONRenderer().render(jumbo).contains(#""jumbo":true"#))
        #expect(!JSONRenderer().render(plain).contains("jumbo"))
    }

    @Test(arguments: ["😀😀😀😀", "hi 😀", "❤", "1", "☺︎", "[smile] ok", "", "   "])
    func otherMessagesAreNot(text: String) throws {
        #expect(try !engine.layout(text: text, options: Self.options()).jumbo, "\(text.debugDescription)")
    }

    @Test func anImageSpanIsNoEmoji() throws {
        let spans = #"[{"type":"img","content":"cat.png","width":40,"height":40}]"#
        #expect(try !engine.layout(utf8: Array(spans.utf8), format: .spans, options: Self.options()).jumbo)
    }

    @Test func theFactorsAreAnOption() throws {
        let o = Self.options { $0.jumboEmojiScale = JumboEmojiScale([1.6, 1.4, 1.2]) }  // Telegram for Android's
        let plain = try engine.layout(text: "[smile]")
        let jumbo = try engine.layout(text: "[smile]", options: o)
        #expect(abs(jumbo.emoji[0].rect.width - plain.emoji[0].rect.width * 1.6) < 1e-9)
    }

    /// The SVG embeds the color font's bitmap (its largest strike) and draws it no larger than it is,
    /// so a jumbo emoji stays sharp.
    @Test func theSVGDrawsTheLargestStrikeAtNoMoreThanItsSize() throws {
        let svg = try engine.svg(text: "😀", options: Self.options())
        let layout = try engine.layout(text: "😀", options: Self.options())
        let uri = try #require(svg.range(of: "data:image/png;base64,")).upperBound
        let b64 = svg[uri...].prefix { $0 != "\"" }
        let png = try #require(Data(base64Encoded: String(b64)))
        // IHDR: width and height, big-endian, at bytes 16 and 20.
        let bytes = [UInt8](png)
        let pixelWidth = bytes[16..<20].reduce(0) { $0 << 8 | Int($1) }
        #expect(pixelWidth >= 128, "Noto Color Emoji's strike is 136×128 px")
        #expect(Double(pixelWidth) >= layout.emoji[0].rect.width, "drawn at \(layout.emoji[0].rect.width) px from a \(pixelWidth) px bitmap")
    }

    @Test(arguments: [("jumbo-ltr", "😀 👍🏽", TextDirection.auto), ("jumbo-rtl", "👍🏽 [smile]", TextDirection.rtl)])
    func golden(name: String, text: String, direction: TextDirection) throws {
        let layout = try engine.layout(text: text, options: Self.options { $0.direction = direction })
        let json = JSONRenderer(includeFonts: false).render(layout)
        let mismatch = snapshotMismatch(json, named: "\(name).json")
        #expect(mismatch == nil, Comment(rawValue: mismatch ?? ""))
    }
}
