import Bubble
import Foundation
import Testing

/// Links through the whole engine: the seed sample's mentions whole at every width, truncation reported per
/// link and emoji, the `more` token's hit, markup ranges without tags.
@Suite struct LinkReportTests {
    static let seedText = (try? String(contentsOf: CommandLineExamplesTests.folder.appendingPathComponent("seed-sample.txt"), encoding: .utf8)) ?? ""
    static let seedLinkMap = ["@百度": "https://www.baidu.com", "@腾讯": "https://www.qq.com",
                              "@谷歌": "https://www.google.com", "@脸书": "https://www.facebook.com"]

    static func json(_ layout: BubbleLayout) throws -> [String: Any] {
        try JSONSerialization.jsonObject(with: Data(JSONRenderer(includeFonts: false).render(layout).utf8)) as! [String: Any]
    }

    /// Issue 14: at about a third of the widths from 120 to 400 px the sample ended a line with `@` and began
    /// the next with `腾讯`. Every width, 1 px apart: each mention on one line, with one rect.
    @Test func theSeedSampleKeepsEveryMentionWholeFrom120To400px() throws {
        #expect(Self.seedText.hasPrefix("很久很久以前"))
        var o = BubbleOptions()
        o.linkMap = Self.seedLinkMap
        let widths = Array(stride(from: 120.0, through: 400, by: 1))
        let layouts = try engine.layouts(Message(text: Self.seedText), widths: widths, options: o)
        #expect(layouts.count == widths.count)
        for (width, layout) in zip(widths, layouts) {
            #expect(layout.links.map { layout.text(of: $0) } == ["@百度", "@腾讯", "@谷歌", "@脸书"])
            for box in layout.links {
                let line = layout.lineLayout.lines.first { $0.range.contains(box.range.lowerBound) }!
                #expect(line.range.upperBound >= box.range.upperBound, "\(layout.text(of: box)) split at \(width) px")
                #expect(box.rects.count == 1, "\(layout.text(of: box)) at \(width) px: \(box.rects)")
            }
        }
        // With atomicLinks off, plain UAX #14 splits some of them (the check above can fail).
        o.atomicLinks = false
        let plain = try engine.layouts(Message(text: Self.seedText), widths: widths, options: o)
        let split = plain.filter { layout in layout.links.contains { $0.rects.count > 1 } }.count
        #expect(split > 20)
    }

    @Test func truncationSaysWhatItCut() throws {
        var o = BubbleOptions()
        o.maxWidth = 200
        o.maxLines = 2
        o.truncationToken = TruncationToken(text: "…more", url: "https://example.com/more")
        let text = "hi @bob 😀 please read https://example.com/a/very/long/path/that/goes/on/and/on then ping @carol 👍 [emoji]"
        let layout = try engine.layout(text: text, options: o)
        #expect(layout.lineLayout.truncated)
        let json = try Self.json(layout)
        let links = json["links"] as! [[String: Any]]
        // @carol, after the cut, is listed hidden (after the `more` token), with its range and no rects; the URL
        // is cut and keeps its whole range.
        #expect(links.map { $0["text"] as! String } == ["@bob", "https://example.com/a/very/long/path/that/goes/on/and/on", "…more", "@carol"])
        #expect(links.map { $0["visibility"] as! String } == ["visible", "cut", "visible", "hidden"])
        #expect(links.map { ($0["rects"] as! [Any]).isEmpty } == [false, false, false, true])
        #expect((links[3]["start"] as! Int, links[3]["end"] as! Int) == (90, 96))
        #expect((links[1]["start"] as! Int, links[1]["end"] as! Int) == (23, 79))
        let shownEnd = (json["visible"] as! [String: Int])["end"]!
        #expect(shownEnd > 23 && shownEnd < 79)
        let emoji = json["emoji"] as! [[String: Any]]
        // 😀 shows; 👍 and the [emoji] token are hidden: ranges, no rect.
        #expect(emoji.map { $0["visibility"] as! String } == ["visible", "hidden", "hidden"])
        #expect(emoji.map { $0["kind"] as! String } == ["unicode", "unicode", "token"])
        #expect(emoji.map { $0["rect"] == nil } == [false, true, true])
        #expect(emoji.map { $0["start"] as! Int } == [8, 97, 100])
        // Without truncation everything is visible.
        o.maxLines = nil
        let whole = try Self.json(try engine.layout(text: text, options: o))
        #expect((whole["links"] as! [[String: Any]]).allSatisfy { $0["visibility"] as? String == "visible" })
        #expect((whole["emoji"] as! [[String: Any]]).allSatisfy { $0["visibility"] as? String == "visible" })
    }

