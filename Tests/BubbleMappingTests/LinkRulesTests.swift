import Testing
@testable import BubbleMapping
import BubbleRegex

private func mapped(_ text: String, _ rules: [LinkRule], linkMap: [String: String] = [:]) throws -> MappedText {
    try Mapper(catalog: .empty, options: MappingOptions(linkMap: linkMap, linkRules: rules)).map(text)
}

private func found(_ text: String, _ rules: [LinkRule]) throws -> [String] {
    let m = try mapped(text, rules)
    return m.links.map { "\($0.kind.rawValue):" + String(decoding: m.text[$0.range.lowerBound.utf16..<$0.range.upperBound.utf16], as: UTF16.self) }
}

@Suite struct LinkRulesTests {
    @Test(arguments: [
        ("#swift and #тест, #日本語 or #السلام؛ #שלום", ["hashtag:#swift", "hashtag:#тест", "hashtag:#日本語", "hashtag:#السلام", "hashtag:#שלום"]),
        ("#123 a#b &#39; ##x #_x", ["hashtag:#_x"]),
        ("#हिन्दी ok", ["hashtag:#हिन्दी"]),
    ])
    func hashtagsInSeveralScripts(text: String, expected: [String]) throws {
        #expect(try found(text, [LinkRule(name: "hashtag")]) == expected)
    }

    @Test func cashtags() throws {
        #expect(try found("buy $USD, $BTC; not $usd, a$EUR or $TOOLONGXX", [LinkRule(name: "cashtag")]) == ["cashtag:$USD", "cashtag:$BTC"])
    }

    @Test func emails() throws {
        let m = try mapped("write a.b+c@example.co.uk, почта@пример.рф or x@y", [LinkRule(name: "email")])
        #expect(m.links.map(\.target) == ["mailto:a.b+c@example.co.uk", "mailto:%D0%BF%D0%BE%D1%87%D1%82%D0%B0@%D0%BF%D1%80%D0%B8%D0%BC%D0%B5%D1%80.%D1%80%D1%84"])
        #expect(m.links.allSatisfy { $0.kind == .email })
    }

    @Test func phones() throws {
        let m = try mapped("call +1 (555) 010-9999 or +7 912 345-67-89, not 12345 or v1.2.3", [LinkRule(name: "phone")])
        #expect(m.links.map(\.target) == ["tel:+1%20%28555%29%20010-9999", "tel:+7%20912%20345-67-89"])
        #expect(m.links.allSatisfy { $0.kind == .phoneNumber })
        // Arabic-Indic digits are \d in UCP mode.
        #expect(try found("رقم ٠١٢٣٤٥٦٧٨٩", [LinkRule(name: "phone")]) == ["phone_number:٠١٢٣٤٥٦٧٨٩"])
    }

