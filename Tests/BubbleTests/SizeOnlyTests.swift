import Bubble
import BubbleTestSupport
import Foundation
import Testing

/// `BubbleEngine.size`, the size-only path (lines broken, no report, no JSON), against the full layout.
@Suite struct SizeOnlyTests {
    static let corpus: [String] = (try? Corpus.texts(limit: 600)) ?? []

    /// The option sets each message is sized under: the defaults, truncation, padding and a status slot,
    /// balancing, a fixed line height with paragraph spacing, touch targets (which only the report makes).
    static func variants(_ n: Int, width: Double) -> BubbleOptions {
        var o = BubbleOptions()
        o.maxWidth = width
        switch n % 6 {
        case 1: o.maxLines = 2; o.ellipsis = "…"
        case 2: o.padding = Padding(EdgeInsets(top: 6, right: 10, bottom: 8, left: 12)); o.statusSlot = StatusSlot(width: 40, height: 14)
        case 3: o.balance = true; o.maxLines = 3
        case 4: o.lineHeight = .multiple(1.5); o.paragraphSpacing = 4
        case 5: o.minTouchSize = 44; o.lineMetrics = .web
        default: break
        }
        return o
    }

    /// Width, height, line count and truncation are the full layout's, for every corpus message at
    /// several widths under each option set.
    @Test func sizeOnlyIsTheLayoutsSizeOnTheCorpus() throws {
        #expect(Self.corpus.count == 600, "bench/corpus/messages.jsonl is needed")
        var g = SeededGenerator(seed: 27)
        var truncated = 0
        for (n, text) in Self.corpus.enumerated() {
            for _ in 0..<3 {
                let o = Self.variants(n, width: Double(Int.random(in: 40...480, using: &g)))
                let full = BubbleSize(try engine.layout(text: text, options: o))
                let size = try engine.size(Message(text: text), options: o)
                #expect(size == full, "\(text.debugDescription) under \(o)")
                if size.truncated { truncated += 1 }
            }
        }
        #expect(truncated > 100, "the corpus at narrow widths truncates: \(truncated)")
    }

    /// Every Example, with its own options, at its width and two others.
    @Test func sizeOnlyIsTheLayoutsSizeOnTheExamples() throws {
        let folder = Corpus.repositoryRoot.appendingPathComponent("Examples")
        let names = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasSuffix(".txt") }.sorted()
        #expect(names.count >= 20)
        for name in names {
            let base = folder.appendingPathComponent(String(name.dropLast(4))).path
            let text = try String(contentsOfFile: base + ".txt", encoding: .utf8)
            var o = BubbleOptions()
            if let data = FileManager.default.contents(atPath: base + ".options.json") { o = try BubbleOptions.decode(json: Array(data)) }
            for width in [o.maxWidth, 160, 400] {
                var w = o
                w.maxWidth = width
                w.widths = nil
                let full = BubbleSize(try engine.layout(text: text, options: w))
                #expect(try engine.size(Message(text: text), options: w) == full, "\(name) at \(width.map(String.init(describing:)) ?? "default")")
            }
        }
    }

    /// A long message cut by maxLines (laid out from a prefix) and markup give the full layout's size too.
    @Test func longMessagesAndMarkup() throws {
        var o = BubbleOptions()
        o.maxLines = 4
        let long = String(repeating: "A long message that the prefix path lays out in part, https://example.com/x ", count: 400)
        let message = Message(text: long)
        #expect(try engine.size(message, options: o) == BubbleSize(try engine.layout(message, options: o)))
        #expect(try engine.size(message, options: o).truncated)
        let markup = Message(markup: "**Bold** and _italic_ with a [link](https://example.com) and `code`")
        #expect(try engine.size(markup, options: nil) == BubbleSize(try engine.layout(markup, options: nil)))
    }
}