    @Test func theMoreTokensHitReportsItsTextAndURL() throws {
        var o = BubbleOptions()
        o.maxWidth = 160
        o.maxLines = 2
        o.truncationToken = TruncationToken(text: "…more", url: "https://example.com/more")
        let layout = try engine.layout(text: "one two three four five six seven eight nine ten eleven twelve", options: o)
        let box = try #require(layout.links.last)
        #expect(box.link.kind == .more)
        let rect = box.rects[0]
        let hit = try #require(layout.hitTest(x: rect.x + rect.width / 2, y: rect.y + rect.height / 2))
        #expect(hit.link == layout.links.count - 1)
        let answer = try JSONSerialization.jsonObject(with: Data(JSONRenderer().render(hit, in: layout).utf8)) as! [String: Any]
        let link = try #require(answer["link"] as? [String: Any])
        #expect(link["kind"] as? String == "more")
        #expect(link["text"] as? String == "…more")
        #expect(link["target"] as? String == "https://example.com/more")
    }

    /// Markup ranges in the report cover the content only, never the closing tag (`@bob</b>` was reported
    /// with its `</b>`), in every offset unit.
    @Test(arguments: [OffsetUnit.utf16, .utf8, .scalars])
    func markupRangesInTheReportStopAtTags(unit: OffsetUnit) throws {
        let markup = #"<b>@bob</b> and <a href="https://x.example">@alice-smith</a>!<i>[grinning_face]</i> 😀"#
        var o = BubbleOptions()
        o.offsets = unit
        let layout = try engine.layout(Message(markup: markup), options: o)
        let rendered = JSONRenderer(offsets: unit, includeFonts: false).render(layout)
        let json = try JSONSerialization.jsonObject(with: Data(rendered.utf8)) as! [String: Any]
        let source = Array(markup.unicodeScalars)
        func text(_ start: Int, _ end: Int) -> String {
            switch unit {
            case .utf16: return String(decoding: Array(markup.utf16)[start..<end], as: UTF16.self)
            case .utf8: return String(decoding: Array(markup.utf8)[start..<end], as: UTF8.self)
            case .scalars: var s = ""; s.unicodeScalars.append(contentsOf: source[start..<end]); return s
            }
        }
        let links = json["links"] as! [[String: Any]]
        #expect(links.map { text($0["start"] as! Int, $0["end"] as! Int) } == ["@bob", "@alice-smith"])
        let emoji = json["emoji"] as! [[String: Any]]
        #expect(emoji.map { text($0["start"] as! Int, $0["end"] as! Int) } == ["[grinning_face]", "😀"])
        // A hit on the mention reports the same range.
        let rect = layout.links[0].rects[0]
        let hit = try #require(layout.hitTest(x: rect.x + rect.width / 2, y: rect.y + rect.height / 2))
        let answer = try JSONSerialization.jsonObject(with: Data(JSONRenderer(offsets: unit).render(hit, in: layout).utf8)) as! [String: Any]
        let link = try #require(answer["link"] as? [String: Any])
        #expect(text(link["start"] as! Int, link["end"] as! Int) == "@bob")
    }
}
