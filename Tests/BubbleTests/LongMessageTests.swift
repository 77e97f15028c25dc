@testable import Bubble
import BubbleTestSupport
import Foundation
import Testing

/// The long-message strategy (lay out a prefix when `maxLines` hides the rest) must give the bytes the
/// whole message gives.
@Suite struct LongMessageTests {
    static let words = ["hello", "world", "@alice", "[smile]", "https://example.com/a/b?c=d", "很久很久以前", "שלום",
                        "mañana", "[微笑]", "www.x.org", "end.", "\n", "a-b-c", "[nope]", "😀", "@百度"]

    static func message(seed: UInt64, bytes: Int) -> String {
        var g = SeededGenerator(seed: seed)
        var s = ""
        while s.utf8.count < bytes {
            s += words[Int(g.next() % UInt64(words.count))]
            s += g.next() % 7 == 0 ? "" : " "
        }
        return s
    }

    @Test(arguments: 0..<24)
    func aPrefixGivesTheWholeMessagesBytes(seed: Int) throws {
        let engine = try BubbleEngine()
        let text = Self.message(seed: UInt64(seed), bytes: 6000 + seed * 900)
        var o = BubbleOptions()
        o.maxLines = 1 + seed % 6
        o.maxWidth = [120.0, 200, 280, 400][seed % 4]
        let plan = try engine.plan(for: o)
        // Nil: the strategy declined (a link at the cut, too little text after the last line): the
        // whole message is laid out, trivially the same. Most seeds take the prefix path (below).
        guard let viaPrefix = try engine.layoutOfPrefix(Message(text: text), plan) else { return }
        let whole = engine.report(try engine.shape(engine.map(Message(text: text), plan), plan), plan, width: plan.width)
        #expect(JSONRenderer().render(viaPrefix) == JSONRenderer().render(whole))
    }

    @Test func mostLongMessagesTakeThePrefixPath() throws {
        let engine = try BubbleEngine()
        var taken = 0
        for seed in 0..<24 {
            var o = BubbleOptions()
            o.maxLines = 1 + seed % 6
            o.maxWidth = [120.0, 200, 280, 400][seed % 4]
            let text = Self.message(seed: UInt64(seed), bytes: 6000 + seed * 900)
            if try engine.layoutOfPrefix(Message(text: text), try engine.plan(for: o)) != nil { taken += 1 }
        }
        #expect(taken >= 20, "only \(taken) of 24 long messages took the prefix path")
    }

    @Test func linkMapKeysWithSpacesLayTheWholeMessageOut() throws {
        let engine = try BubbleEngine()
        var o = BubbleOptions()
        o.maxLines = 2
        o.linkMap = ["John Smith": "https://example.com/john"]
        #expect(try engine.layoutOfPrefix(Message(text: Self.message(seed: 1, bytes: 8000)), try engine.plan(for: o)) == nil)
    }

    @Test(arguments: 0..<200)
    func theCutSplitsNoScalarAndNoToken(seed: Int) {
        let text = Self.message(seed: UInt64(seed) + 1000, bytes: 3000)
        let budget = 100 + seed * 7
        let cut = Mapper.prefixEnd(of: text, bytes: budget)
        #expect(cut > 0 && cut <= budget)
        let prefix = String(text.utf8.prefix(cut))
        #expect(prefix != nil, "cut inside a scalar at \(cut)")
        // Every `[` in the prefix is closed in the prefix or was not a token in the whole text.
        if let prefix, let open = prefix.lastIndex(of: "["), !prefix[open...].contains("]") {
            let rest = text[text.index(text.startIndex, offsetBy: prefix.count)...]
            #expect(!(rest.prefix(70).contains("]") && !rest.prefix(70).contains(" ")), "cut inside a token at \(cut)")
        }
    }

    @Test func layoutAndBatchGiveTheSameBytesForALongTruncatedMessage() throws {
        let text = Self.message(seed: 7, bytes: 20_000)
        let layout = try runBubble(["layout", "--max-lines", "3", "--max-width", "240"], stdin: Array(text.utf8))
        #expect(layout.status == 0, "\(layout.stderr)")
        let line = #"{"id":1,"text":\#(quoted(text)),"options":{"maxLines":3,"maxWidth":240}}"# + "\n"
        let batch = try runBubble(["batch"], stdin: Array(line.utf8))
        #expect(batch.status == 0, "\(batch.stderr)")
        #expect(batch.stdout == #"{"id":1,"layout":"# + layout.stdout.dropLast() + "}\n")
    }

