import BubbleTestSupport
import Foundation
import Testing

/// `bubble hit` through the built binary.
@Suite struct CommandLineHitTests {
    /// The first rect of the first link of `text`'s layout.
    func firstLinkRect(_ text: String, _ extra: [String] = []) throws -> (x: Double, y: Double, w: Double, h: Double) {
        let r = try runBubble(["layout", "--text", text] + extra)
        let j = try #require(try JSONSerialization.jsonObject(with: Data(r.stdout.utf8)) as? [String: Any])
        let link = try #require((j["links"] as? [[String: Any]])?.first)
        let rect = try #require((link["rects"] as? [[String: Any]])?.first)
        func n(_ k: String) -> Double { (rect[k] as? NSNumber)?.doubleValue ?? .nan }
        return (n("x"), n("y"), n("width"), n("height"))
    }

    @Test func aPointOnALinkFindsIt() throws {
        let text = "Docs at https://example.com today"
        let rect = try firstLinkRect(text)
        let r = try runBubble(["hit", "--x", "\(rect.x + rect.w / 2)", "--y", "\(rect.y + rect.h / 2)"], stdin: Array(text.utf8))
        #expect(r.status == 0, "\(r.stderr)")
        #expect(r.stdout.hasPrefix(#"{"hit":true,"offset":"#), "fixed key order: \(r.stdout)")
        let j = try #require(try JSONSerialization.jsonObject(with: Data(r.stdout.utf8)) as? [String: Any])
        let link = try #require(j["link"] as? [String: Any])
        #expect(link["kind"] as? String == "url")
        #expect(link["target"] as? String == "https://example.com")
        #expect((link["start"] as? Int, link["end"] as? Int) == (8, 27))
        let offset = try #require(j["offset"] as? Int)
        #expect((8...27).contains(offset))
        #expect(j["line"] as? Int == 0)
        #expect(j["emoji"] is NSNull)
    }

    @Test func aMarkupLinkReportsMarkupOffsets() throws {
        let markup = #"Go <a href="https://example.com">here</a>"#
        let rect = try firstLinkRect(markup, ["--input", "markup"])
        let r = try runBubble(["hit", "--input", "markup", "--x", "\(rect.x + 1)", "--y", "\(rect.y + 1)"], stdin: Array(markup.utf8))
        let j = try #require(try JSONSerialization.jsonObject(with: Data(r.stdout.utf8)) as? [String: Any])
        let link = try #require(j["link"] as? [String: Any])
        #expect(link["text"] as? String == "here")
        #expect(link["target"] as? String == "https://example.com")
    }

    @Test func aPointOnAnEmojiFindsIt() throws {
        let r0 = try runBubble(["layout", "--text", "ok [party] ok"])
        let j0 = try #require(try JSONSerialization.jsonObject(with: Data(r0.stdout.utf8)) as? [String: Any])
        let rect = try #require(((j0["emoji"] as? [[String: Any]])?.first)?["rect"] as? [String: Any])
        let x = (rect["x"] as! NSNumber).doubleValue + 2, y = (rect["y"] as! NSNumber).doubleValue + 2
        let r = try runBubble(["hit", "--x", "\(x)", "--y", "\(y)", "--text", "ok [party] ok"])
        let j = try #require(try JSONSerialization.jsonObject(with: Data(r.stdout.utf8)) as? [String: Any])
        #expect((j["emoji"] as? [String: Any])?["name"] as? String == "party")
        #expect(j["link"] is NSNull)
    }

    @Test func aPointOutsideTheBubbleIsNoHit() throws {
        let r = try runBubble(["hit", "--x", "5000", "--y", "5", "--text", "hello"])
        #expect(r.status == 0)
        #expect(r.stdout == #"{"hit":false}"# + "\n")
    }

    @Test func xAndYAreRequired() throws {
        let r = try runBubble(["hit", "--text", "hello"])
        #expect(r.status == 2)
        #expect(r.stderr.contains("--x"))
    }
}
