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

    func quoted(_ s: String) -> String {
        String(decoding: try! JSONSerialization.data(withJSONObject: [s], options: [.withoutEscapingSlashes]), as: UTF8.self).dropFirst().dropLast().description
    }
}
