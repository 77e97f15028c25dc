import BubbleTestSupport
import Foundation
import Testing

/// `layout`, `svg`: input formats, link maps, help and completions, through the built binary.
@Suite struct CommandLineInputTests {
    func json(_ s: String) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: Data(s.utf8)) as? [String: Any])
    }

    @Test func spansFromStandardInput() throws {
        let spans = #"[{"type":"txt","content":"Hi ","color":"red"},{"type":"link","content":"docs","url":"https://example.com"},{"type":"img","name":"cat.png","width":40,"height":30}]"#
        let r = try runBubble(["layout", "--input", "spans"], stdin: Array(spans.utf8))
        #expect(r.status == 0, "\(r.stderr)")
        let j = try json(r.stdout)
        let links = try #require(j["links"] as? [[String: Any]])
        #expect(links.first?["target"] as? String == "https://example.com")
        #expect((links.first?["start"] as? Int, links.first?["end"] as? Int) == (3, 7))
        let emoji = try #require(j["emoji"] as? [[String: Any]])
        #expect(emoji.first?["kind"] as? String == "image")
    }

    @Test func malformedSpansExitWithTwo() throws {
        let r = try runBubble(["layout", "--input", "spans"], stdin: Array(#"[{"type":"video"}]"#.utf8))
        #expect(r.status == 2)
        #expect(r.stderr.contains("malformed_spans"), "\(r.stderr)")
    }

    @Test func markupFromText() throws {
        let r = try runBubble(["layout", "--input", "markup", "--text", #"<b>Bold</b> <a href="https://x.example">x</a><br>next"#])
        #expect(r.status == 0, "\(r.stderr)")
        let j = try json(r.stdout)
        #expect(j["lineCount"] as? Int == 2)
        let links = try #require(j["links"] as? [[String: Any]])
        #expect(links.first?["target"] as? String == "https://x.example")
    }

    @Test func aLinkMapFileLinksItsText() throws {
        let path = NSTemporaryDirectory() + "bubble-linkmap-\(getpid()).json"
        try Data(#"{"@百度": "https://www.baidu.com"}"#.utf8).write(to: URL(fileURLWithPath: path))
        defer { try? FileManager.default.removeItem(atPath: path) }
        let r = try runBubble(["layout", "--link-map", path], stdin: Array("问@百度吧".utf8))
        #expect(r.status == 0, "\(r.stderr)")
        let links = try #require(try json(r.stdout)["links"] as? [[String: Any]])
        #expect(links.first?["target"] as? String == "https://www.baidu.com")
    }

    @Test func aBadLinkMapIsAUsageError() throws {
        let r = try runBubble(["layout", "--link-map", "/nonexistent/map.json", "--text", "x"])
        #expect(r.status == 2)
        #expect(r.stderr.contains("--link-map"))
    }

    @Test func svgGoesToStandardOutput() throws {
        let r = try runBubble(["svg", "--theme", "outgoing"], stdin: Array("Hello [party]".utf8))
        #expect(r.status == 0, "\(r.stderr)")
        #expect(r.stdout.hasPrefix("<svg") || r.stdout.hasPrefix("<?xml"))
        #expect(r.stdout.contains("</svg>"))
    }

    @Test func invalidUTF8OnStandardInputForSVG() throws {
        let r = try runBubble(["svg"], stdin: [0x68, 0xFF, 0x69])
        #expect(r.status == 2)
        #expect(r.stderr.contains("invalid_utf8"))
        let replaced = try runBubble(["layout", "--invalid-utf8", "replace"], stdin: [0x68, 0xFF, 0x69])
        #expect(replaced.status == 0, "\(replaced.stderr)")
    }

    @Test(arguments: ["layout", "svg", "hit", "batch", "emoji", "emoji list", "emoji show"])
    func everySubcommandHasAnExample(_ command: String) throws {
        let r = try runBubble(command.split(separator: " ").map(String.init) + ["--help"])
        #expect(r.status == 0)
        #expect(r.stdout.contains("Example"), "\(command) --help has no example")
    }

    @Test func completionScripts() throws {
        for shell in ["bash", "zsh", "fish"] {
            let r = try runBubble(["--generate-completion-script", shell])
            #expect(r.status == 0)
            #expect(r.stdout.contains("batch") && r.stdout.contains("emoji"), "\(shell)")
        }
    }
}
