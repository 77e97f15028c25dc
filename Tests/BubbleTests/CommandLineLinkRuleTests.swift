import BubbleTestSupport
import Foundation
import Testing

/// `--link-rules FILE` on the commands that lay out: the file `bubble serve --link-rules` reads, every
/// rule switched on in order, the same bytes as `linkRules` in an options file, in `layout` and `batch`.
@Suite struct CommandLineLinkRuleTests {
    let folder: URL

    init() throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("bubble-rules-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    }

    func write(_ name: String, _ text: String) throws -> String {
        let url = folder.appendingPathComponent(name)
        try Data(text.utf8).write(to: url)
        return url.path
    }

    static let rules = #"[{"name": "ticket", "pattern": "\\b[A-Z]{2,5}-\\d+\\b", "kind": "ticket", "target": "https://t.example/$0"}, "hashtag"]"#
    static let text = "Fix PAY-12 today #release @bob"

    @Test func layoutAndBatchSwitchEveryRuleOfTheFileOn() throws {
        let file = try write("rules.json", Self.rules)
        let layout = try runBubble(["layout", "--link-rules", file, "--text", Self.text])
        #expect(layout.status == 0, "\(layout.stderr)")
        let json = try JSONSerialization.jsonObject(with: Data(layout.stdout.utf8)) as! [String: Any]
        let links = (json["links"] as! [[String: Any]]).map { "\($0["kind"]!) \($0["target"]!)" }
        #expect(links == ["ticket https://t.example/PAY-12", "hashtag #release", "mention @bob"])
        // The same rules given as the linkRules option give the same bytes.
        let options = try write("options.json", #"{"linkRules": \#(Self.rules)}"#)
        let viaOptions = try runBubble(["layout", "--options", options, "--text", Self.text])
        #expect(viaOptions.stdout == layout.stdout)
        // Batch: the file's rules are every line's default.
        let batch = try runBubble(["batch", "--link-rules", file], stdin: Array(#"{"id":1,"text":"\#(Self.text)"}"#.utf8) + [0x0A])
        #expect(batch.status == 0, "\(batch.stderr)")
        #expect(batch.stdout == #"{"id":1,"layout":"# + layout.stdout.dropLast() + "}\n")
        // Without the flag, no ticket and no hashtag.
        let plain = try runBubble(["layout", "--text", Self.text])
        #expect(!plain.stdout.contains(#""kind":"ticket""#) && !plain.stdout.contains(#""kind":"hashtag""#))
    }

    @Test func aBadFileStopsTheCommandAndNamesIt() throws {
        let broken = try write("broken.json", #"[{"name": "t", "pattern": "(a"}]"#)
        let r = try runBubble(["layout", "--link-rules", broken, "--text", "x"])
        #expect(r.status == 2)
        #expect(r.stderr.contains("--link-rules \(broken)") && r.stderr.contains("does not compile"), "\(r.stderr)")
        let twice = try write("twice.json", #"["hashtag", {"name": "hashtag"}]"#)
        let t = try runBubble(["batch", "--link-rules", twice], stdin: Array(#"{"id":1,"text":"x"}"#.utf8) + [0x0A])
        #expect(t.status == 2)
        #expect(t.stderr.contains("two rules named 'hashtag'"), "\(t.stderr)")
        let missing = try runBubble(["layout", "--link-rules", folder.appendingPathComponent("nope.json").path, "--text", "x"])
        #expect(missing.status != 0)
        #expect(missing.stderr.contains("cannot read the link rules file"), "\(missing.stderr)")
    }
}
