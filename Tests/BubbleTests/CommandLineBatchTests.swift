import BubbleTestSupport
import Foundation
import Testing

/// `bubble batch` through the built binary: order, bad lines, limits, workers, streaming.
@Suite struct CommandLineBatchTests {
    /// Output lines parsed as JSON objects.
    func results(_ stdout: String) throws -> [[String: Any]] {
        try stdout.split(separator: "\n", omittingEmptySubsequences: false).dropLast().map {
            try #require(try JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any])
        }
    }

    func lines(_ l: [String]) -> [UInt8] { Array((l.joined(separator: "\n") + "\n").utf8) }

    @Test func everyFormatInOrderWithIDsAsGiven() throws {
        let input = lines([
            #"{"id": 1, "lang": "en", "text": "Hello @alice"}"#,
            #"{"id": "two", "markup": "<b>Hi</b> <a href=\"https://x.example\">x</a>"}"#,
            #"{"id": "k-[1, 2]", "spans": [{"type": "txt", "content": "yo "}, {"type": "emoji", "name": "party"}]}"#,
            #"{"id": 4.5, "text": "narrow", "options": {"maxWidth": 50, "offsets": "utf8"}}"#,
        ])
        let r = try runBubble(["batch"], stdin: input)
        #expect(r.status == 0, "\(r.stderr)")
        #expect(r.stdout.hasPrefix(#"{"id":1,"layout":{"version":1,"#))
        let out = r.stdout.split(separator: "\n").map(String.init)
        #expect(out.count == 4)
        #expect(out[1].hasPrefix(#"{"id":"two","layout":"#))
        #expect(out[2].hasPrefix(#"{"id":"k-[1, 2]","layout":"#))
        #expect(out[3].hasPrefix(#"{"id":4.5,"layout":"#))
        let parsed = try results(r.stdout)
        #expect(((parsed[1]["layout"] as? [String: Any])?["links"] as? [Any])?.count == 1)
    }

