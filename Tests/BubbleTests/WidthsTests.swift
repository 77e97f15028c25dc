import Bubble
import BubbleTestSupport
import Foundation
import Testing

/// One message at several widths, from one mapping and one shaping.
@Suite struct WidthsTests {
    static let corpus: [String] = (try? Corpus.texts(limit: 400)) ?? []

    /// Each layout of `widths` is, byte for byte, the layout at that `maxWidth` — also where a layout
    /// is reused for a later width, and with the other furniture on.
    @Test func eachLayoutIsTheLayoutAtThatWidth() throws {
        #expect(Self.corpus.count == 400, "bench/corpus/messages.jsonl is needed")
        var g = SeededGenerator(seed: 360)
        let renderer = JSONRenderer()
        for (n, text) in Self.corpus.enumerated() {
            var o = BubbleOptions()
            let widths = (0..<3).map { _ in Double(Int.random(in: 60...420, using: &g)) }
            o.widths = Widths(widths)
            if n % 5 == 0 { o.minTouchSize = 44 }
            if n % 7 == 0 { o.statusSlot = StatusSlot(width: 40, height: 14) }
            if n % 3 == 0 { o.maxLines = 2 }
            if n % 11 == 0 { o.balance = true }
            let layouts = try engine.layouts(Message(text: text), plan: engine.plan(for: o))
            #expect(layouts.count == 3)
            for (w, layout) in zip(widths, layouts) {
                var single = o
                single.widths = nil
                single.maxWidth = w
                #expect(renderer.render(layout) == renderer.render(try engine.layout(text: text, options: single)), "\(text.debugDescription) at \(w)")
            }
        }
    }

    @Test func theServerCacheShapesOnceForEveryWidth() throws {
        let cache = ShapedTextCache(capacity: 16)
        var o = BubbleOptions()
        o.widths = Widths([200, 280, 360, 480])
        let layouts = try engine.layouts(Message(text: "A message long enough to wrap at the narrower widths, not the wider"),
                                         plan: engine.plan(for: o), cache: cache)
        let counts = layouts.map(\.lineLayout.lines.count)
        #expect(counts == counts.sorted(by: >) && counts[0] > counts[3], "\(counts)")
        #expect(cache.misses == 1 && cache.hits == 0)
    }

    @Test func widthsAreChecked() throws {
        for bad in ["[]", "[0]", "[280, -1]", "\"280\"", "[\(Array(repeating: "100", count: 17).joined(separator: ","))]"] {
            #expect(throws: BubbleError.self, "\(bad)") { try BubbleOptions.decode(json: Array("{\"widths\": \(bad)}".utf8)).validate() }
        }
    }

    @Test(arguments: [("widths-ltr", "Are we still on for lunch tomorrow? I found a new place near the office"),
                      ("widths-rtl", "מחר בצהריים? מצאתי מקום חדש ליד המשרד, @דנה")])
    func golden(name: String, text: String) throws {
        var o = BubbleOptions()
        o.widths = Widths([160, 280, 360])
        let json = JSONRenderer(includeFonts: false).render(try engine.layouts(Message(text: text), plan: engine.plan(for: o)))
        let mismatch = snapshotMismatch(json, named: "\(name).json")
        #expect(mismatch == nil, Comment(rawValue: mismatch ?? ""))
    }
}
