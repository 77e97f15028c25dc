import Testing
@testable import BubbleMapping

/// The written rules of links: where a detected mention ends (``MentionRules``), where a link-map key may
/// match (whole words, longest first), which links are atomic, and ranges of explicit links.
@Suite struct MentionRulesTests {
    static let cases: [(String, String)] = [
        // Characters a mention holds: letters, digits, marks of any script, `_ . -`, ZWNJ.
        ("@alice-smith", "<m:@alice-smith>"),
        ("@a_b.c-d9", "<m:@a_b.c-d9>"),
        ("@Zoë", "<m:@Zoë>"),
        ("@नमस्ते", "<m:@नमस्ते>"),
        ("@ひらがな", "<m:@ひらがな>"),
        ("@김철수", "<m:@김철수>"),
        ("@١٢٣abc", "<m:@١٢٣abc>"),
        // What ends it: white space of every kind, U+2005 (WeChat's separator) included.
        ("@张三\u{2005}你好", "<m:@张三>\u{2005}你好"),
        ("@张三\u{00A0}你好", "<m:@张三>\u{00A0}你好"),
        ("@张三\u{3000}你好", "<m:@张三>\u{3000}你好"),
        ("@bob\tx", "<m:@bob>\tx"),
        ("@bob\nx", "<m:@bob>\nx"),
        // … punctuation other than `_ . -`, ASCII or CJK …
        ("@张三，你好", "<m:@张三>，你好"),
        ("@张三、@李四", "<m:@张三>、<m:@李四>"),
        ("@bob: hi", "<m:@bob>: hi"),
        ("@bob/@carol", "<m:@bob>/@carol"),  // `/@` reads as a path, not a mention
        ("(@bob)", "(<m:@bob>)"),
        ("「@bob」", "「<m:@bob>」"),
        ("@bob's", "<m:@bob>'s"),
        ("@bob?!", "<m:@bob>?!"),
        // … symbols and emoji; a trailing `.` or `-` is left out.
        ("@bob+1", "<m:@bob>+1"),
        ("@bob❤️", "<m:@bob>❤️"),
        ("@bob.", "<m:@bob>."),
        ("@bob--", "<m:@bob>--"),
        // In unspaced text detection cannot know where the name ends: the whole run is the mention.
        ("@张三你好", "<m:@张三你好>"),
        // The length cap: 32 characters after the `@`, marks not counted; beyond it, no mention at all.
        ("@" + String(repeating: "a", count: 32), "<m:@" + String(repeating: "a", count: 32) + ">"),
        ("@" + String(repeating: "a", count: 33), "@" + String(repeating: "a", count: 33)),
        ("@" + String(repeating: "e\u{301}", count: 32), "<m:@" + String(repeating: "e\u{301}", count: 32) + ">"),
        ("@" + String(repeating: "字", count: 40) + " ok", "@" + String(repeating: "字", count: 40) + " ok"),
        ("@" + String(repeating: "a", count: 32) + ".", "<m:@" + String(repeating: "a", count: 32) + ">."),
        // Not a mention.
        ("alice@example.com", "alice@example.com"),
        ("@alice@example.com", "@alice@example.com"),
        ("@_-", "@_-"),
    ]

    @Test(arguments: cases)
    func detection(_ input: String, _ expected: String) throws {
        #expect(annotate(try mapper().map(input)) == expected)
    }

    @Test func theCapIsDeclaredOnce() {
        #expect(MentionRules.maxLength == 32)
    }

    @Test func detectedMentionsAreAtomicAndURLsAreNot() throws {
        let links = try mapper().map("@bob https://x.com").links
        #expect(links.map(\.isAtomic) == [true, false])
    }
}

@Suite struct LinkMapRulesTests {
    static let map = ["@bob": "https://bob.example", "cat": "https://cat.example", "@百度": "https://www.baidu.com",
                      "New York": "https://ny.example", "York City": "https://nyc.example", "ab": "https://ab.example",
                      "bcd": "https://bcd.example", "2024": "https://year.example", "中国": "https://cn.example",
                      "C++": "https://cpp.example"]

