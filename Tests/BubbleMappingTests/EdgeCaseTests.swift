import Testing
@testable import BubbleMapping

/// Tokens and links, one case per row: input → the mapped text annotated with `{name}` for placeholders
/// and `<m:…>` mention, `<u:…>` URL, `<l:…>` link-map links.
@Suite struct EdgeCaseTests {
    static let cases: [(String, String)] = [
        // Tokens
        ("[emoji]", "{emoji}"),
        ("[unknown]", "[unknown]"),
        ("[a][b]", "{a}{b}"),
        ("[[a]]", "[{a}]"),
        ("[a]]", "{a}]"),
        ("[[a]", "[{a}"),
        (#"\[a]"#, "[a]"),
        (#"\\[a]"#, #"\[a]"#),
        (#"[a]\[b]"#, "{a}[b]"),
        (#"\[unknown]"#, #"\[unknown]"#),
        (#"[emoji]\"#, #"{emoji}\"#),
        ("[../../etc/passwd]", "[../../etc/passwd]"),
        ("[/etc/passwd]", "[/etc/passwd]"),
        ("[a b]", "[a b]"),
        ("[]", "[]"),
        ("[a", "[a"),
        ("a]", "a]"),
        ("[微笑]", "{微笑}"),
        ("[脸红][微笑]", "{脸红}{微笑}"),
        ("说[微笑]好", "说{微笑}好"),
        ("[" + String(repeating: "字", count: 64) + "]", "{" + String(repeating: "字", count: 64) + "}"),
        ("[" + String(repeating: "字", count: 65) + "]", "[" + String(repeating: "字", count: 65) + "]"),
        ("[a]\u{301}", "[a]\u{301}"),
        ("x\u{FFFC}y", "x\u{FFFD}y"),
        ("[grinning_face]", "{grinning_face}"),
        ("[GRINNING_FACE]", "[GRINNING_FACE]"),
        ("[ grinning_face]", "[ grinning_face]"),
        ("😀[thumbs_up]👍", "😀{thumbs_up}👍"),
        // Mentions
        ("@alice", "<m:@alice>"),
        ("hi @alice.", "hi <m:@alice>."),
        ("@alice.b", "<m:@alice.b>"),
        ("@alice-", "<m:@alice>-"),
        ("@a.b.c.", "<m:@a.b.c>."),
        ("@alice_", "<m:@alice_>"),
        ("@alice's", "<m:@alice>'s"),
        ("alice@example.com", "alice@example.com"),
        ("mail bob.smith@mail.example.org!", "mail bob.smith@mail.example.org!"),
        ("@alice@example.com", "@alice@example.com"),
        ("x@y", "x@y"),
        ("@百度", "<m:@百度>"),
        ("生活着@百度、@腾讯", "生活着<m:@百度>、<m:@腾讯>"),
        ("@Дмитрий привет", "<m:@Дмитрий> привет"),
        ("שלום @דוד!", "שלום <m:@דוד>!"),
        ("سلام @علی.", "سلام <m:@علی>."),
        ("@", "@"),
        ("@ alice", "@ alice"),
        ("@.", "@."),
        ("@_.", "@_."),
        ("@@alice", "@@alice"),
        ("@bob😀", "<m:@bob>😀"),
        ("@bo😀b", "<m:@bo>😀b"),
        ("@😀", "@😀"),
        ("@bob[emoji]", "<m:@bob>{emoji}"),
        ("[emoji]@bob", "{emoji}<m:@bob>"),
        (#"@bob\[emoji]"#, "<m:@bob>[emoji]"),
        ("(@bob)", "(<m:@bob>)"),
        ("e\u{301}@bob", "e\u{301}<m:@bob>"),
        ("@bob\u{301}", "<m:@bob\u{301}>"),
        ("👨‍👩‍👧 @bob", "👨‍👩‍👧 <m:@bob>"),
        ("🇨🇳@bob", "🇨🇳<m:@bob>"),
        ("@می‌خواهم", "<m:@می‌خواهم>"),
        // URLs
        ("https://example.com", "<u:https://example.com>"),
        ("ב-https://example.co.il", "ב-<u:https://example.co.il>"),
        ("see-https://x.org", "see-<u:https://x.org>"),
        ("my-www.example.com", "my-www.example.com"),
        ("ל-@noa", "ל-<m:@noa>"),
        ("foo-@bar", "foo-@bar"),
        ("https://www.example.cn/火锅", "<u:https://www.example.cn/>火锅"),
        ("https://example.com.", "<u:https://example.com>."),
        ("see https://example.com/a?b=1&c=2, ok", "see <u:https://example.com/a?b=1&c=2>, ok"),
        ("(https://example.com/a)", "(<u:https://example.com/a>)"),
        ("https://en.wikipedia.org/wiki/Foo_(bar)", "<u:https://en.wikipedia.org/wiki/Foo_(bar)>"),
        ("https://en.wikipedia.org/wiki/Foo_(bar))", "<u:https://en.wikipedia.org/wiki/Foo_(bar)>)"),
        ("https://example.com/a).", "<u:https://example.com/a>)."),
        ("[https://example.com]", "[<u:https://example.com>]"),
        ("https://example.com/a...", "<u:https://example.com/a>..."),
        ("https://example.com/a,b", "<u:https://example.com/a,b>"),
        ("https://example.com/path'", "<u:https://example.com/path>'"),
        ("“https://example.com”", "“<u:https://example.com>”"),
        ("www.example.com", "<u:www.example.com>"),
        ("visit www.example.com!", "visit <u:www.example.com>!"),
        ("awww.example.com", "awww.example.com"),
        ("user@www.example.com", "user@www.example.com"),
        ("HTTP://EXAMPLE.COM", "<u:HTTP://EXAMPLE.COM>"),
        ("http://", "http://"),
        ("https://?", "https://?"),
        ("www.", "www."),
        ("javascript:alert(1)", "javascript:alert(1)"),
        ("data:text/html,<script>alert(1)</script>", "data:text/html,<script>alert(1)</script>"),
        ("vbscript:msgbox", "vbscript:msgbox"),
        ("访问https://example.com很好", "访问<u:https://example.com>很好"),
        ("https://example.com/@bob", "<u:https://example.com/@bob>"),
        ("https://x.com/a[emoji]", "<u:https://x.com/a>{emoji}"),
        ("https://пример.рф/путь", "<u:https://пример.рф/путь>"),
        ("go to https://t.co/abc。", "go to <u:https://t.co/abc>。"),
        ("a https://x.com/b\nc", "a <u:https://x.com/b>\nc"),
        ("@bob https://x.com @carol", "<m:@bob> <u:https://x.com> <m:@carol>"),
    ]

    @Test(arguments: cases)
    func mapsTokensAndLinks(_ input: String, _ expected: String) throws {
        let mapped = try mapper().map(input)
        #expect(annotate(mapped) == expected)
        #expect(reconstructSource(mapped) == Array(input.utf16))
    }

    @Test func tableIsLarge() { #expect(Self.cases.count >= 60) }

    @Test func wwwTargetGetsHTTPS() throws {
        let mapped = try mapper().map("visit www.example.com/a")
        #expect(mapped.links.map(\.target) == ["https://www.example.com/a"])
        #expect(try mapper().map("https://x.com").links.map(\.target) == ["https://x.com"])
        #expect(try mapper().map("@bob").links.map(\.target) == ["@bob"])
    }

    @Test func escapeBackslashIsOutsideTheLinkInSource() throws {
        let mapped = try mapper().map(#"@bob\[emoji]"#)
        #expect(mapped.sourceRange(mapped.links[0].range, in: .utf16) == 0..<4)
        #expect(mapped.offsets.source(MappedIndex(4)) == SourceIndex(5))
    }

    @Test func linkMapWinsOverDetection() throws {
        let options = MappingOptions(linkMap: ["@百度": "https://www.baidu.com", "https://x.com": "https://y.com",
                                               "@evil": "javascript:alert(1)", "Bubble": "www.bubble.example"])
        let m = mapper(options)
        #expect(annotate(try m.map("@百度地图")) == "<l:@百度>地图")
        #expect(try m.map("https://x.com").links.map(\.target) == ["https://y.com"])
        #expect(annotate(try m.map("@evil")) == "<m:@evil>")  // an unsafe target is no link; detection applies
        #expect(try m.map("Bubble!").links.map(\.target) == ["https://www.bubble.example"])
        #expect(annotate(try m.map("see https://x.com/@百度")) == "see <l:https://x.com>/<l:@百度>")
        #expect(annotate(try mapper(MappingOptions(linkMap: ["@百度": "https://www.baidu.com"])).map("see https://x.com/@百度"))
                == "see https://x.com/<l:@百度>")  // the detected URL overlaps a map link: the map wins
    }

    @Test func perMessageLinkMapOverridesOptions() throws {
        let m = mapper(MappingOptions(linkMap: ["@a": "https://one.example"]))
        let mapped = try m.map(Message(text: "@a @b", linkMap: ["@a": "https://two.example", "@b": "https://b.example"]))
        #expect(mapped.links.map(\.target) == ["https://two.example", "https://b.example"])
    }

    @Test func linkifyOff() throws {
        let m = mapper(MappingOptions(linkify: false, linkMap: ["@百度": "https://www.baidu.com"]))
        #expect(annotate(try m.map("@bob https://x.com @百度")) == "@bob https://x.com <l:@百度>")
    }

    @Test(arguments: ["javascript:alert(1)", "JavaScript:alert(1)", " javascript:x", "java\tscript:x", "data:text/html,x",
                      "vbscript:x", "file:///etc/passwd", "", "relative/path", "//evil.example", "https://", "http:x"])
    func unsafeTargetsAreRejected(_ target: String) {
        #expect(LinkTarget.sanitize(target) == nil)
    }

    @Test(arguments: [("https://a.example", "https://a.example"), ("HTTP://A.EXAMPLE", "HTTP://A.EXAMPLE"),
                      ("www.a.example", "https://www.a.example"), ("mailto:a@b.example", "mailto:a@b.example"),
                      (" https://a.example ", "https://a.example")])
    func safeTargets(_ target: String, _ expected: String) {
        #expect(LinkTarget.sanitize(target) == expected)
    }

    @Test func placeholderFieldsFollowOptions() throws {
        let m = mapper(MappingOptions(emojiSize: 24, emojiAlign: .top))
        let mapped = try m.map("[微笑][big][emoji]")
        #expect(mapped.placeholders[0].width == 24 && mapped.placeholders[0].alignment == .top)
        #expect(mapped.placeholders[0].content == .token(name: "微笑", unicode: "🙂", image: nil))
        #expect(mapped.placeholders[1].width == 40 && mapped.placeholders[1].height == 30)
        #expect(mapped.placeholders[2].alignment == .baseline)
        // Without options: nil size (the typesetter's 1.25 × font size) and the catalog's default alignment.
        let plain = try mapper().map("[微笑]")
        #expect(plain.placeholders[0].width == nil && plain.placeholders[0].alignment == .center)
    }
}
