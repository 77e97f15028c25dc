import Foundation
import Testing

/// Runs the built `bubble` binary as a user would.
func runBubble(_ arguments: [String], stdin: [UInt8] = []) throws -> (status: Int32, stdout: String, stderr: String) {
    let build = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
    var executable = build.appendingPathComponent("bubble")
    if !FileManager.default.fileExists(atPath: executable.path) {  // inside the .xctest bundle on some layouts
        executable = build.deletingLastPathComponent().appendingPathComponent("bubble")
    }
    let process = Process()
    process.executableURL = executable
    process.arguments = arguments
    let input = Pipe(), output = Pipe(), error = Pipe()
    process.standardInput = input
    process.standardOutput = output
    process.standardError = error
    try process.run()
    input.fileHandleForWriting.write(Data(stdin))
    try input.fileHandleForWriting.close()
    let out = output.fileHandleForReading.readDataToEndOfFile()
    let err = error.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return (process.terminationStatus, String(decoding: out, as: UTF8.self), String(decoding: err, as: UTF8.self))
}

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
