import BubbleTestSupport
import Testing
@testable import BubbleMapping

/// What a link map matches: whole words, the longest key first where matches overlap, a message's map
/// over the options'. Written against the mapper alone, so the same cases hold whatever the matcher's
/// insides (they passed on the per-first-unit key lists and pass on the automaton).
@Suite struct LinkMatcherTests {
    private func mapped(_ text: String, options: [String: String], message: [String: String] = [:]) throws -> MappedText {
        try mapper(MappingOptions(linkify: false, linkMap: options)).map(Message(text: text, linkMap: message))
    }

    private func targets(_ m: MappedText) -> [String] { m.links.map(\.target) }

    @Test func overlappingKeysTheLongestWinsThenTheLeftmost() throws {
        let map = ["b c d": "https://bcd.example", "a b": "https://ab.example", "d e": "https://de.example"]
        #expect(annotate(try mapped("a b c d e", options: map)) == "a <l:b c d> e")
        // Two of one length: the leftmost.
        let even = ["ab cd": "https://1.example", "cd ef": "https://2.example"]
        #expect(annotate(try mapped("ab cd ef", options: even)) == "<l:ab cd> ef")
        #expect(targets(try mapped("ab cd ef", options: even)) == ["https://1.example"])
        // Apart, both stand.
        #expect(annotate(try mapped("ab cd, cd ef", options: even)) == "<l:ab cd>, <l:cd ef>")
    }

    @Test func keysThatArePrefixesOfOthers() throws {
        let map = ["new": "https://n.example", "new york": "https://ny.example", "new york city": "https://nyc.example"]
        let m = try mapped("new york city and new york and new yorker and new", options: map)
        #expect(annotate(m) == "<l:new york city> and <l:new york> and <l:new> yorker and <l:new>")
        #expect(targets(m) == ["https://nyc.example", "https://ny.example", "https://n.example", "https://n.example"])
        // The longer key is no whole word here, the shorter one is neither: nothing.
        let words = ["ab": "https://ab.example", "abc": "https://abc.example"]
        #expect(annotate(try mapped("abcd ab abc", options: words)) == "abcd <l:ab> <l:abc>")
        // Mentions: a longer key wins, a key followed by what continues a mention does not match.
        let mentions = ["@bob": "https://bob.example", "@bob.smith": "https://smith.example"]
        #expect(annotate(try mapped("@bob.smith @bob. @bobby @bob's", options: mentions))
                == "<l:@bob.smith> <l:@bob>. @bobby <l:@bob>'s")
    }

    @Test func keysWithNonASCIIText() throws {
        let map = ["中国": "https://zh.example", "中国人": "https://people.example", "@百度": "https://www.baidu.com",
                   "Дмитрий": "https://ru.example", "😀": "https://smile.example", "e": "https://e.example"]
        #expect(annotate(try mapped("我爱中国人 @百度地图", options: map)) == "我爱<l:中国人> <l:@百度>地图")
        #expect(annotate(try mapped("我爱中国", options: map)) == "我爱<l:中国>")
        #expect(annotate(try mapped("Дмитрий, Дмитрийович", options: map)) == "<l:Дмитрий>, Дмитрийович")
        #expect(annotate(try mapped("a😀b 😀", options: map)) == "a<l:😀>b <l:😀>")
        // A key ending before a combining mark would split a grapheme: no match (e + U+0301 is é).
        #expect(annotate(try mapped("e\u{301} e", options: map)) == "e\u{301} <l:e>")
    }

    @Test func aMessagesMapGoesOverTheOptions() throws {
        let options = ["@a": "https://one.example", "@c": "https://three.example", "new": "https://new.example",
                       "x": "https://x.example"]
        let m = try mapped("@a @b @c", options: options, message: ["@a": "https://two.example", "@b": "https://b.example"])
        #expect(targets(m) == ["https://two.example", "https://b.example", "https://three.example"])
        // A message key longer than an options key beside it: the longer wins where they overlap.
        #expect(annotate(try mapped("new york new", options: options, message: ["new york": "https://ny.example"]))
                == "<l:new york> <l:new>")
        // Replaced with an unsafe target, the options' key is gone (as in the merged map, which leaves it out).
        #expect(annotate(try mapped("x y", options: options, message: ["x": "javascript:alert(1)"])) == "x y")
        // A message key equal to an options key as strings are (canonically) replaces it under the options'
        // spelling, as merging a dictionary keeps its own key.
        let composed = ["caf\u{E9}": "https://composed.example"]
        let m2 = try mapped("caf\u{E9} cafe\u{301}", options: composed, message: ["cafe\u{301}": "https://decomposed.example"])
        #expect(targets(m2) == ["https://decomposed.example"])
        #expect(m2.links.first?.range == MappedIndex(0)..<MappedIndex(4))
        // The same maps, merged by the caller, map alike.
        let merged = options.merging(["@a": "https://two.example", "q": "https://q.example"]) { $1 }
        let text = "@a @c q new x"
        #expect(try mapped(text, options: options, message: ["@a": "https://two.example", "q": "https://q.example"]).links
                == (try mapped(text, options: merged).links))
    }

    /// Random keys over a small alphabet (letters, `@`, `.`, a space, a mark, an ideograph) against random
    /// texts: the matcher finds what a scan of every key at every position finds, in options' maps and
    /// in a message's over them.
    @Test func agreesWithAScanOfEveryKey() throws {
        let alphabet: [String] = ["a", "b", "@", ".", " ", "\u{301}", "中", "-"]
        var random = SeededGenerator(seed: 32)
        func word(_ length: Int) -> String {
            (0..<length).map { _ in alphabet[Int(random.next() % UInt64(alphabet.count))] }.joined()
        }
        for round in 0..<300 {
            var options: [String: String] = [:], message: [String: String] = [:]
            for k in 0..<Int(random.next() % 12) { options[word(1 + Int(random.next() % 5))] = "https://o\(k).example" }
            if round % 2 == 0 {
                for k in 0..<Int(random.next() % 6) { message[word(1 + Int(random.next() % 5))] = "https://m\(k).example" }
            }
            let text = word(Int(random.next() % 40))
            let found = try mapped(text, options: options, message: message).links
            let expected = Array(text.utf16).withUnsafeBufferPointer { ReferenceMatcher.matches(options.merging(message) { $1 }, in: $0) }
            #expect(found.map(\.range) == expected.map(\.range), "\(text) with \(options) and \(message)")
            #expect(found.map(\.target) == expected.map(\.target), "\(text) with \(options) and \(message)")
        }
    }
}

