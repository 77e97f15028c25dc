import Bubble
import BubbleTestSupport
import Foundation
import Testing

/// The furniture options through the built `bubble` binary: flags, `layouts`, batch lines, SVG overlay, hit.
@Suite struct CommandLineFurnitureTests {
    @Test func widthsPrintOneLayoutPerWidthEachAsAtThatMaxWidth() throws {
        let text = Array("A message that wraps at the narrower of the two widths, @alice".utf8)
        let both = try runBubble(["layout", "--widths", "160,360"], stdin: text)
        #expect(both.status == 0, "\(both.stderr)")
        let narrow = try runBubble(["layout", "--max-width", "160"], stdin: text).stdout
        let wide = try runBubble(["layout", "--max-width", "360"], stdin: text).stdout
        let expected = "{\"layouts\":[" + narrow.dropLast() + "," + wide.dropLast() + "]}\n"
        #expect(both.stdout == expected)
    }

    @Test func aBatchLineWithWidthsGetsLayouts() throws {
        let input = Array(#"""
            {"id":1,"text":"hello there","options":{"widths":[120,300]}}
            {"id":2,"text":"hello there"}
            {"id":3,"text":"x","options":{"widths":[]}}

            """#.utf8)
        let r = try runBubble(["batch"], stdin: input)
        let lines = r.stdout.split(separator: "\n").map { try! JSONSerialization.jsonObject(with: Data($0.utf8)) as! [String: Any] }
        #expect((lines[0]["layouts"] as? [[String: Any]])?.count == 2)
        #expect(lines[1]["layout"] is [String: Any])
        #expect((lines[2]["error"] as? [String: Any])?["code"] as? String == "invalid_options")
    }

    @Test func theFurnitureFlags() throws {
        let r = try runBubble(["layout", "--status-slot", "40,14", "--status-gap", "4", "--jumbo-emoji", "--jumbo-emoji-scale", "2,2,2",
                               "--min-touch-size", "48"], stdin: Array("😀".utf8))
        #expect(r.status == 0, "\(r.stderr)")
        let json = try #require(JSONSerialization.jsonObject(with: Data(r.stdout.utf8)) as? [String: Any])
        #expect(json["jumbo"] as? Bool == true)
        #expect((json["status"] as? [String: Any])?["inline"] as? Bool == true)
        #expect(((json["emoji"] as? [[String: Any]])?.first?["touchRect"]) is [String: Any])
        let bad = try runBubble(["layout", "--status-slot", "40"], stdin: Array("x".utf8))
        #expect(bad.status == 2)
        #expect(bad.stderr.contains("statusSlot"))
    }

    @Test func theDebugOverlayDrawsTheSlotAndTheTouchRects() throws {
        let r = try runBubble(["svg", "--debug", "--status-slot", "40,14", "--min-touch-size", "44"], stdin: Array("see @alice [smile]".utf8))
        #expect(r.status == 0)
        #expect(r.stdout.contains(#"stroke-dasharray="2 1""#))  // the status placeholder
        #expect(r.stdout.contains(##"stroke="#AF52DE""##))  // touch rects
        let plain = try runBubble(["svg", "--status-slot", "40,14", "--min-touch-size", "44"], stdin: Array("see @alice [smile]".utf8))
        #expect(!plain.stdout.contains("stroke-dasharray"))
    }

    @Test func hitUsesTouchRects() throws {
        let layout = try engine.layout(text: "see @alice")
        let r = layout.links[0].rects[0]
        let args = ["hit", "--x", "\(r.x + 2)", "--y", "\(r.y - 3)"]
        let without = try runBubble(args, stdin: Array("see @alice".utf8)).stdout
        let with = try runBubble(args + ["--min-touch-size", "44"], stdin: Array("see @alice".utf8)).stdout
        #expect(without.contains(#""link":null"#))
        #expect(with.contains(#""link":{"index":0,"kind":"mention""#))
    }
}
