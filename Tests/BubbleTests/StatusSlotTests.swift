import Bubble
import BubbleTestSupport
import Foundation
import Testing

/// The status slot: the client's time and ticks at the end of the last line, or on a line of its own.
@Suite struct StatusSlotTests {
    static let slot = StatusSlot(width: 40, height: 14)

    func options(_ change: (inout BubbleOptions) -> Void = { _ in }) -> BubbleOptions {
        var o = BubbleOptions()
        o.statusSlot = StatusSlotTests.slot
        change(&o)
        return o
    }

    /// Every edge of the slot inside the bubble.
    func expectInside(_ layout: BubbleLayout, _ note: String = "") {
        guard let r = layout.status?.rect else { Issue.record("no status \(note)"); return }
        #expect(r.x >= -1e-9 && r.y >= -1e-9 && r.maxX <= layout.size.width + 1e-9 && r.maxY <= layout.size.height + 1e-9, "\(r) \(layout.size) \(note)")
    }

    @Test func aShortLineTakesTheSlotInlineAndGrowsByGapAndSlot() throws {
        let plain = try engine.layout(text: "See you at 8")
        let layout = try engine.layout(text: "See you at 8", options: options())
        let status = try #require(layout.status)
        #expect(status.inline)
        #expect(abs(layout.size.width - (plain.size.width + 6 + 40)) < 1e-9)
        #expect(layout.size.height == plain.size.height)
        let line = layout.lineLayout.lines[0]
        // Bottom on the line box's bottom, at the end (right) of the content box.
        #expect(abs(status.rect.maxY - (line.top + line.height + layout.padding.top)) < 1e-9)
        #expect(abs(status.rect.maxX - (layout.size.width - layout.padding.right)) < 1e-9)
        #expect(status.rect.x >= layout.padding.left + line.x + line.width + 6 - 1e-9)
        expectInside(layout)
    }

    @Test func aLastLineThatAlmostFillsTheWidthPutsTheSlotOnALineOfItsOwn() throws {
        let text = "The slot does not fit here"
        let measured = try engine.layout(text: text, options: options { $0.statusSlot = nil; $0.maxWidth = 1000 })
        let lineWidth = measured.lineLayout.lines[0].width
        let pad = BubbleOptions.defaultPadding
        let o = options { $0.maxWidth = lineWidth + pad.left + pad.right + 10 }  // 10 px left: the slot needs 46
        let plain = try engine.layout(text: text, options: options { $0.statusSlot = nil; $0.maxWidth = o.maxWidth })
        let layout = try engine.layout(text: text, options: o)
        #expect(layout.lineLayout.lines.count == 1)
        let status = try #require(layout.status)
        #expect(!status.inline)
        #expect(abs(layout.size.height - (plain.size.height + 14)) < 1e-9)
        #expect(layout.size.width == plain.size.width)
        #expect(abs(status.rect.y - (plain.size.height - pad.bottom)) < 1e-9)
        #expect(abs(status.rect.maxX - (layout.size.width - pad.right)) < 1e-9)
        expectInside(layout)
    }

    @Test func inARightToLeftParagraphTheSlotSitsAtTheLeft() throws {
        let layout = try engine.layout(text: "שלום, נתראה מחר", options: options())
        let status = try #require(layout.status)
        #expect(status.inline)
        #expect(abs(status.rect.x - layout.padding.left) < 1e-9)
        // The line keeps to the right, clear of the slot.
        let line = layout.lineLayout.lines[0]
        #expect(layout.padding.left + line.x >= status.rect.maxX + 6 - 1e-9)
        #expect(abs(layout.padding.left + line.x + line.width - (layout.size.width - layout.padding.right)) < 1e-9)
        expectInside(layout)
    }

    @Test func endAndCenterAlignmentKeepTextClearOfTheSlot() throws {
        for alignment in [TextAlignment.end, .center] {
            let layout = try engine.layout(text: "A first line that is long enough to wrap around\nshort", options: options { $0.alignment = alignment })
            let status = try #require(layout.status)
            #expect(status.inline)
            let last = layout.lineLayout.lines.last!
            #expect(layout.padding.left + last.x + last.width + 6 <= status.rect.x + 1e-9, "\(alignment)")
            expectInside(layout)
        }
    }

    @Test func aTruncatedMessageShowsTheSlotAfterTheToken() throws {
        let o = options {
            $0.maxLines = 2
            $0.truncationToken = TruncationToken(text: "…more", url: "https://example.com/more")
        }
        let text = String(repeating: "A long story about a chat bubble that keeps going. ", count: 6)
        let layout = try engine.layout(text: text, options: o)
        #expect(layout.lineLayout.truncated)
        let status = try #require(layout.status)
        #expect(status.inline)
        let more = try #require(layout.links.first { $0.link.kind == .more }?.rects.first)
        #expect(status.rect.x >= more.maxX + 6 - 1e-9)
        #expect(abs(status.rect.maxY - more.maxY) < 1e-9)
        #expect(layout.size.width <= 280 + 1e-9)
        expectInside(layout)
    }

    @Test func aMessageOfOnlyEmojiTakesTheSlotToo() throws {
        for jumbo in [false, true] {
            let layout = try engine.layout(text: "😀😀", options: options { $0.jumboEmoji = jumbo })
            let status = try #require(layout.status)
            #expect(status.inline)
            #expect(layout.jumbo == jumbo)
            let line = layout.lineLayout.lines[0]
            #expect(abs(status.rect.maxY - (layout.padding.top + line.top + line.height)) < 1e-9)
            expectInside(layout)
        }
    }

    @Test func aSlotTallerThanTheLastLineGoesBelow() throws {
        let layout = try engine.layout(text: "hi", options: options { $0.statusSlot = StatusSlot(width: 20, height: 40) })
        #expect(layout.status?.inline == false)
        expectInside(layout)
    }

    @Test func theSlotIsAlwaysInsideTheBubble() throws {
        var g = SeededGenerator(seed: 17)
        let words = ["hello", "שלום", "مرحبا", "很久以前", "[smile]", "😀", "https://example.com/a", "@bob", "supercalifragilistic"]
        for _ in 0..<200 {
            let text = (0..<Int.random(in: 1...14, using: &g)).map { _ in words.randomElement(using: &g)! }.joined(separator: " ")
            let o = options {
                $0.maxWidth = Double.random(in: 60...360, using: &g)
                $0.maxLines = Int.random(in: 0...3, using: &g)
                $0.statusSlot = StatusSlot(width: Double.random(in: 0...80, using: &g), height: Double.random(in: 0...30, using: &g))
                $0.alignment = [.start, .end, .center].randomElement(using: &g)!
            }
            let layout = try engine.layout(text: text, options: o)
            expectInside(layout, text)
            // Never wider than the width asked, unless the text alone or the slot alone is.
            var without = o
            without.statusSlot = nil
            let plain = try engine.layout(text: text, options: without)
            #expect(layout.size.width <= max(o.maxWidth!, plain.size.width, o.statusSlot!.width + 24) + 1e-6, "\(text)")
        }
    }

    @Test(arguments: [("status-ltr", "Running late, see you at the café in ten"), ("status-rtl", "מאחר קצת, נתראה בבית הקפה בעוד עשר דקות")])
    func golden(name: String, text: String) throws {
        let json = JSONRenderer(includeFonts: false).render(try engine.layout(text: text, options: options { $0.maxWidth = 240 }))
        let mismatch = snapshotMismatch(json, named: "\(name).json")
        #expect(mismatch == nil, Comment(rawValue: mismatch ?? ""))
    }
}