    @Test func aMalformedLineInTheMiddle() throws {
        var l = (0..<10).map { #"{"id": \#($0), "text": "message \#($0)"}"# }
        l[5] = #"{"id": 5, "text": "cut off"#
        let r = try runBubble(["batch", "--jobs", "2"], stdin: lines(l))
        #expect(r.status == 0, "an error line is an answer")
        let parsed = try results(r.stdout)
        #expect(parsed.count == 10)
        for (i, p) in parsed.enumerated() {
            if i == 5 {
                #expect((p["error"] as? [String: Any])?["code"] as? String == "malformed_json")
                #expect(p["id"] as? Int == 5, "the id is found even in a broken line")
            } else {
                #expect(p["id"] as? Int == i)
                #expect(p["layout"] != nil)
            }
        }
    }

    @Test func badLinesGetErrorsAndTheBatchGoesOn() throws {
        let input = lines([
            #"{"id": 1, "text": "x", "options": {"maxWidht": 3}}"#,
            #"{"id": 2}"#,
            #"{"id": 3, "text": "a", "markup": "b"}"#,
            "",
            #"[1, 2]"#,
            #"{"id": 6, "text": "fine"}"#,
        ])
        let r = try runBubble(["batch"], stdin: input)
        #expect(r.status == 0, "an error line is an answer")
        let codes = try results(r.stdout).map { ($0["error"] as? [String: Any])?["code"] as? String }
        // One message reader for batch and HTTP: a line that is JSON but not a message object is `invalid_message`.
        #expect(codes == ["invalid_options", "invalid_message", "invalid_message", "malformed_json", "invalid_message", nil])
    }

    @Test func aTenMegabyteLineIsTooLongNotACrash() throws {
        var input = Array(#"{"id": "big", "text": ""#.utf8)
        input += [UInt8](repeating: UInt8(ascii: "a"), count: 10 << 20)
        input += Array("\"}\n".utf8)
        input += Array(#"{"id": "after", "text": "still here"}"#.utf8) + [0x0A]
        let r = try runBubble(["batch"], stdin: input)
        #expect(r.status == 0, "an error line is an answer")
        let parsed = try results(r.stdout)
        #expect(parsed.count == 2)
        #expect(parsed[0]["id"] as? String == "big")
        #expect((parsed[0]["error"] as? [String: Any])?["code"] as? String == "line_too_long")
        #expect(parsed[1]["id"] as? String == "after")
        #expect(parsed[1]["layout"] != nil)
    }

    @Test func aLongMessageUnderTheLineLimitIsTooLongForTheEngine() throws {
        let text = String(repeating: "b", count: 70_000)
        let r = try runBubble(["batch"], stdin: lines([#"{"id": 1, "text": "\#(text)"}"#]))
        #expect(r.status == 0, "an error line is an answer")
        #expect((try results(r.stdout)[0]["error"] as? [String: Any])?["code"] as? String == "message_too_long")
    }

    @Test func invalidUTF8InALine() throws {
        var input = Array(#"{"id": 7, "text": "caf"#.utf8) + [0xE9] + Array("\"}\n".utf8)
        input += Array(#"{"id": 8, "text": "ok"}"#.utf8) + [0x0A]
        let r = try runBubble(["batch"], stdin: input)
        #expect(r.status == 0, "an error line is an answer")
        let parsed = try results(r.stdout)
        #expect(parsed[0]["id"] as? Int == 7)
        #expect((parsed[0]["error"] as? [String: Any])?["code"] as? String == "invalid_utf8")
        #expect(parsed[1]["layout"] != nil)
        let replaced = try runBubble(["batch", "--invalid-utf8", "replace"], stdin: input)
        #expect(replaced.status == 0, "\(replaced.stdout)")
    }

    @Test func twoWorkersGiveTheSameBytesAsOne() throws {
        let input = lines((0..<300).map { #"{"id": \#($0), "text": "line \#($0) [party] @user\#($0) 很久很久以前 https://e.example/\#($0)"}"# })
        let one = try runBubble(["batch", "--jobs", "1"], stdin: input)
        let two = try runBubble(["batch", "--jobs", "2", "--window", "3"], stdin: input)
        #expect(one.status == 0 && two.status == 0)
        #expect(one.stdout == two.stdout)
        #expect(one.stdout.split(separator: "\n").count == 300)
    }

    @Test func aLastLineWithoutNewlineAndCRLF() throws {
        let r = try runBubble(["batch"], stdin: Array("{\"id\":1,\"text\":\"a\"}\r\n{\"id\":2,\"text\":\"b\"}".utf8))
        #expect(r.status == 0, "\(r.stdout)")
        #expect(try results(r.stdout).map { $0["id"] as? Int } == [1, 2])
    }

    @Test func badFlagsExitWithTwo() throws {
        #expect(try runBubble(["batch", "--jobs", "0"]).status == 2)
        #expect(try runBubble(["batch", "--max-width", "-5"]).status == 2)
        let r = try runBubble(["batch", "--jbos", "2"])
        #expect(r.status == 2)
        #expect(r.stderr.contains("--jobs"))
    }

    @Test func theFirstResultComesBeforeTheInputEnds() throws {
        let process = Process()
        process.executableURL = bubbleExecutable()
        process.arguments = ["batch"]
        let input = Pipe(), output = Pipe()
        process.standardInput = input
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        try process.run()
        defer { try? input.fileHandleForWriting.close(); process.waitUntilExit() }
        input.fileHandleForWriting.write(Data(#"{"id": "first", "text": "hello"}"#.utf8 + [0x0A]))
        let got = DispatchSemaphore(value: 0)
        let reader = output.fileHandleForReading
        Thread { _ = reader.availableData; got.signal() }.start()
        #expect(got.wait(timeout: .now() + 30) == .success, "no result while standard input is still open")
    }
}
