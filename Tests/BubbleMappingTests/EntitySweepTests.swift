import BubbleTestSupport
import Testing
@testable import BubbleMapping

/// Entities as one sweep over their bounds: each stretch styled by the union of the formatting entities
/// over it, each link entity one explicit link, and a nesting error naming the pair a scan of every
/// pair meets first. Seeded random entity sets against what the rules say, so the cases hold whatever
/// the sweep's insides.
@Suite struct EntitySweepTests {
    static let formatting: [MessageEntity.Kind] = [.bold, .italic, .underline, .strikethrough, .spoiler]

    /// A random set of formatting and `text_link` entities that nest as Telegram allows (no link in a link).
    private static func nestedEntities(length: Int, count: Int, _ random: inout SeededGenerator) -> [MessageEntity] {
        var kept: [MessageEntity] = []
        for _ in 0..<count {
            let start = Int(random.next() % UInt64(length))
            let end = start + 1 + Int(random.next() % UInt64(length - start))
            let isLink = random.next() % 4 == 0
            let type = isLink ? MessageEntity.Kind.textLink : formatting[Int(random.next() % UInt64(formatting.count))]
            let nests = kept.allSatisfy { e in
                let (a, b) = (e.offset, e.offset + e.length)
                let disjoint = end <= a || b <= start
                let inside = (a <= start && end <= b) || (start <= a && b <= end)
                return disjoint || (inside && !(isLink && e.type == .textLink))
            }
            guard nests else { continue }
            kept.append(MessageEntity(type: type, offset: start, length: end - start, url: isLink ? "https://e\(kept.count).example" : nil))
        }
        kept.shuffle(using: &random)
        return kept
    }

    @Test func eachUnitGetsTheUnionOfItsEntitiesStyles() throws {
        var random = SeededGenerator(seed: 32)
        for _ in 0..<200 {
            let length = 1 + Int(random.next() % 30)
            let text = String((0..<length).map { i in i % 3 == 2 ? " " : "x" })
            let entities = Self.nestedEntities(length: length, count: Int(random.next() % 12), &random)
            let mapped = try mapper().map(Message(text: text, entities: entities))
            #expect(mapped.text == Array(text.utf16))
            var styleOf = [TextStyle](repeating: .plain, count: length)
            for run in mapped.styles {
                for u in run.range.lowerBound.utf16..<run.range.upperBound.utf16 { styleOf[u] = run.style }
            }
            for u in 0..<length {
                var expected = TextStyle.plain
                for e in entities where e.offset <= u && u < e.offset + e.length {
                    switch e.type {
                    case .bold: expected.bold = true
                    case .italic: expected.italic = true
                    case .underline: expected.underline = true
                    case .strikethrough: expected.strikethrough = true
                    case .spoiler: expected.spoiler = true
                    default: break
                    }
                }
                #expect(styleOf[u] == expected, "unit \(u) of \(entities)")
            }
            let links = entities.filter { $0.type == .textLink }.sorted { $0.offset < $1.offset }
            #expect(mapped.links.map { $0.range.lowerBound.utf16..<$0.range.upperBound.utf16 } == links.map { $0.offset..<$0.offset + $0.length })
            #expect(mapped.links.map(\.target) == links.map { $0.url! })
            func ordered(_ ranges: [Range<Int>]) -> [Range<Int>] {
                ranges.sorted { $0.lowerBound != $1.lowerBound ? $0.lowerBound < $1.lowerBound : $0.upperBound < $1.upperBound }
            }
            let spoilers = entities.filter { $0.type == .spoiler }.map { $0.offset..<$0.offset + $0.length }
            #expect(ordered(mapped.highlights.map { $0.range.lowerBound.utf16..<$0.range.upperBound.utf16 }) == ordered(spoilers))
        }
    }

