import Foundation
import Testing

/// The built `bubble` binary, beside the test bundle.
func bubbleExecutable() -> URL {
    let build = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
    let executable = build.appendingPathComponent("bubble")
    if FileManager.default.fileExists(atPath: executable.path) { return executable }
    return build.deletingLastPathComponent().appendingPathComponent("bubble")  // inside the .xctest bundle on some layouts
}

/// Runs the built `bubble` binary as a user would.
func runBubble(_ arguments: [String], stdin: [UInt8] = []) throws -> (status: Int32, stdout: String, stderr: String) {
    let process = Process()
    process.executableURL = bubbleExecutable()
    process.arguments = arguments
    let input = Pipe(), output = Pipe(), error = Pipe()
    process.standardInput = input
    process.standardOutput = output
    process.standardError = error
    try process.run()
    // Feed standard input and drain standard error on their own threads, so neither pipe can fill
    // up while the other is waited on.
    let writer = input.fileHandleForWriting
    let fed = DispatchSemaphore(value: 0)
    let stdinData = Data(stdin)
    Thread {
        signal(SIGPIPE, SIG_IGN)
        try? writer.write(contentsOf: stdinData)
        try? writer.close()
        fed.signal()
    }.start()
    let errBox = ErrBox()
    let drained = DispatchSemaphore(value: 0)
    let errHandle = error.fileHandleForReading
    Thread { errBox.data = errHandle.readDataToEndOfFile(); drained.signal() }.start()
    let out = output.fileHandleForReading.readDataToEndOfFile()
    drained.wait()
    fed.wait()
    let err = errBox.data
    process.waitUntilExit()
    return (process.terminationStatus, String(decoding: out, as: UTF8.self), String(decoding: err, as: UTF8.self))
}

/// Standard error's bytes, filled by the thread that drains the pipe.
private final class ErrBox: @unchecked Sendable { var data = Data() }

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
