import Bubble
import BubbleTestSupport
import Foundation
import Testing

/// Touch targets: grown into free space, split at the middle, inside the bubble, and what `hit` finds.
@Suite struct TouchTargetTests {
    /// Every target's rect and touch rect, with what a hit inside should find.
    struct Target {
        var rect: Rect
        var touch: Rect
        var link: Int?
        var emoji: Int?
    }

    static func targets(_ layout: BubbleLayout) -> [Target] {
        guard let t = layout.touchTargets else { return [] }
        var out: [Target] = []
        for (i, box) in layout.links.enumerated() {
            for (j, r) in box.rects.enumerated() { out.append(Target(rect: r, touch: t.links[i][j], link: i)) }
        }
        for (k, e) in layout.emoji.enumerated() { out.append(Target(rect: e.rect, touch: t.emoji[k], emoji: k)) }
        return out
    }

    static func overlap(_ a: Rect, _ b: Rect) -> Bool {
        a.x < b.maxX - 1e-9 && b.x < a.maxX - 1e-9 && a.y < b.maxY - 1e-9 && b.y < a.maxY - 1e-9
    }

    static let words = ["hello", "world", "@alice", "@bob", "https://example.com/a?b=c", "www.example.org", "[smile]", "[grinning_face]",
                        "😀", "👍🏽", "שלום", "@דנה", "مرحبا", "很久很久", "ok", ",", "\n"]

    /// The properties the issue asks for, on seeded random messages at random widths and sizes.
    @Test func touchRectsHoldTheirTargetsNeverOverlapAndHitTheirTargets() throws {
        var g = SeededGenerator(seed: 44_48)
        var checkedPoints = 0
        for round in 0..<250 {
            let text = (0..<Int.random(in: 1...16, using: &g)).map { _ in Self.words.randomElement(using: &g)! }.joined(separator: " ")
            var o = BubbleOptions()
            o.maxWidth = Double.random(in: 80...360, using: &g)
            o.minTouchSize = [44, 48, 30, 60].randomElement(using: &g)!
            o.maxLines = Int.random(in: 0...4, using: &g)
            if round % 3 == 0 { o.truncationToken = TruncationToken(text: "…more", url: "https://example.com/more") }
            if round % 4 == 0 { o.lineSpacing = Double.random(in: 0...12, using: &g) }
            let layout = try engine.layout(text: text, options: o)
            let targets = Self.targets(layout)
            #expect(targets.count == layout.links.reduce(0) { $0 + $1.rects.count } + layout.emoji.count)
            for (i, a) in targets.enumerated() {
                let note = "\(text.debugDescription) at \(o.maxWidth!), target \(i)"
                // Holds its target's rect, and stays inside the bubble.
                #expect(a.touch.x <= a.rect.x + 1e-9 && a.touch.y <= a.rect.y + 1e-9 && a.touch.maxX >= a.rect.maxX - 1e-9
                        && a.touch.maxY >= a.rect.maxY - 1e-9, "\(note): \(a.touch) ∌ \(a.rect)")
                #expect(a.touch.x >= -1e-9 && a.touch.y >= -1e-9 && a.touch.maxX <= layout.size.width + 1e-9
                        && a.touch.maxY <= layout.size.height + 1e-9, "\(note): \(a.touch) outside \(layout.size)")
                // Never over another target (targets whose own rects overlap are exempt: nothing to split).
                for b in targets[(i + 1)...] where !Self.overlap(a.rect, b.rect) {
                    #expect(!Self.overlap(a.touch, b.touch), "\(note): \(a.touch) overlaps \(b.touch)")
                }
                // Every point inside hits it (a grid of points strictly inside).
                guard targets.allSatisfy({ $0.rect == a.rect || !Self.overlap($0.rect, a.rect) }) else { continue }
                for fx in [0.02, 0.3, 0.5, 0.7, 0.98] {
                    for fy in [0.02, 0.5, 0.98] {
                        let x = a.touch.x + a.touch.width * fx, y = a.touch.y + a.touch.height * fy
                        let hit = layout.hitTest(x: x, y: y)
                        if let link = a.link { #expect(hit?.link == link, "\(note): (\(x), \(y)) hit link \(String(describing: hit?.link))") }
                        if let e = a.emoji { #expect(hit?.emoji == e, "\(note): (\(x), \(y)) hit emoji \(String(describing: hit?.emoji))") }
                        checkedPoints += 1
                    }
                }
            }
        }
        #expect(checkedPoints > 2000)
    }