    @Test func deepNestingMapsInOneSweep() throws {
        // 3,000 entities each inside the last: every pair overlaps (a scan of every pair was quadratic).
        let n = 3000
        let text = String(repeating: "a", count: 2 * n)
        let entities = (0..<n).map { MessageEntity(type: Self.formatting[$0 % Self.formatting.count], offset: $0, length: 2 * n - 2 * $0) }
        let mapped = try mapper().map(Message(text: text, entities: entities))
        // One entity more over each of the first four units and one less over each of the last four; all
        // five types over the rest.
        #expect(mapped.styles.count == 9)
        #expect(mapped.styles[4].style == TextStyle(bold: true, italic: true, underline: true, strikethrough: true, spoiler: true))
        #expect(mapped.styles[4].range == MappedIndex(4)..<MappedIndex(2 * n - 4))
        var broken = entities
        broken.append(MessageEntity(type: .code, offset: n - 1, length: 1))
        #expect(throws: MappingError.invalidEntity(index: n, reason: "code cannot nest in bold (entities 0 and \(n)); Telegram's rules forbid it")) {
            _ = try mapper().map(Message(text: text, entities: broken))
        }
    }

    @Test func nestingErrorsNameThePairAScanOfEveryPairMeetsFirst() throws {
        let kinds: [MessageEntity.Kind] = [.bold, .italic, .code, .pre, .blockquote, .textLink, .mention, .url]
        var random = SeededGenerator(seed: 3232)
        var errors = 0
        for _ in 0..<400 {
            let length = 2 + Int(random.next() % 20)
            let text = String(repeating: "a", count: length)
            var entities: [MessageEntity] = []
            for _ in 0..<(1 + Int(random.next() % 8)) {
                let start = Int(random.next() % UInt64(length))
                let type = kinds[Int(random.next() % UInt64(kinds.count))]
                entities.append(MessageEntity(type: type, offset: start, length: 1 + Int(random.next() % UInt64(length - start)),
                                              url: type == .textLink ? "https://a.example" : nil))
            }
            let expected = Self.firstNestingError(entities)
            do {
                _ = try mapper().map(Message(text: text, entities: entities))
                #expect(expected == nil, "\(entities)")
            } catch {
                errors += 1
                #expect(error == expected, "\(entities)")
            }
        }
        #expect(errors > 100)  // the seed gives both kinds of set
    }

    /// Every pair of entities (sorted by start, outer first) tried in order: the first that breaks
    /// Telegram's nesting rules.
    private static func firstNestingError(_ entities: [MessageEntity]) -> MappingError? {
        let placed = entities.enumerated().map { (index: $0.offset, entity: $0.element, range: $0.element.offset..<$0.element.offset + $0.element.length) }
            .sorted { $0.range.lowerBound != $1.range.lowerBound ? $0.range.lowerBound < $1.range.lowerBound : $0.range.upperBound > $1.range.upperBound }
        for a in placed.indices {
            for b in placed.indices where b > a {
                let outer = placed[a], inner = placed[b]
                guard inner.range.lowerBound < outer.range.upperBound else { break }
                let (later, earlier) = inner.index > outer.index ? (inner, outer) : (outer, inner)
                if inner.range.upperBound > outer.range.upperBound {
                    return .invalidEntity(index: later.index, reason: "\(later.entity.type.rawValue) overlaps entity \(earlier.index) "
                                          + "(\(earlier.entity.type.rawValue)) without nesting in it")
                }
                let o = outer.entity.type, i = inner.entity.type
                let monospace: Set<MessageEntity.Kind> = [.code, .pre]
                let allowed: Bool
                if o == .blockquote && i == .blockquote { allowed = false }
                else if monospace.contains(o) || monospace.contains(i) { allowed = o == .blockquote }
                else { allowed = o.isFormatting || i.isFormatting || o == .blockquote }
                if !allowed {
                    return .invalidEntity(index: later.index, reason: "\(i.rawValue) cannot nest in \(o.rawValue) "
                                          + "(entities \(outer.index) and \(inner.index)); Telegram's rules forbid it")
                }
            }
        }
        return nil
    }
}