/// Every key tried at every position, longest first: the rule ``LinkMatcher`` follows, spelled out.
private enum ReferenceMatcher {
    static func matches(_ map: [String: String], in text: UnsafeBufferPointer<UInt16>) -> [Link] {
        let keys = map.compactMap { (k, t) -> (units: [UInt16], target: String)? in
            guard !k.isEmpty, let safe = LinkTarget.sanitize(t) else { return nil }
            return (Array(k.utf16), safe)
        }.sorted { $0.units.count > $1.units.count }
        var found: [(start: Int, length: Int, target: String, mention: Bool)] = []
        for i in 0..<text.count {
            for key in keys where key.units.count <= text.count - i && Array(text[i..<i + key.units.count]) == key.units {
                if accepts(key.units, in: text, at: i) {
                    found.append((i, key.units.count, key.target, key.units[0] == 0x40))
                    break
                }
            }
        }
        var taken = [Bool](repeating: false, count: text.count)
        var kept: [Int] = []
        for index in found.indices.sorted(by: { found[$0].length != found[$1].length ? found[$0].length > found[$1].length : found[$0].start < found[$1].start }) {
            let m = found[index]
            guard !(m.start..<m.start + m.length).contains(where: { taken[$0] }) else { continue }
            for u in m.start..<m.start + m.length { taken[u] = true }
            kept.append(index)
        }
        return kept.sorted().map {
            let m = found[$0]
            return Link(kind: .link, range: MappedIndex(m.start)..<MappedIndex(m.start + m.length), target: m.target, isAtomic: m.mention)
        }
    }

    static func accepts(_ key: [UInt16], in text: UnsafeBufferPointer<UInt16>, at start: Int) -> Bool {
        func letterOrDigit(_ v: UInt32) -> Bool {
            let c = WordBoundaries.wordClass(v)
            return c == .letter || c == .numeric || c == .katakana || (c == .other && CharacterClasses.isWordScalar(v))
        }
        let (first, last) = key.withUnsafeBufferPointer { (CharacterClasses.scalar(in: $0, at: 0).value, CharacterClasses.scalar(in: $0, before: $0.count)) }
        let mention = key[0] == 0x40
        let end = start + key.count
        if end < text.count, CharacterClasses.extendsGrapheme(CharacterClasses.scalar(in: text, at: end).value) { return false }
        if letterOrDigit(first) && !WordBoundaries.isBoundary(in: text, at: start) { return false }
        if !mention && letterOrDigit(last) && !WordBoundaries.isBoundary(in: text, at: end) { return false }
        if mention && MentionRules.continues(text, at: end) { return false }
        return true
    }
}
