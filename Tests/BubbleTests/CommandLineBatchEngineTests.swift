import BubbleTestSupport
import Foundation
import Testing

/// `bubble batch` as engines run it (Spark, parallel, co-processes): exit codes, line numbers over
/// the whole input, ids recovered from broken lines, a FILE and -o, SIGTERM, progress.
@Suite struct CommandLineBatchEngineTests {
    func rows(_ stdout: String) throws -> [[String: Any]] {
        try stdout.split(separator: "\n").map {
            try #require(try JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any])
        }
    }

    @Test func errorLinesExitZeroAndFailOnErrorRestoresOne() throws {
        let input = Array("{\"id\":1,\"text\":\"ok\"}\nnot json\n".utf8)
        let plain = try runBubble(["batch"], stdin: input)
        #expect(plain.status == 0, "every line got its answer")
        #expect(try rows(plain.stdout).count == 2)
        let strict = try runBubble(["batch", "--fail-on-error"], stdin: input)
        #expect(strict.status == 1)
        #expect(strict.stdout == plain.stdout)
        let clean = try runBubble(["batch", "--fail-on-error"], stdin: Array("{\"id\":1,\"text\":\"ok\"}\n".utf8))
        #expect(clean.status == 0)
    }

    @Test func lineNumbersCountTheWholeInput() throws {
        // Past several 256 KiB read chunks: line 10,001 is reported as line 10,001.
        var text = ""
        for i in 0..<10_000 { text += "{\"id\":\(i),\"text\":\"message \(i) with some padding to fill the read chunks\"}\n" }
        text += "{\"id\": 10000, \"text\": \"broken\n"
        let r = try runBubble(["batch", "--jobs", "2"], stdin: Array(text.utf8))
        #expect(r.status == 0)
        let last = try #require(try rows(r.stdout).last)
        #expect(last["line"] as? Int == 10_001)
        #expect(last["id"] as? Int == 10_000)
        #expect(((last["error"] as? [String: Any])?["message"] as? String)?.contains("line 10001") == true)
    }

    @Test(arguments: [
        (#"{"text": "an "unescaped" quote", "id": 42}"#, "42"),
        (#"{"text": "cut, "id": "m-7", "lang": "en"}"#, "\"m-7\""),
        (#"{"text" "no colon", "id": {"a": 1}}"#, "{\"a\": 1}"),
        (#"not json at all, "id": 5"#, "null"),
        (#"{"text": "\"id\": 9 inside a string", oops}"#, "null"),
    ])
    func theIdIsRecoveredFromBrokenLines(_ line: String, _ id: String) throws {
        let r = try runBubble(["batch"], stdin: Array((line + "\n").utf8))
        #expect(r.stdout.hasPrefix("{\"id\":\(id),\"error\":"), "\(r.stdout)")
        #expect(r.stdout.hasSuffix(",\"line\":1}\n"))
    }

    @Test func aFileArgumentAndOutputFile() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("bubble-batch-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let input = folder.appendingPathComponent("in.ndjson"), output = folder.appendingPathComponent("out.ndjson")
        let lines = "{\"id\":1,\"text\":\"one\"}\n{\"id\":2,\"text\":\"two\"}\n"
        try Data(lines.utf8).write(to: input)
        let fromStdin = try runBubble(["batch"], stdin: Array(lines.utf8))
        let r = try runBubble(["batch", "-o", output.path, input.path])
        #expect(r.status == 0, "\(r.stderr)")
        #expect(r.stdout.isEmpty)
        #expect(try String(contentsOf: output, encoding: .utf8) == fromStdin.stdout)
        let missing = try runBubble(["batch", folder.appendingPathComponent("nope.ndjson").path])
        #expect(missing.status == 2)
        #expect(missing.stderr.contains("nope.ndjson") && missing.stderr.contains("No such file"))
    }

    @Test func progressCountsFailures() throws {
        let r = try runBubble(["batch", "--progress"], stdin: Array("{\"id\":1,\"text\":\"a\"}\nbad\nworse\n".utf8))
        #expect(r.status == 0)
        #expect(r.stderr.contains("3 lines, 2 failed"), "\(r.stderr)")
    }

    @Test func sigtermFinishesTheLinesReadAndExitsTwo() throws {
        let process = Process()
        process.executableURL = bubbleExecutable()
        process.arguments = ["batch", "--jobs", "2"]
        let input = Pipe(), output = Pipe(), error = Pipe()
        process.standardInput = input
        process.standardOutput = output
        process.standardError = error
        try process.run()
        let lines = (0..<50).map { "{\"id\":\($0),\"text\":\"message \($0)\"}\n" }.joined()
        input.fileHandleForWriting.write(Data(lines.utf8))
        input.fileHandleForWriting.write(Data("{\"id\":\"half\",\"text\":\"never fin".utf8))  // no newline: not a line yet
        // Wait until all 50 answers are out, then stop it while standard input is still open.
        var got = Data()
        let reader = output.fileHandleForReading
        while got.split(separator: 0x0A).count < 50 {
            let chunk = reader.availableData
            if chunk.isEmpty { break }
            got += chunk
        }
        process.terminate()  // SIGTERM
        got += reader.readDataToEndOfFile()
        process.waitUntilExit()
        let stderr = String(decoding: error.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        #expect(process.terminationStatus == 2)
        #expect(stderr.contains("SIGTERM"), "\(stderr)")
        let text = String(decoding: got, as: UTF8.self)
        #expect(text.hasSuffix("\n"), "never a partial line")
        #expect(text.split(separator: "\n").count == 50)
        #expect(!text.contains("half"))
        try? input.fileHandleForWriting.close()
    }
}