    static let cases: [(String, String)] = [
        // An `@` key is not followed by what would continue a mention.
        ("@bob", "<l:@bob>"),
        ("@bobby", "<m:@bobby>"),
        ("@bob_x", "<m:@bob_x>"),
        ("@bob.smith", "<m:@bob.smith>"),
        ("@bob-smith", "<m:@bob-smith>"),
        ("hi @bob.", "hi <l:@bob>."),
        ("@bob, @bob!", "<l:@bob>, <l:@bob>!"),
        ("@bob's", "<l:@bob>'s"),
        ("@bob\u{2005}hi", "<l:@bob>\u{2005}hi"),
        ("@bob你好", "<l:@bob>你好"),
        // A key starting or ending with a letter or digit needs a UAX #29 word boundary there.
        ("cat", "<l:cat>"),
        ("concatenate", "concatenate"),
        ("cats", "cats"),
        ("bobcat", "bobcat"),
        ("a cat.", "a <l:cat>."),
        ("con.cat", "con.cat"),
        ("cat_1", "cat_1"),
        ("(cat)", "(<l:cat>)"),
        ("cat's", "cat's"),
        ("20245", "20245"),
        ("in 2024,", "in <l:2024>,"),
        ("C++ and C", "<l:C++> and C"),
        // … CJK words have no spaces: UAX #29 puts a boundary between ideographs.
        ("生活着@百度、@腾讯", "生活着<l:@百度>、<m:@腾讯>"),
        ("@百度地图", "<l:@百度>地图"),
        ("我爱中国人", "我爱<l:中国>人"),
        // Longest key wins on overlap, then the leftmost.
        ("New York City", "New <l:York City>"),
        ("New York", "<l:New York>"),
        ("abcd", "abcd"),
        ("ab cd", "<l:ab> cd"),
        ("x bcd ab", "x <l:bcd> <l:ab>"),
    ]

    @Test(arguments: cases)
    func wholeWords(_ input: String, _ expected: String) throws {
        #expect(annotate(try mapper(MappingOptions(linkMap: Self.map)).map(input)) == expected)
    }

    @Test func overlappingKeysLongestFirst() throws {
        let m = mapper(MappingOptions(linkify: false, linkMap: ["a b": "https://1.example", "b c d": "https://2.example"]))
        #expect(annotate(try m.map("a b c d")) == "a <l:b c d>")
        #expect(annotate(try m.map("a b c")) == "<l:a b> c")
    }

    @Test func mapMentionsAreAtomicOtherKeysNot() throws {
        let links = try mapper(MappingOptions(linkMap: Self.map)).map("@bob cat").links
        #expect(links.map(\.isAtomic) == [true, false])
    }
}

@Suite struct ExplicitLinkTests {
    @Test func spanLinksAreAtomicWhenTheyStartWithAnAtOrSaySo() throws {
        let spans: [Span] = [
            Span(type: .link, content: "@alice-smith", url: "https://a.example"),
            .txt(" and "),
            Span(type: .link, content: "order 12-34", url: "https://o.example", atomic: true),
            .txt(" and "),
            Span(type: .link, content: "docs.example", url: "https://d.example"),
        ]
        let mapped = try mapper().map(Message(spans: spans))
        #expect(mapped.links.map(\.isAtomic) == [true, true, false])
    }

    @Test func theSpansJSONCarriesAtomic() throws {
        let json = #"[{"type":"link","content":"order 12-34","url":"https://o.example","atomic":true},{"type":"link","content":"x","url":"https://x.example"}]"#
        #expect(try Span.decodeArray(Array(json.utf8)).map(\.atomic) == [true, nil])
        let bad = #"[{"type":"link","content":"x","url":"https://x.example","atomic":"yes"}]"#
        #expect(throws: MappingError.self) { try Span.decodeArray(Array(bad.utf8)) }
    }

    @Test func markupLinksAreAtomicWhenTheyStartWithAnAtOrSaySo() throws {
        let markup = #"<a href="https://a.example">@alice-smith</a> <a href="https://o.example" atomic>order 12-34</a> <a href="https://d.example">docs</a>"#
        let mapped = try mapper().map(Message(markup: markup))
        #expect(mapped.links.map(\.isAtomic) == [true, true, false])
        #expect(mapped.links.map(\.target) == ["https://a.example", "https://o.example", "https://d.example"])
    }

    /// Markup ranges cover the content only: a tag right after (or before) a link is not part of it.
    @Test func markupRangesStopAtTags() throws {
        let markup = "<b>@bob</b> and <a href=\"https://x.example\">@alice-smith</a>!<i>[emoji]</i>"
        let mapped = try mapper().map(Message(markup: markup))
        let ranges = mapped.links.map { mapped.sourceRange($0.range, in: .utf16) }
        #expect(ranges == [3..<7, 44..<56])
        let units = Array(markup.utf16)
        #expect(ranges.map { String(decoding: units[$0], as: UTF16.self) } == ["@bob", "@alice-smith"])
        let emoji = mapped.placeholders.map { mapped.sourceRange($0.index..<($0.index + 1), in: .utf16) }
        #expect(emoji.map { String(decoding: units[$0], as: UTF16.self) } == ["[emoji]"])
    }
}