    @Test func aLoneEmojiGetsTheWholeSizeCentredOnIt() throws {
        var o = BubbleOptions()
        o.minTouchSize = 44
        o.padding = Padding(EdgeInsets(all: 20))
        let layout = try engine.layout(text: "[smile]", options: o)
        let r = layout.emoji[0].rect, t = try #require(layout.touchTargets?.emoji[0])
        #expect(abs(t.width - 44) < 1e-9 && abs(t.height - 44) < 1e-9)
        #expect(abs(t.x + t.width / 2 - (r.x + r.width / 2)) < 1e-9 && abs(t.y + t.height / 2 - (r.y + r.height / 2)) < 1e-9)
    }

    @Test func neighboursSplitTheSpaceBetweenThemAtItsMiddle() throws {
        var o = BubbleOptions()
        o.minTouchSize = 48
        let layout = try engine.layout(text: "[smile] [smile]", options: o)
        let a = layout.emoji[0].rect, b = layout.emoji[1].rect
        let ta = try #require(layout.touchTargets?.emoji[0]), tb = try #require(layout.touchTargets?.emoji[1])
        let middle = (a.maxX + b.x) / 2
        #expect(abs(ta.maxX - middle) < 1e-9 && abs(tb.x - middle) < 1e-9)
        #expect(ta.x >= 0 && tb.maxX <= layout.size.width + 1e-9)
    }

    @Test func offMeansNoTouchRectsAndGlyphRectHits() throws {
        let layout = try engine.layout(text: "hi @alice")
        #expect(layout.touchTargets == nil)
        #expect(!JSONRenderer().render(layout).contains("touchRect"))
        let r = layout.links[0].rects[0]
        #expect(layout.hitTest(x: r.x + 1, y: r.y - 1)?.link == nil)
        var o = BubbleOptions()
        o.minTouchSize = 44
        let touched = try engine.layout(text: "hi @alice", options: o)
        #expect(touched.hitTest(x: r.x + 1, y: r.y - 1)?.link == 0)
    }

    @Test func theMoreTokenGetsOneTouchRect() throws {
        var o = BubbleOptions()
        o.minTouchSize = 44
        o.maxLines = 1
        o.truncationToken = TruncationToken(text: "…more", url: "https://example.com/more")
        let layout = try engine.layout(text: String(repeating: "words and more words ", count: 10), options: o)
        let json = try #require(JSONSerialization.jsonObject(with: Data(JSONRenderer().render(layout).utf8)) as? [String: Any])
        let links = try #require(json["links"] as? [[String: Any]])
        let more = try #require(links.first { $0["kind"] as? String == "more" })
        #expect(more["touchRect"] is [String: Any])
        #expect(more["touchRects"] == nil)
        #expect(layout.touchTargets?.links.last?.count == 1)
    }

    @Test(arguments: [("touch-ltr", "Ping @alice or see https://example.com/docs [smile] [smile]"),
                      ("touch-rtl", "שלום @דנה! ראי https://example.com/he [smile]")])
    func golden(name: String, text: String) throws {
        var o = BubbleOptions()
        o.minTouchSize = 44
        o.maxWidth = 240
        let json = JSONRenderer(includeFonts: false).render(try engine.layout(text: text, options: o))
        let mismatch = snapshotMismatch(json, named: "\(name).json")
        #expect(mismatch == nil, Comment(rawValue: mismatch ?? ""))
    }
}
