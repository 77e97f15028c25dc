import Bubble
import Foundation
import Testing

/// Numbers from outside that used to trap (issue 20): each is refused where it enters, with the field's
/// name, in every input format, and nothing downstream converts an unchecked number.
@Suite struct HostileNumberTests {
    @Test func aHugeMarkupFontSizeIsAnErrorNamingTheAttribute() throws {
        let error = try #require(throws: BubbleError.self) {
            try engine.layout(Message(markup: #"<font size="3000000">hi</font>"#))
        }
        #expect(error.code == "malformed_markup")
        #expect(error.message.contains("<font size>"))
        #expect(error.message.contains("3000000"))
        #expect(error.message.contains(InputBounds.fontSize.expected))
    }

    @Test(arguments: ["0", "-3", "1e400", "1001", "2097152"])
    func everyOutOfRangeMarkupSizeIsRefused(_ size: String) throws {
        let error = try #require(throws: BubbleError.self) {
            try engine.layout(Message(markup: "a <font size=\"\(size)\">b</font>"))
        }
        #expect(error.code == "malformed_markup")
    }

    @Test func aMarkupSizeThatIsNotANumberIsStillIgnored() throws {
        let layout = try engine.layout(Message(markup: #"<font size="big">hi</font>"#))
        #expect(layout.mapped.string == "hi")
    }

    @Test func aHugeMarkupImageHeightIsAnError() throws {
        let error = try #require(throws: BubbleError.self) {
            try engine.layout(Message(markup: #"x <img src="a.png" width="1" height="1e17"> y"#))
        }
        #expect(error.code == "malformed_markup")
        #expect(error.message.contains("<img height>"))
    }

    @Test func aHugeSpanImageIsAnErrorNamingTheField() throws {
        let error = try #require(throws: BubbleError.self) {
            try engine.layout(Message(spans: [.txt("a"), Span(type: .img, name: "x", width: 1, height: 1e17)]))
        }
        #expect(error.code == "malformed_spans")
        #expect(error.message.contains("segment 1"))
        #expect(error.message.contains("\"height\""))
    }

    @Test func theLargestAcceptedNumbersLayOutAndRender() throws {
        var o = BubbleOptions()
        o.maxWidth = InputBounds.maxWidth.upper
        let layout = try engine.layout(Message(markup: #"<font size="1000">W</font><img src="a" width="100000" height="100000">"#),
                                       options: o)
        let json = JSONRenderer().render(layout)
        #expect(json.contains("\"width\":100000"))
        _ = try engine.svgRenderer(engine.plan(for: o)).render(layout)
    }

    @Test func optionsAndSpansShareOneBound() throws {
        var o = BubbleOptions()
        o.fontSize = 1000.5
        let options = try #require(throws: BubbleError.self) { try o.validate() }
        let spans = try #require(throws: BubbleError.self) {
            try engine.layout(Message(spans: [.txt("a", size: 1000.5)]))
        }
        #expect(options.message.contains(InputBounds.fontSize.expected))
        #expect(spans.message.contains(InputBounds.fontSize.expected))
    }

    @Test func aCatalogEntryOutOfRangeIsMalformed() throws {
        let json = #"{"version": 1, "entries": [{"name": "big", "unicode": "😀", "height": 1e17}]}"#
        #expect(throws: MappingError.self) { try EmojiCatalog(json: Array(json.utf8)) }
    }

    @Test func theCommandLineAndBatchReportRatherThanCrash() throws {
        let one = try runBubble(["layout", "--input", "markup", "--text", #"<font size="3000000">hi</font>"#])
        #expect(one.status != 0 && one.status < 128, "\(one.stderr)")
        #expect(one.stderr.contains("<font size>"))
        let span = try runBubble(["layout", "--input", "spans"],
                                 stdin: Array(#"[{"type":"img","name":"x","width":1,"height":1e17}]"#.utf8))
        #expect(span.status != 0 && span.status < 128, "\(span.stderr)")
        let lines = [
            #"{"id": 1, "markup": "<font size=\"3000000\">hi</font>"}"#,
            #"{"id": 2, "markup": "<img src=\"a\" width=\"1\" height=\"1e17\">"}"#,
            #"{"id": 3, "spans": [{"type": "img", "name": "x", "width": 1, "height": 1e17}]}"#,
            #"{"id": 4, "text": "still here"}"#,
        ]
        let batch = try runBubble(["batch"], stdin: Array((lines.joined(separator: "\n") + "\n").utf8))
        let out = batch.stdout.split(separator: "\n")
        #expect(out.count == 4, "\(batch.stderr)")
        #expect(out[0].contains("malformed_markup") && out[1].contains("malformed_markup"))
        #expect(out[2].contains("malformed_spans"))
        #expect(out[3].contains("\"layout\""))
    }

    @Test func languageTagsAreNormalizedAndBounded() throws {
        #expect(LanguageTag.normalized("ZH-hans-cn") == "zh-Hans-CN")
        #expect(LanguageTag.normalized("zh_Hans") == nil)
        #expect(LanguageTag.normalized("ja") == "ja")
        #expect(LanguageTag.normalized("en-US-x-twain") == "en-US-x-twain")
        #expect(LanguageTag.normalized("") == nil)
        #expect(LanguageTag.normalized("1a") == nil)
        #expect(LanguageTag.normalized("en--US") == nil)
        #expect(LanguageTag.normalized("en US") == nil)
        #expect(LanguageTag.normalized(String(repeating: "a-", count: 20) + "b") == nil)
        var o = BubbleOptions()
        o.language = "not a tag"
        let error = try #require(throws: BubbleError.self) { try o.validate() }
        #expect(error.message.contains("'language'"))
        o.language = "ZH-hant"
        let a = JSONRenderer().render(try engine.layout(text: "這是", options: o))
        o.language = "zh-Hant"
        #expect(a == JSONRenderer().render(try engine.layout(text: "這是", options: o)))
    }
}