    @Test func customRuleWithNamedGroupAndEncoding() throws {
        let rule = LinkRule(name: "ticket", pattern: #"\b(?<key>[A-Z]{2,5})-(\d+)\b"#, kind: "ticket",
                            target: "https://t.example/${key}/$2?q=$0")
        let m = try mapped("see PAY-1234 and ab-1", [rule])
        #expect(m.links.map(\.kind.rawValue) == ["ticket"])
        #expect(m.links.map(\.target) == ["https://t.example/PAY/1234?q=PAY-1234"])
        let spaced = LinkRule(name: "q", pattern: #"find (\w+ \w+)"#, target: "https://s.example/?q=$1")
        #expect(try mapped("find café noir", [spaced]).links.map(\.target) == ["https://s.example/?q=caf%C3%A9%20noir"])
    }

    /// A group that takes no part below one that does is unset inside PCRE2's count of set groups
    /// (found by the options fuzzer: the rule crashed on every message it matched).
    @Test func anUnsetGroupBeforeASetOneIsEmptyInTheTarget() throws {
        let rule = LinkRule(name: "ticket", pattern: #"\b(?<project>[A-Z]{1,5})*(?<number>\d+)\b"#,
                            target: "https://t.example/${project}-${number}")
        let m = try mapped("see 123 and AB45", [rule])
        #expect(m.links.map(\.target) == ["https://t.example/-123", "https://t.example/AB-45"])
        let regex = try RegexPattern("(a)?(b)")
        let subject = Array("b".utf8)
        let match = try #require(try subject.withUnsafeBufferPointer { try regex.firstMatch(in: $0) })
        #expect(match.groups == [nil, 0..<1])
    }

    /// PCRE2's rarer constructs, on text with ideographs, a combining mark, an emoji and line breaks: each
    /// rule answers links that are non-empty, inside the text and never split a character, or is refused
    /// as an invalid rule; none crashes (an unset group once did, and `\C` could end inside a character).
    @Test(arguments: [#"(a)?(b)"#, #"(?<x>a)|(?<y>b)"#, #"(?=(\d+))"#, #"\b"#, #"(?<=a)b"#, #"a\Kb"#, #"(?=a\K)"#,
                      #"(a)*+b"#, #"(?|(a)|(b))"#, #"(?:(a)|b)+"#, #"(.)\1"#, #"\X"#, #"\R"#, #"(*LIMIT_MATCH=1)a+b"#,
                      #"(?<a>.)(?<b>.)?$"#, #"(a)(?(1)b|c)"#, #"\p{Han}+"#, #"(*ACCEPT)"#, #"a(*SKIP)(*F)|b"#,
                      #"(?m)^."#, #"\C"#, #"(?<=\C)b"#, #"[^a]"#, #"(*NOTEMPTY)a?"#])
    func oddPatternsAnswerOrAreRefused(pattern: String) throws {
        let text = "ab b a 123 好崇拜 e\u{301} 👍🏽 AB-7\nx\r\ny @u"
        let units = Array(text.utf16)
        do {
            let m = try mapped(text, [LinkRule(name: "r", pattern: pattern, target: "https://x.example/$0")])
            for link in m.links {
                let r = link.range.lowerBound.utf16..<link.range.upperBound.utf16
                #expect(!r.isEmpty && r.lowerBound >= 0 && r.upperBound <= units.count, "\(r)")
                for edge in [r.lowerBound, r.upperBound] where edge < units.count {
                    #expect(!UTF16.isTrailSurrogate(units[edge]), "\(pattern) splits a character at \(edge)")
                }
            }
        } catch {
            guard case .invalidLinkRule(name: "r", reason: _)? = error as? MappingError else { Issue.record("\(error)"); return }
        }
    }

    @Test func badRulesAreClearErrors() {
        // One byte in UTF mode could end a match inside a character: refused.
        #expect(throws: MappingError.invalidLinkRule(name: "c", reason: "the pattern does not compile at byte 3: using \\C is disabled by the application")) {
            _ = try mapped("好a", [LinkRule(name: "c", pattern: #"a\C"#)])
        }
        #expect(throws: MappingError.invalidLinkRule(name: "bad", reason: "the pattern does not compile at byte 2: missing closing parenthesis")) {
            _ = try mapped("x", [LinkRule(name: "bad", pattern: "(a")])
        }
        #expect(throws: MappingError.invalidLinkRule(name: "g", reason: "the target uses group 2; the pattern has 1")) {
            _ = try mapped("x", [LinkRule(name: "g", pattern: "(a)", target: "https://x.example/$2")])
        }
        #expect(throws: MappingError.invalidLinkRule(name: "s", reason: "the target must be one reference ($0) or start with http://, https://, mailto: or tel:")) {
            _ = try mapped("x", [LinkRule(name: "s", pattern: "a", target: "javascript:$0")])
        }
        #expect(throws: (any Error).self) { _ = try mapped("x", [LinkRule(name: "nosuchbuiltin")]) }
    }

    /// A catastrophic pattern on a hostile message stops at PCRE2's match limit with an error naming the
    /// rule (bubble-bench and the README report how long it takes; no timing assertion here).
    @Test func catastrophicBacktrackingIsAnError() {
        let hostile = String(repeating: "a", count: 30) + "!"
        #expect(throws: MappingError.invalidLinkRule(name: "evil", reason: "matching gave up at PCRE2's limits (match limit 1000000, depth limit 10000): match limit exceeded")) {
            _ = try mapped(hostile, [LinkRule(name: "evil", pattern: "(a+)+$")])
        }
    }

    @Test func precedenceEntitiesThenMapThenRulesInOrderThenDetection() throws {
        let text = "#swift PAY-1 @bob"
        let rules = [LinkRule(name: "ticket", pattern: #"[A-Z]+-\d+"#, target: "https://t.example/$0"),
                     LinkRule(name: "word", pattern: #"PAY-1 @\w+"#, target: "https://w.example/"),
                     LinkRule(name: "hashtag")]
        // The link map wins over rules; the first rule over the second; rules over detection of @bob? no:
        // `word` overlaps the ticket, so it loses, and @bob stays a detected mention.
        let m = try mapped(text, rules, linkMap: ["#swift": "https://swift.org"])
        #expect(m.links.map(\.kind.rawValue) == ["link", "ticket", "mention"])
        // An entity wins over everything, and no rule runs inside it.
        let e = try Mapper(catalog: .empty, options: MappingOptions(linkRules: rules)).map(
            Message(text: text, entities: [MessageEntity(type: .code, offset: 0, length: 12)]))
        #expect(e.links.map(\.kind.rawValue) == ["mention"])
    }

    @Test func ruleLinksStartingWithAtAreAtomic() throws {
        let m = try mapped("ping @team-infra now", [LinkRule(name: "team", pattern: #"@team-[a-z]+"#, kind: "team", target: "https://t.example/$0")])
        #expect(m.links.map(\.isAtomic) == [true])
        #expect(m.links.map(\.target) == ["https://t.example/@team-infra"])
    }

    @Test func ruleSetsCompileOnce() throws {
        let rules = [LinkRule(name: "hashtag"), LinkRule(name: "cashtag")]
        #expect(try LinkRules.compile(rules) === LinkRules.compile(rules))
    }
}
