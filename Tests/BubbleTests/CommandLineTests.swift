import BubbleTestSupport
import Foundation
import Testing

@Suite struct CommandLineTests {
    @Test func layoutReadsStandardInput() throws {
        let r = try runBubble(["layout", "--max-width", "100"], stdin: Array("Hello, world\n很久很久以前，在一个群里".utf8))
        #expect(r.status == 0, "\(r.stderr)")
        let json = try JSONSerialization.jsonObject(with: Data(r.stdout.utf8)) as! [String: Any]
        #expect((json["lineCount"] as! Int) >= 3)
    }

    @Test func invalidUTF8ExitsWithTwoAndSaysWhy() throws {
        let r = try runBubble(["layout"], stdin: [0x61, 0xC3])
        #expect(r.status == 2)
        #expect(r.stderr.contains("invalid_utf8"))
    }

    @Test func anUnknownFlagIsAUsageError() throws {
        let r = try runBubble(["layout", "--max-wdth", "3"])
        #expect(r.status == 2)
        #expect(r.stderr.contains("--max-wdth") || r.stderr.contains("max-wdth"))
        #expect(r.stderr.contains("--max-width"), "suggests the flag meant: \(r.stderr)")
    }

    @Test func anOptionsFileIsReadAndFlagsWin() throws {
        let path = NSTemporaryDirectory() + "bubble-options-\(getpid()).json"
        try Data(#"{"maxWidth": 60, "maxLines": 1}"#.utf8).write(to: URL(fileURLWithPath: path))
        defer { try? FileManager.default.removeItem(atPath: path) }
        let r = try runBubble(["layout", "--options", path, "--max-lines", "2", "--text", "one two three four five six seven"])
        #expect(r.status == 0, "\(r.stderr)")
        let json = try JSONSerialization.jsonObject(with: Data(r.stdout.utf8)) as! [String: Any]
        #expect(json["lineCount"] as? Int == 2)
        #expect(json["truncated"] as? Bool == true)
    }
}
