import BubbleTestSupport
import Foundation
import Testing

/// What a Unix user expects of `bubble`: FILE arguments, -o, --pretty, write errors that end
/// cleanly, an unknown command named as such, help examples that paste, completions, versions.
@Suite struct CommandLineConventionsTests {
    func temporaryFolder() throws -> URL {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("bubble-cli-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        return folder
    }

    @Test func aFileArgumentReadsLikeStandardInput() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("msg.txt")
        try Data("Hello [party] @alice".utf8).write(to: file)
        for command in [["layout"], ["svg"], ["hit", "--x", "20", "--y", "15"]] {
            let piped = try runBubble(command, stdin: Array("Hello [party] @alice".utf8))
            let named = try runBubble(command + [file.path])
            #expect(named.status == 0 && named.stdout == piped.stdout, "\(command): \(named.stderr)")
        }
        let both = try runBubble(["layout", "--text", "x", file.path])
        #expect(both.status == 2)
        let missing = try runBubble(["layout", folder.appendingPathComponent("none.txt").path])
        #expect(missing.status == 2 && missing.stderr.hasPrefix("bubble: cannot read"))
    }

    @Test func outputFileAndPrettyJSON() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let out = folder.appendingPathComponent("layout.json")
        let compact = try runBubble(["layout", "--text", "Hi @bob"])
        let r = try runBubble(["layout", "--text", "Hi @bob", "--pretty", "-o", out.path])
        #expect(r.status == 0 && r.stdout.isEmpty)
        let pretty = try String(contentsOf: out, encoding: .utf8)
        #expect(pretty.contains("\n  \"size\": {\n    \"width\": "))
        let a = try JSONSerialization.jsonObject(with: Data(pretty.utf8)) as? NSDictionary
        let b = try JSONSerialization.jsonObject(with: Data(compact.stdout.utf8)) as? NSDictionary
        #expect(a == b, "pretty says what compact says")
        #expect(pretty.replacingOccurrences(of: "\n", with: "").replacingOccurrences(of: "  ", with: "")
                    .replacingOccurrences(of: ": ", with: ":") + "\n" == compact.stdout)
    }

    @Test(arguments: [["layout", "--text", "hello"], ["svg", "--text", "hello"], ["hit", "--x", "1", "--y", "1", "--text", "hi"],
                      ["emoji", "list"], ["version"], ["html", "--text", "hi"]])
    func aFullDiskIsOneLineAndExitTwo(_ command: [String]) throws {
        let r = try runBubble(command + ["-o", "/dev/full"])
        #expect(r.status == 2)
        #expect(r.stderr == "bubble: cannot write '/dev/full': No space left on device\n", "\(r.stderr)")
    }

    @Test func aFullDiskInBatchToo() throws {
        let r = try runBubble(["batch", "-o", "/dev/full"], stdin: Array("{\"id\":1,\"text\":\"a\"}\n".utf8))
        #expect(r.status == 2)
        #expect(r.stderr == "bubble: cannot write '/dev/full': No space left on device\n", "\(r.stderr)")
    }

    @Test func aClosedPipeIsQuiet() throws {
        // 3,000 layouts into a reader that closes after the first bytes.
        let lines = (0..<3000).map { "{\"id\":\($0),\"text\":\"message \($0)\"}" }.joined(separator: "\n") + "\n"
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let input = folder.appendingPathComponent("in.ndjson")
        try Data(lines.utf8).write(to: input)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/bash")
        process.arguments = ["-c", "set -o pipefail; \"$0\" batch \"$1\" 2>err.txt | head -c 10 >/dev/null; echo \"$?\" > status.txt",
                             bubbleExecutable().path, input.path]
        process.currentDirectoryURL = folder
        try process.run()
        process.waitUntilExit()
        let stderr = try String(contentsOf: folder.appendingPathComponent("err.txt"), encoding: .utf8)
        let status = try String(contentsOf: folder.appendingPathComponent("status.txt"), encoding: .utf8)
        #expect(stderr.isEmpty, "a closed pipe says nothing: \(stderr)")
        #expect(status == "2\n")
    }

    @Test func anUnknownCommandIsNamed() throws {
        let r = try runBubble(["lay", "out"])
        #expect(r.status == 2)
        #expect(r.stderr.hasPrefix("bubble: unknown command 'lay'"))
        #expect(!r.stderr.contains("--max-width"), "not layout's usage")
        #expect(try runBubble(["--max-width", "100", "--text", "x"]).status == 0, "options first still mean layout")
    }

    @Test func versions() throws {
        let line = try runBubble(["--version"])
        #expect(line.status == 0)
        #expect(line.stdout.hasPrefix("bubble ") && line.stdout.contains("harfbuzz ") && line.stdout.contains("pcre2 "))
        let r = try runBubble(["version", "--json"])
        let v = try #require(try JSONSerialization.jsonObject(with: Data(r.stdout.utf8)) as? [String: Any])
        let libraries = try #require(v["libraries"] as? [String: String])
        #expect(Set(libraries.keys) == ["harfbuzz", "freetype", "icu", "unicode", "pcre2", "fontconfig"])
        #expect(libraries.values.allSatisfy { $0.first?.isNumber == true }, "\(libraries)")
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        let version = try String(contentsOf: root.appendingPathComponent("VERSION"), encoding: .utf8)
        #expect(v["bubble"] as? String == version.trimmingCharacters(in: .whitespacesAndNewlines))
        #expect((v["commit"] as? String)?.count == 40)
        #expect((v["fonts"] as? String)?.count == 16)
    }

    /// Every example in every help text fits 80 columns and is valid shell (continuations joined).
    @Test func helpExamplesPaste() throws {
        for command in [[], ["layout"], ["svg"], ["html"], ["hit"], ["batch"], ["serve"], ["version"], ["emoji", "list"], ["emoji", "show"]] {
            let r = try runBubble(command + ["--help"])
            var lines = r.stdout.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
            guard let start = lines.firstIndex(where: { $0.trimmingCharacters(in: .whitespaces).hasPrefix("Example") }) else { continue }
            lines = Array(lines[(start + 1)...].prefix { !$0.trimmingCharacters(in: .whitespaces).isEmpty })
            var script = ""
            for line in lines {
                #expect(line.count <= 80, "\(command): '\(line)' is \(line.count) columns")
                script += line + "\n"
            }
            let bash = Process()
            bash.executableURL = URL(fileURLWithPath: "/bin/bash")
            bash.arguments = ["-n", "-c", script]
            try bash.run()
            bash.waitUntilExit()
            #expect(bash.terminationStatus == 0, "\(command): not valid shell:\n\(script)")
        }
    }

    @Test func completionsOfferFilesValuesAndEmojiNames() throws {
        let bash = try runBubble(["--generate-completion-script", "bash"]).stdout
        func values(_ list: [String]) -> String { list.map { "'\($0)'" }.joined(separator: "$'\\n'") }
        #expect(bash.contains(values(["utf16", "utf8", "scalars"])), "--offsets values")
        #expect(bash.contains(values(["center", "baseline", "top", "bottom"])), "--emoji-align values")
        #expect(bash.contains(values(["incoming", "outgoing"])), "--theme values")
        #expect(bash.contains(values(["text", "json"])), "--log-format values")
        #expect(bash.contains("__bubble_add_completions -f") && bash.contains("-fX '!*.@(json)'"), "files for file options")
        let names = try runBubble(["---completion", "emoji", "show", "--", "positional@0", "3", "0"])
        #expect(names.stdout.split(separator: "\n").contains("party"), "\(names.stdout.prefix(200))")
    }
}
