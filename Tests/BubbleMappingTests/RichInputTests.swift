import Testing
@testable import BubbleMapping

@Suite struct SpansTests {
    static let json = #"""
    [{"type": "txt", "content": "Hello ", "color": "red", "size": 18},
     {"type": "img", "name": "cat.png", "width": 560, "height": 300},
     {"type": "link", "content": "docs", "url": "https://example.com/docs", "color": "#00f"},
     {"type": "emoji", "name": "微笑"},
     {"type": "txt", "content": " bye @bob [emoji]"}]
    """#

    // Source: "Hello " 0..<6 · U+FFFC 6 · "docs" 7..<11 · U+FFFC 11 · " bye @bob [emoji]" 12..<29.
    // Mapped: "Hello " · img m6 · "docs" m7..<m11 · 微笑 m11 · " bye @bob " m12..<m22 · emoji m22.
    @Test func seedTemplate() throws {
        let m = mapper()
        let mapped = try m.map(Message(utf8: Array(Self.json.utf8), format: .spans))
        #expect(annotate(mapped) == "Hello {img:cat.png}<l:docs>{微笑} bye <m:@bob> {emoji}")
        #expect(mapped.placeholders.map(\.index.utf16) == [6, 11, 22])
        // The declared size: fitting an image to the line is the layout's job.
        #expect(mapped.placeholders[0].width == 560 && mapped.placeholders[0].height == 300)
        #expect(mapped.links.map(\.target) == ["https://example.com/docs", "@bob"])
        #expect(mapped.links.map { mapped.sourceRange($0.range, in: .utf16) } == [7..<11, 17..<21])
        #expect(mapped.sourceRange(mapped.placeholders[2].index..<MappedIndex(23), in: .utf16) == 22..<29)
        #expect(mapped.styles == [
            StyleRun(range: MappedIndex(0)..<MappedIndex(6), style: TextStyle(fontSize: 18, color: "red")),
            StyleRun(range: MappedIndex(7)..<MappedIndex(11), style: TextStyle(color: "#00f")),
        ])
        #expect(mapped.offsets.sourceLength == 29)
    }

    @Test func sameMappedTextAsPlainText() throws {
        let text = "Hi @bob [emoji] www.x.com"
        let plain = try mapper().map(text)
        let spans = try mapper().map(Message(spans: [.txt("Hi @bob "), .txt("[emoji] www.x.com")]))
        let markup = try mapper().map(Message(markup: text))
        for other in [spans, markup] {
            #expect(other.text == plain.text)
            #expect(other.links == plain.links)
            #expect(other.placeholders == plain.placeholders)
            #expect(other.offsets.pieces == plain.offsets.pieces)
        }
    }

    @Test func unknownEmojiSpanIsLiteral() throws {
        let mapped = try mapper().map(Message(spans: [Span(type: .emoji, name: "nope"), .txt("!")]))
        #expect(mapped.string == "[nope]!")
        #expect(mapped.sourceRange(MappedIndex(0)..<MappedIndex(6), in: .utf16) == 0..<1)
    }

    @Test func unsafeLinkSpanIsPlainText() throws {
        let mapped = try mapper().map(Message(spans: [Span(type: .link, content: "click", url: "javascript:alert(1)")]))
        #expect(mapped.string == "click" && mapped.links.isEmpty)
    }

    @Test(arguments: [
        (#"[{"type": "txt", "content": 1}]"#, 0),
        (#"[{"type": "txt", "content": "a"}, {"type": "bogus"}]"#, 1),
        (#"[{"type": "txt", "content": "a", "color": "notacolor"}]"#, 0),
        (#"[{"type": "txt"}, {"type": "img", "width": -3}]"#, 1),
        (#"[{"type": "link", "content": "x"}]"#, 0),
        (#"[{"type": "emoji"}]"#, 0),
        (#"{"#, -1),
        (#"{"type": "txt"}"#, -1),
    ])
    func malformedSpans(_ json: String, _ index: Int) {
        #expect {
            try mapper().map(Message(utf8: Array(json.utf8), format: .spans))
        } throws: { error in
            guard case MappingError.malformedSpans(let at, _) = error else { return false }
            return at == index && (error as? MappingError)?.code == "malformed_spans"
        }
    }
}

@Suite struct MarkupTests {
    static func map(_ markup: String, _ options: MappingOptions = MappingOptions()) throws -> MappedText {
        try mapper(options).map(Message(markup: markup))
    }

    @Test func boldAndFont() throws {
        let mapped = try Self.map(#"<b>Hi</b> <font color="red" size="20" face="Noto Serif">there</font>"#)
        #expect(mapped.string == "Hi there")
        #expect(mapped.styles == [
            StyleRun(range: MappedIndex(0)..<MappedIndex(2), style: TextStyle(bold: true)),
            StyleRun(range: MappedIndex(3)..<MappedIndex(8), style: TextStyle(fontSize: 20, color: "red", family: "Noto Serif")),
        ])
        #expect(mapped.sourceRange(MappedIndex(0)..<MappedIndex(2), in: .utf16) == 3..<5)  // "Hi" inside <b>…</b>
    }

    @Test func nestedAndUnclosed() throws {
        let mapped = try Self.map("<B>a<i>b</b>c<i>d")
        #expect(mapped.string == "abcd")
        #expect(mapped.styles == [
            StyleRun(range: MappedIndex(0)..<MappedIndex(1), style: TextStyle(bold: true)),
            StyleRun(range: MappedIndex(1)..<MappedIndex(2), style: TextStyle(bold: true, italic: true)),
            StyleRun(range: MappedIndex(3)..<MappedIndex(4), style: TextStyle(italic: true)),
        ])
    }

    @Test func breaksAndParagraphs() throws {
        #expect(try Self.map("a<br>b<br/>c").string == "a\nb\nc")
        #expect(try Self.map("<p>one</p><p>two</p>").string == "one\ntwo")
        #expect(try Self.map("<p>one</p>").string == "one")
        #expect(try Self.map("zero<p>one").string == "zero\none")
        let mapped = try Self.map("<p>one</p><p><b>two</b></p>")
        #expect(mapped.string == "one\ntwo")
        #expect(mapped.styles == [StyleRun(range: MappedIndex(4)..<MappedIndex(7), style: TextStyle(bold: true))])
        #expect(mapped.sourceRange(MappedIndex(4)..<MappedIndex(7), in: .utf16) == 16..<19)
    }

    @Test func linksFromAnchors() throws {
        let mapped = try Self.map(#"<a href="https://x.com">go &amp; see</a> @bob"#)
        #expect(annotate(mapped) == "<l:go & see> <m:@bob>")
        #expect(mapped.links[0].target == "https://x.com")
        #expect(mapped.sourceRange(mapped.links[0].range, in: .utf16) == 24..<36)
        #expect(try Self.map(#"<a href="javascript:alert(1)">click</a>"#).links.isEmpty)
        #expect(try Self.map(#"<a href="&#106;avascript:alert(1)">click</a>"#).links.isEmpty)
        #expect(try Self.map(#"<a href=www.x.com>w</a>"#).links.map(\.target) == ["https://www.x.com"])
        // Detection does not run inside an explicit link.
        #expect(annotate(try Self.map(#"<a href="https://y.com">see https://x.com</a>"#)) == "<l:see https://x.com>")
    }

    @Test func imagesAreNeverRead() throws {
        let mapped = try Self.map(#"x<img src="../../etc/passwd" width="600" height="300">y"#)
        #expect(mapped.string == "x\u{FFFC}y")
        #expect(mapped.placeholders == [Placeholder(index: MappedIndex(1), content: .image(source: "../../etc/passwd"),
                                                    width: 600, height: 300, alignment: .baseline)])
        #expect(try Self.map(#"<font face="/etc/fonts/evil.ttf">a</font>"#).styles.isEmpty)
    }

    @Test(arguments: [
        ("x <script>alert(1)</script>", "x <script>alert(1)</script>"),
        ("<div onclick=\"x\">hi</div>", "<div onclick=\"x\">hi</div>"),
        ("a < b > c", "a < b > c"),
        ("<b", "<b"),
        ("<b onclick=\"x\">t</b>", "t"),
        ("</b>stray", "stray"),
        ("1 &lt; 2 &gt; 0 &amp; &quot;q&quot; &#39;s&#39; &apos;", "1 < 2 > 0 & \"q\" 's' '"),
        ("&#x1F600;&#128512;", "😀😀"),
        ("&#0;&#xD800;&#xFFFC;&#x110000;", "\u{FFFD}\u{FFFD}\u{FFFD}\u{FFFD}"),
        ("&bogus; &amp &#x;", "&bogus; &amp &#x;"),
        ("[微笑]&amp;[emoji]", "\u{FFFC}&\u{FFFC}"),
    ])
    func literalTagsAndEntities(_ markup: String, _ expected: String) throws {
        #expect(try Self.map(markup).string == expected)
    }
}

@Suite struct BadInputTests {
    @Test(arguments: [
        ([0x61, 0xFF, 0x62] as [UInt8], 1),
        ([0xE4, 0xBD], 0),
        ([0x41, 0xC0, 0x80], 1),
        ([0xED, 0xA0, 0x80], 0),
        ([0xF4, 0x90, 0x80, 0x80], 0),
        ([0x61, 0x62, 0x80], 2),
    ])
    func invalidUTF8IsAnError(_ bytes: [UInt8], _ offset: Int) {
        #expect(throws: MappingError.invalidUTF8(byteOffset: offset)) {
            try mapper().map(Message(utf8: bytes))
        }
    }

    @Test func invalidUTF8Replaced() throws {
        let m = mapper(MappingOptions(invalidUTF8: .replace))
        #expect(try m.map(Message(utf8: [0x61, 0xFF, 0x62])).string == "a\u{FFFD}b")
        #expect(try m.map(Message(utf8: [0xE4, 0xBD, 0x41])).string == "\u{FFFD}A")
        #expect(try m.map(Message(utf8: Array("ok [微笑] @bob".utf8))).links.count == 1)
        // Matches the standard library's repair.
        let bytes: [UInt8] = [0xF0, 0x9F, 0x98, 0x80, 0xF0, 0x9F, 0x98, 0xC0, 0xC3, 0xA9, 0xED, 0xBF, 0xBF, 0xFE]
        #expect(try m.map(Message(utf8: bytes)).string == String(decoding: bytes, as: UTF8.self))
    }

    @Test func tooLong() throws {
        let m = mapper(MappingOptions(maxMessageLength: 10))
        #expect(try m.map("0123456789").text.count == 10)
        #expect(throws: MappingError.tooLong(limit: 10, length: 11)) { try m.map("0123456789a") }
        #expect(throws: MappingError.tooLong(limit: 10, length: 12)) { try m.map("中文文文") }
        #expect(throws: MappingError.tooLong(limit: 10, length: 11)) { try m.map(Message(utf8: Array("0123456789a".utf8))) }
        #expect(MappingError.tooLong(limit: 10, length: 11).message.contains("10"))
        #expect(MappingError.tooLong(limit: 10, length: 11).code == "message_too_long")
        #expect(MappingError.invalidUTF8(byteOffset: 3).code == "invalid_utf8")
    }

    @Test func highlights() throws {
        let message = Message(text: "ab[emoji]cd", highlights: [SourceHighlight(start: 2, end: 9, backgroundColor: "yellow"),
                                                                 SourceHighlight(start: 0, end: 1, textColor: "#f00")])
        let mapped = try mapper().map(message)
        #expect(mapped.highlights == [Highlight(range: MappedIndex(0)..<MappedIndex(1), textColor: "#f00"),
                                      Highlight(range: MappedIndex(2)..<MappedIndex(3), backgroundColor: "yellow")])
        // UTF-8 offsets: "é" is 2 bytes, so "b" is 2..<3; 1 is inside "é".
        let utf8 = mapper(MappingOptions(offsets: .utf8))
        #expect(try utf8.map(Message(text: "éb", highlights: [SourceHighlight(start: 2, end: 3)])).highlights.map(\.range)
                == [MappedIndex(1)..<MappedIndex(2)])
        #expect(throws: MappingError.self) { try utf8.map(Message(text: "éb", highlights: [SourceHighlight(start: 1, end: 3)])) }
        #expect(throws: MappingError.self) { try mapper().map(Message(text: "ab", highlights: [SourceHighlight(start: 0, end: 3)])) }
        #expect(throws: MappingError.self) {
            try mapper().map(Message(text: "ab", highlights: [SourceHighlight(start: 0, end: 1, textColor: "url(x)")]))
        }
    }

    @Test func optionsDecodeWithDefaults() throws {
        let options = try JSONDecoderShim.decode(#"{"linkify": false, "offsets": "utf8", "emojiAlign": "baseline"}"#)
        #expect(options.linkify == false && options.offsets == .utf8 && options.emojiAlign == .baseline)
        #expect(options.maxMessageLength == 65536 && options.invalidUTF8 == .error)
    }
}
