import Foundation
import Testing

/// Every Examples/ input is a golden: `bubble layout` and `bubble svg` give the committed NAME.json
/// and NAME.svg byte for byte. Re-record with `make examples`.
@Suite struct CommandLineExamplesTests {
    static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Examples")

    /// Input files and their `--input` format, as scripts/render-examples finds them.
    static let inputs: [String] = {
        let files = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
        return files.filter { $0.hasSuffix(".txt") || $0.hasSuffix(".spans.json") || $0.hasSuffix(".markup.html") }.sorted()
    }()

    @Test func thereAreTwentyExamplesOrMore() {
        #expect(Self.inputs.count >= 20)
    }

    @Test(arguments: inputs)
    func renderingMatchesTheGolden(_ file: String) throws {
        let (name, format): (String, String) =
            file.hasSuffix(".spans.json") ? (String(file.dropLast(11)), "spans")
            : file.hasSuffix(".markup.html") ? (String(file.dropLast(12)), "markup") : (String(file.dropLast(4)), "text")
        let base = Self.folder.appendingPathComponent(name).path
        var args = ["--input", format]
        if FileManager.default.fileExists(atPath: base + ".options.json") { args += ["--options", base + ".options.json"] }
        if FileManager.default.fileExists(atPath: base + ".highlights.json") { args += ["--highlights", base + ".highlights.json"] }
        let input = try [UInt8](Data(contentsOf: Self.folder.appendingPathComponent(file)))
        for (command, suffix) in [("layout", ".json"), ("svg", ".svg")] {
            let r = try runBubble([command] + args, stdin: input)
            #expect(r.status == 0, "\(file): \(r.stderr)")
            let golden = try String(contentsOfFile: base + suffix, encoding: .utf8)
            #expect(r.stdout == golden, "\(name)\(suffix) differs from the output; run make examples if the change is intended")
        }
    }
}
