import Bubble
import BubbleMapping
import BubbleTestSupport
import Foundation
import Testing

/// Numbers from outside that used to trap: each is caught where it enters, naming the field, in every input
/// format, and nothing downstream converts an unchecked number. Spans and options (a program's output) are
/// refused; markup (typed by people) loses what the number sizes, with a warning, and keeps the message.
@Suite struct HostileNumberTests {
    @Test func aHugeMarkupFontSizeIsIgnoredWithAWarningNamingTheAttribute() throws {
        let layout = try engine.layout(Message(markup: ##"<font size="3000000" color="#f00">hi</font>"##))
        let plain = try engine.layout(Message(markup: "hi"))
        #expect(layout.mapped.string == "hi")
        #expect(layout.size == plain.size, "the text keeps its size")
        let warning = try #require(layout.mapped.warnings.first)
        #expect(layout.mapped.warnings.map(\.code) == ["font_size_ignored"])
        #expect(warning.message.contains("<font size>") && warning.message.contains("3000000"))
        #expect(warning.message.contains(InputBounds.fontSize.expected))
        #expect(layout.mapped.styles.contains { $0.style.color != nil }, "the rest of the tag applies")
    }

    @Test(arguments: ["0", "-3", "1e400", "1001", "2097152"])
    func everyOutOfRangeMarkupSizeCostsTheSizeAlone(_ size: String) throws {
        let layout = try engine.layout(Message(markup: "a <font size=\"\(size)\">b</font>"))
        #expect(layout.mapped.string == "a b")
        #expect(layout.mapped.warnings.map(\.code) == ["font_size_ignored"])
    }

    @Test func aMarkupSizeThatIsNotANumberIsStillIgnored() throws {
        let layout = try engine.layout(Message(markup: #"<font size="big">hi</font>"#))
        #expect(layout.mapped.string == "hi")
    }

    @Test func aMarkupImageThatCannotBeDrawnIsDroppedWithAWarning() throws {
        let layout = try engine.layout(Message(markup: #"x <img src="a.png" width="1" height="1e17"> y <img src="b.png" width="20" height="20">"#))
        #expect(layout.emoji.count == 1, "the drawable image stays")
        #expect(layout.mapped.warnings.map(\.code) == ["image_dropped"])
        let warning = try #require(layout.mapped.warnings.first)
        #expect(warning.message.contains("<img height>") && warning.message.contains("offset 2"))
        let json = JSONRenderer().render(layout)
        #expect(json.contains(#""warnings":[{"code":"image_dropped""#), "\(json)")
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
        #expect(one.status == 0, "\(one.stderr)")
        #expect(one.stdout.contains("font_size_ignored") && one.stdout.contains("<font size>"))
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
        #expect(out[0].contains("font_size_ignored") && out[1].contains("image_dropped"))
        #expect(out[0].contains("\"layout\"") && out[1].contains("\"layout\""))
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