    /// Every link and emoji of the message is in the report, whichever path laid it out: those after the
    /// cut as `hidden`, with their ranges and no rects, found from the whole message's mapping.
    @Test(arguments: 0..<8)
    func thePrefixPathListsWhatTheCutHides(seed: Int) throws {
        let engine = try BubbleEngine()
        let text = Self.message(seed: UInt64(seed) + 50, bytes: 9000)
        var o = BubbleOptions()
        o.maxLines = 2 + seed % 3
        o.maxWidth = [160.0, 240, 320][seed % 3]
        let plan = try engine.plan(for: o)
        let viaPrefix = try #require(try engine.layoutOfPrefix(Message(text: text), plan), "seed \(seed) declined the prefix path")
        #expect(viaPrefix.mapped.text.count < viaPrefix.message.text.count, "the prefix is the whole message")
        let whole = try engine.mapped(Message(text: text), options: o)
        let end = viaPrefix.lineLayout.visibleEnd
        // Links: every one of the mapping, in order, the ones after the cut hidden and rectless.
        let listed = viaPrefix.links.filter { $0.link.kind != .more } + viaPrefix.hiddenLinks
        #expect(listed.map(\.range) == whole.links.map { $0.range.lowerBound.utf16..<$0.range.upperBound.utf16 })
        #expect(viaPrefix.hiddenLinks.allSatisfy { $0.visibility == .hidden && $0.rects.isEmpty && $0.range.lowerBound >= end })
        #expect(viaPrefix.hiddenLinks.contains { $0.range.lowerBound >= viaPrefix.mapped.text.count }, "nothing hidden past the prefix")
        // Emoji: every placeholder of the mapping, and the Unicode emoji the text holds past the cut.
        let tokens = (viaPrefix.emoji + viaPrefix.hiddenEmoji).filter { $0.kind == .token }
        #expect(tokens.map(\.range.lowerBound) == whole.placeholders.map(\.index.utf16))
        let tail = String(decoding: whole.text[end...], as: UTF16.self)
        #expect(viaPrefix.hiddenEmoji.filter { $0.kind == .unicode }.count == tail.filter { $0 == "😀" }.count)
        #expect(viaPrefix.hiddenEmoji.allSatisfy { $0.visibility == .hidden && $0.range.lowerBound >= end })
        // And the bytes are the whole layout's.
        let wholeLayout = engine.report(try engine.shape(whole, plan), plan, width: plan.width)
        #expect(JSONRenderer().render(viaPrefix) == JSONRenderer().render(wholeLayout))
        // The SVG too: its <title> is the whole message on both paths.
        #expect(engine.svgRenderer(plan).render(viaPrefix) == engine.svgRenderer(plan).render(wholeLayout))
    }

    /// The library, `bubble layout` and `bubble batch` give the same bytes for a long truncated message whose
    /// hidden links and emoji lie past the prefix, in source offsets of each unit.
    @Test(arguments: ["utf16", "utf8", "scalars"])
    func hiddenItemsGiveTheSameBytesEverywhere(unit: String) throws {
        let text = "[smile] \u{1F600} " + Self.message(seed: 11, bytes: 30_000)
        var o = BubbleOptions()
        o.maxLines = 2
        o.maxWidth = 220
        o.offsets = OffsetUnit(rawValue: unit)!
        let engine = try BubbleEngine()
        let library = JSONRenderer(offsets: o.offsets!).render(try engine.layout(Message(text: text), options: o))
        #expect(library.contains(#""visibility":"hidden""#))
        let layout = try runBubble(["layout", "--max-lines", "2", "--max-width", "220", "--offsets", unit], stdin: Array(text.utf8))
        #expect(layout.status == 0, "\(layout.stderr)")
        #expect(layout.stdout == library + "\n")
        let line = #"{"id":1,"text":\#(quoted(text)),"options":{"maxLines":2,"maxWidth":220,"offsets":"\#(unit)"}}"# + "\n"
        let batch = try runBubble(["batch"], stdin: Array(line.utf8))
        #expect(batch.status == 0, "\(batch.stderr)")
        #expect(batch.stdout == #"{"id":1,"layout":"# + library + "}\n")
    }

    func quoted(_ s: String) -> String {
        String(decoding: try! JSONSerialization.data(withJSONObject: [s], options: [.withoutEscapingSlashes]), as: UTF8.self).dropFirst().dropLast().description
    }
}
