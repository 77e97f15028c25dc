import BubbleTestSupport
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
        return files.filter { $0.hasSuffix(".txt") || $0.hasSuffix(".spans.json") || $0.hasSuffix(".markup.html") || $0.hasSuffix(".entities.json") }.sorted()
    }()

    @Test func thereAreTwentyExamplesOrMore() {
        #expect(Self.inputs.count >= 20)
    }

    @Test(arguments: inputs)
    func renderingMatchesTheGolden(_ file: String) throws {
        let suffixes: [(String, String)] = [(".spans.json", "spans"), (".markup.html", "markup"),
                                            (".entities.json", "entities"), (".txt", "text")]
        let (suffix, format) = suffixes.first { file.hasSuffix($0.0) }!
        let name = String(file.dropLast(suffix.count))
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
