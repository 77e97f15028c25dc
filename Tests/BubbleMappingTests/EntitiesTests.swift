import BubbleTestSupport
import Testing
@testable import BubbleMapping

/// UTF-16 offset of `needle` in `text` (Telegram counts offsets in UTF-16 code units).
private func at(_ needle: String, in text: String) -> Int {
    text.utf16.count - text[text.range(of: needle)!.lowerBound...].utf16.count
}

@Suite struct EntitiesTests {
    // Telegram's own example of entity offsets: the Bot API counts UTF-16 code units, so an emoji outside
    // the BMP (👍, U+1F44D) counts 2, a skin-tone sequence (👍🏽) 4, a ZWJ family (👨‍👩‍👧) 8, a flag (🇺🇦) 4.
    @Test(arguments: [
        ("👍 bold", 3, 4),
        ("👍🏽 bold", 5, 4),
        ("👨‍👩‍👧 bold", 9, 4),
        ("🇺🇦 bold", 5, 4),
        ("é bold", 2, 4),            // precomposed é is one unit
        ("𝐀𝐁 bold", 5, 4),          // mathematical bold letters are surrogate pairs
    ])
    func telegramOffsetsWithEmoji(text: String, offset: Int, length: Int) throws {
        let mapped = try mapper().map(Message(text: text, entities: [MessageEntity(type: .bold, offset: offset, length: length)]))
        #expect(mapped.styles.count == 1)
        let run = try #require(mapped.styles.first)
        #expect(run.style.bold)
        #expect(mapped.sourceRange(run.range, in: .utf16) == offset..<(offset + length))
        #expect(String(decoding: mapped.text[run.range.lowerBound.utf16..<run.range.upperBound.utf16], as: UTF16.self) == "bold")
    }

    @Test func offsetsInOtherUnits() throws {
        let text = "👍 @bob"
        let scalars = try mapper(MappingOptions(offsets: .scalars)).map(
            Message(text: text, entities: [MessageEntity(type: .mention, offset: 2, length: 4)]))
        #expect(scalars.links.map(\.target) == ["@bob"])
        let utf8 = try mapper(MappingOptions(offsets: .utf8)).map(
            Message(text: text, entities: [MessageEntity(type: .mention, offset: 5, length: 4)]))
        #expect(utf8.links.map(\.target) == ["@bob"])
    }

    @Test func linkEntitiesGiveKindsAndTargets() throws {
        let text = "call +1 (555) 010-9999 or mail a@b.co, tag #swift $USD /start@bot docs @ann Ann"
        func e(_ type: MessageEntity.Kind, _ s: String, url: String? = nil, user: Int? = nil) -> MessageEntity {
            MessageEntity(type: type, offset: at(s, in: text), length: s.utf16.count, url: url, userId: user)
        }
        let mapped = try mapper().map(Message(text: text, entities: [
            e(.phoneNumber, "+1 (555) 010-9999"), e(.email, "a@b.co"), e(.hashtag, "#swift"), e(.cashtag, "$USD"),
            e(.botCommand, "/start@bot"), e(.textLink, "docs", url: "https://example.com/docs"), e(.mention, "@ann"),
            e(.textMention, "Ann", user: 42),
        ]))
        #expect(mapped.links.map(\.kind.rawValue) == ["phone_number", "email", "hashtag", "cashtag", "bot_command", "link", "mention", "mention"])
        #expect(mapped.links.map(\.target) == ["tel:+15550109999", "mailto:a@b.co", "#swift", "$USD", "/start@bot",
                                               "https://example.com/docs", "@ann", "tg://user?id=42"])
    }

    @Test func detectionAndTokensRunOutsideEntitiesOnly() throws {
        let text = "[emoji] @bob `@eve [emoji]` https://x.org"
        let code = at("@eve [emoji]", in: text)
        let mapped = try mapper().map(Message(text: text, entities: [MessageEntity(type: .code, offset: code, length: 12)]))
        #expect(annotate(mapped) == "{emoji} <m:@bob> `@eve [emoji]` <u:https://x.org>")
        #expect(mapped.styles.map(\.style.monospace) == [true])
        let off = try Mapper(catalog: fixtureCatalog, options: MappingOptions(linkify: false)).map(
            Message(text: text, entities: [MessageEntity(type: .code, offset: code, length: 12)]))
        #expect(off.links.isEmpty)
    }

    @Test func customEmojiIsACatalogSticker() throws {
        let text = "hi 👍 there"
        let mapped = try mapper().map(Message(text: text, entities: [
            MessageEntity(type: .customEmoji, offset: 3, length: 2, customEmojiId: "thumbs_up"),
        ]))
        #expect(annotate(mapped) == "hi {thumbs_up} there")
        #expect(mapped.sourceRange(mapped.placeholders[0].index..<MappedIndex(4), in: .utf16) == 3..<5)
        // An id the catalog does not hold keeps the fallback emoji of the text.
        let unknown = try mapper().map(Message(text: text, entities: [
            MessageEntity(type: .customEmoji, offset: 3, length: 2, customEmojiId: "5368324170671202286"),
        ]))
        #expect(unknown.string == text && unknown.placeholders.isEmpty)
    }

    @Test func preIsItsOwnBlock() throws {
        let text = "see let x = 1 ok"
        let mapped = try mapper().map(Message(text: text, entities: [
            MessageEntity(type: .pre, offset: 4, length: 9, language: "swift"),
        ]))
        #expect(mapped.string == "see \nlet x = 1\n ok")
        let run = try #require(mapped.styles.first)
        #expect(run.style.monospace && mapped.sourceRange(run.range, in: .utf16) == 4..<13)
    }

    @Test(arguments: [
        (MessageEntity(type: .bold, offset: 2, length: 9), "invalid entity 0: 2..<11 is outside the text, which is 10 utf16 units long"),
        (MessageEntity(type: .bold, offset: 1, length: 2), "invalid entity 0: offset 1 splits a surrogate pair"),
        (MessageEntity(type: .bold, offset: 2, length: 2), "invalid entity 0: offset 2 splits a grapheme cluster"),
        (MessageEntity(type: .bold, offset: 0, length: 0), "invalid entity 0: offset 0 and length 0: the offset must be ≥ 0 and the length > 0"),
        (MessageEntity(type: .textLink, offset: 5, length: 2, url: "javascript:alert(1)"),
         "invalid entity 0: a text_link needs an http or https \"url\", not 'javascript:alert(1)'"),
        (MessageEntity(type: .textLink, offset: 5, length: 2, url: "mailto:a@b.c"),
         "invalid entity 0: a text_link needs an http or https \"url\", not 'mailto:a@b.c'"),
    ])
    func badEntitiesNameTheirIndex(entity: MessageEntity, message: String) {
        // 👍🏽 (4 units) then " abcde" (6).
        #expect(throws: MappingError.invalidEntity(index: 0, reason: String(message.split(separator: ": ", maxSplits: 1)[1]))) {
            _ = try mapper().map(Message(text: "👍🏽 abcde", entities: [entity]))
        }
    }

    @Test func nestingFollowsTelegramsRules() throws {
        let text = "0123456789"
        func map(_ entities: [MessageEntity]) throws -> MappedText { try mapper().map(Message(text: text, entities: entities)) }
        // Formatting nests in and around links; a blockquote holds code.
        _ = try map([MessageEntity(type: .bold, offset: 0, length: 6), MessageEntity(type: .textLink, offset: 1, length: 3, url: "https://a.b"),
                     MessageEntity(type: .italic, offset: 2, length: 1)])
        _ = try map([MessageEntity(type: .blockquote, offset: 0, length: 10), MessageEntity(type: .code, offset: 2, length: 3)])
        let cases: [([MessageEntity], MappingError)] = [
            ([MessageEntity(type: .bold, offset: 0, length: 5), MessageEntity(type: .italic, offset: 3, length: 5)],
             .invalidEntity(index: 1, reason: "italic overlaps entity 0 (bold) without nesting in it")),
            ([MessageEntity(type: .code, offset: 0, length: 5), MessageEntity(type: .bold, offset: 1, length: 2)],
             .invalidEntity(index: 1, reason: "bold cannot nest in code (entities 0 and 1); Telegram's rules forbid it")),
            ([MessageEntity(type: .url, offset: 0, length: 5), MessageEntity(type: .mention, offset: 1, length: 2)],
             .invalidEntity(index: 1, reason: "mention cannot nest in url (entities 0 and 1); Telegram's rules forbid it")),
            ([MessageEntity(type: .blockquote, offset: 0, length: 5), MessageEntity(type: .blockquote, offset: 1, length: 2)],
             .invalidEntity(index: 1, reason: "blockquote cannot nest in blockquote (entities 0 and 1); Telegram's rules forbid it")),
        ]
        for (entities, error) in cases {
            #expect(throws: error) { _ = try map(entities) }
        }
    }

    @Test func decodesTheBotAPIShape() throws {
        let json = #"{"text": "hi @x", "entities": [{"type": "mention", "offset": 3, "length": 2}, {"type": "pre", "offset": 0, "length": 2, "language": "c"}]}"#
        let mapped = try mapper().map(Message(utf8: Array(json.utf8), format: .entities))
        #expect(mapped.links.map(\.target) == ["@x"])
        #expect(throws: MappingError.invalidEntity(index: 0, reason: "unknown type 'blink' (known: \(MessageEntity.Kind.allCases.map(\.rawValue).joined(separator: ", ")))")) {
            _ = try mapper().map(Message(utf8: Array(#"{"text": "a", "entities": [{"type": "blink", "offset": 0, "length": 1}]}"#.utf8), format: .entities))
        }
    }

    /// Seeded round trip: random text and random valid entities → mapped links and styles, read back in
    /// source offsets → the same entities.
    @Test func entitiesRoundTrip() throws {
        var rng = SeededGenerator(seed: 18)
        let words = ["hello", "мир", "שלום", "👍🏽", "漢字", "🇺🇦", "e\u{301}", "abc", "👨‍👩‍👧", "x"]
        let linkTypes: [MessageEntity.Kind] = [.mention, .hashtag, .cashtag, .botCommand, .url, .textLink, .email, .phoneNumber]
        let styleTypes: [MessageEntity.Kind] = [.bold, .italic, .underline, .strikethrough, .spoiler, .code]
        for _ in 0..<300 {
            var pieces: [String] = []
            for _ in 0..<Int.random(in: 2...12, using: &rng) { pieces.append(words.randomElement(using: &rng)!) }
            let text = pieces.joined(separator: " ")
            // Word starts and ends in UTF-16, so every entity falls on graphemes.
            var starts: [Int] = [], position = 0
            for p in pieces { starts.append(position); position += p.utf16.count + 1 }
            var entities: [MessageEntity] = []
            var k = 0
            while k < pieces.count {
                let span = Int.random(in: 1...2, using: &rng)
                guard k + span <= pieces.count, Bool.random(using: &rng) else { k += 1; continue }
                let from = starts[k], to = starts[k + span - 1] + pieces[k + span - 1].utf16.count
                let type = Bool.random(using: &rng) ? linkTypes.randomElement(using: &rng)! : styleTypes.randomElement(using: &rng)!
                entities.append(MessageEntity(type: type, offset: from, length: to - from,
                                              url: type == .textLink ? "https://example.com/\(k)" : nil))
                k += span
            }
            let mapped = try Mapper(catalog: .empty, options: MappingOptions(linkify: false)).map(Message(text: text, entities: entities))
            var back: [MessageEntity] = []
            for link in mapped.links {
                let r = mapped.sourceRange(link.range, in: .utf16)
                let type = entities.first { $0.offset == r.lowerBound && $0.type.linkKind == link.kind }!.type
                back.append(MessageEntity(type: type, offset: r.lowerBound, length: r.count, url: type == .textLink ? link.target : nil))
            }
            for run in mapped.styles {
                let r = mapped.sourceRange(run.range, in: .utf16)
                let s = run.style
                let type: MessageEntity.Kind = s.bold ? .bold : s.italic ? .italic : s.underline ? .underline
                    : s.strikethrough ? .strikethrough : s.spoiler ? .spoiler : .code
                back.append(MessageEntity(type: type, offset: r.lowerBound, length: r.count))
            }
            back.sort { $0.offset < $1.offset }
            #expect(back == entities, "\(text)")
        }
    }
}
