import BubbleC
import BubbleTestSupport
import Foundation
import Testing

/// libbubble's C entry points (Sources/BubbleC), called as C calls them: against `bubble` itself,
/// from many threads at once, and with bad input.
@Suite struct CAPITests {
    /// include/bubble.h is what scripts/make-header writes from the header this build printed.
    @Test func headerHasNotDrifted() throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", Corpus.repositoryRoot.appendingPathComponent("scripts/make-header").path, "--check"]
        try process.run()
        process.waitUntilExit()
        #expect(process.terminationStatus == 0, "include/bubble.h drifted from the @c declarations: run scripts/make-header")
    }

    /// bubble_layout answers a line with the bytes `bubble batch` writes for it, and bubble_batch
    /// answers the whole input as `bubble batch` does, on any number of threads.
    @Test func layoutIsWhatBubbleBatchWrites() throws {
        let texts = try Corpus.texts(limit: 60)
        var lines = texts.enumerated().map { requestLine(id: $0.offset, text: $0.element) }
        lines.append(#"{"id":"w","text":"Three widths here","options":{"widths":[80,160,240]}}"#)
        lines.append(#"{"id":"bad","text":"x","options":{"maxWidth":"wide"}}"#)
        lines.append(#"{"id":"m","markup":"<b>Bold</b> and <a href=\"https://example.com\">a link</a>"}"#)
        let input = lines.joined(separator: "\n") + "\n"
        let cli = try runBubble(["batch", "--jobs", "1"], stdin: Array(input.utf8))
        #expect(cli.status == 0)
        let expected = cli.stdout.split(separator: "\n", omittingEmptySubsequences: false).dropLast().map(String.init)
        #expect(expected.count == lines.count)

        let engine = try CAPIEngine()
        for (line, want) in zip(lines, expected) where !want.contains("\"error\":") {
            #expect(try engine.layout(line).get() == want)
        }
        for jobs: Int32 in [1, 3] { #expect(engine.batch(input, jobs: jobs) == cli.stdout) }
    }

    /// One engine, eight threads, each laying out every message many times: every answer is the one
    /// a single thread gets.
    @Test func oneEngineFromManyThreads() throws {
        let engine = try CAPIEngine()
        let lines = try Corpus.texts(limit: 40).enumerated().map { requestLine(id: $0.offset, text: $0.element) }
        let expected = try lines.map { try engine.layout($0).get() }
        let mismatches = Mismatches()
        let done = DispatchGroup()
        for t in 0..<8 {
            done.enter()
            let thread = Thread {
                for round in 0..<5 {
                    for (i, line) in lines.enumerated() where (i + t + round) % 2 == 0 {
                        if (try? engine.layout(line).get()) != expected[i] { mismatches.add() }
                        var width = 0.0, height = 0.0, count: Int32 = 0, truncated: Int32 = 0
                        let status = line.utf8CString.withUnsafeBufferPointer {
                            bubbleSize(engine.handle, $0.baseAddress, UInt($0.count - 1), &width, &height, &count, &truncated, nil)
                        }
                        if status != 0 || width <= 0 || height <= 0 || count < 1 { mismatches.add() }
                    }
                }
                done.leave()
            }
            thread.start()
        }
        done.wait()
        #expect(mismatches.count == 0)
    }

    /// bubble_size gives the layout's size and line count, without its JSON.
    @Test func sizeIsTheLayoutsSize() throws {
        let engine = try CAPIEngine(options: #"{"maxWidth":120}"#)
        for (i, text) in try Corpus.texts(limit: 30).enumerated() {
            let line = requestLine(id: i, text: text, options: i % 3 == 0 ? #"{"maxLines":2}"# : nil)
            let json = try JSONSerialization.jsonObject(with: Data(try engine.layout(line).get().utf8)) as! [String: Any]
            let layout = json["layout"] as! [String: Any]
            var width = 0.0, height = 0.0, count: Int32 = 0, truncated: Int32 = 0
            let status = line.utf8CString.withUnsafeBufferPointer {
                bubbleSize(engine.handle, $0.baseAddress, UInt($0.count - 1), &width, &height, &count, &truncated, nil)
            }
            #expect(status == 0)
            let size = layout["size"] as! [String: Double]
            #expect(abs(size["width"]! - width) < 0.006 && abs(size["height"]! - height) < 0.006)
            #expect(Int(count) == (layout["lines"] as! [Any]).count)
            #expect((truncated == 1) == (layout["truncated"] as? Bool ?? false))
        }
    }

    /// bubble_layout_text and bubble_size_text, given a text alone, answer what bubble_layout and
    /// bubble_size answer for `{"text": …}`: the layout (or with `widths` the layouts) and the size.
    @Test func textCallsAreTheRequestCalls() throws {
        let texts = try Corpus.texts(limit: 60) + ["", "tab\there\nand \"quotes\" @bob https://example.com/a?b=c"]
        for options in [nil, #"{"maxWidth":120,"maxLines":2}"#, #"{"widths":[100,240]}"#] {
            let engine = try CAPIEngine(options: options)
            for (i, text) in texts.enumerated() {
                let line = try engine.layout(requestLine(id: i, text: text)).get()
                let key = options?.contains("widths") == true ? #"{"id":\#(i),"layouts":"# : #"{"id":\#(i),"layout":"#
                #expect(line.hasPrefix(key))
                #expect(try engine.call(bubbleLayoutText, text).get() == String(line.dropFirst(key.count).dropLast()))
                var a = (0.0, 0.0, Int32(0), Int32(0)), b = (0.0, 0.0, Int32(0), Int32(0))
                let request = requestLine(id: i, text: text)
                let s1 = request.utf8CString.withUnsafeBufferPointer {
                    bubbleSize(engine.handle, $0.baseAddress, UInt($0.count - 1), &a.0, &a.1, &a.2, &a.3, nil)
                }
                let s2 = text.utf8CString.withUnsafeBufferPointer {
                    bubbleSizeText(engine.handle, $0.baseAddress, UInt($0.count - 1), &b.0, &b.1, &b.2, &b.3, nil)
                }
                #expect(s1 == 0 && s2 == 0 && a == b, "\(text.debugDescription): \(a) against \(b)")
            }
        }
        // Not UTF-8: an error, as for a request holding the same bytes; repaired with invalidUTF8 replace.
        let bad: [UInt8] = [0x61, 0xFF, 0x62]
        var error: UnsafeMutablePointer<CChar>?
        let strict = try CAPIEngine()
        let status = bad.withUnsafeBufferPointer { b in
            b.withMemoryRebound(to: CChar.self) { bubbleLayoutText(strict.handle, $0.baseAddress, 3, nil, nil, &error) }
        }
        #expect(status == 400 && take(error)?.contains("invalid_utf8") == true)
        let lenient = try CAPIEngine(options: #"{"invalidUTF8":"replace"}"#)
        var out: UnsafeMutablePointer<CChar>?
        #expect(bad.withUnsafeBufferPointer { b in
            b.withMemoryRebound(to: CChar.self) { bubbleLayoutText(lenient.handle, $0.baseAddress, 3, &out, nil, nil) }
        } == 0)
        #expect(take(out) == (try lenient.call(bubbleLayoutText, "a\u{FFFD}b").get()))
        #expect(bubbleSizeText(nil, "x", 1, nil, nil, nil, nil, nil) == 400)
    }

    /// bubble_svg, bubble_html and bubble_hit write what `bubble svg`, `bubble html` and `bubble hit` print.
    @Test func svgHTMLAndHitAreWhatTheCommandsPrint() throws {
        let engine = try CAPIEngine()
        let text = "Docs at https://example.com :smile: ok"
        let request = requestLine(id: 1, text: text)
        #expect(try engine.call(bubbleSVG, request).get() == runBubble(["svg", "--text", text]).stdout)
        #expect(try engine.call(bubbleHTML, request).get() == runBubble(["html", "--text", text]).stdout)
        let hitRequest = #"{"text":"Docs at https://example.com :smile: ok","x":100,"y":18}"#
        let hit = try runBubble(["hit", "--x", "100", "--y", "18", "--text", text]).stdout
        #expect(try engine.call(bubbleHit, hitRequest).get() + "\n" == hit)
    }

    /// bubble_html takes the request's "fontBaseURL" and "assetBaseURL" as `bubble html` takes
    /// --font-base-url and --asset-base-url; anything but a string there is an invalid_request.
    @Test func htmlTakesTheBaseURLsOfTheCommand() throws {
        let engine = try CAPIEngine()
        let text = "Docs at https://example.com [smile] ok"
        let request = #"{"text":"Docs at https://example.com [smile] ok","fontBaseURL":"/fonts/","assetBaseURL":"https:\/\/cdn.example.com\/emoji"}"#
        let cli = try runBubble(["html", "--font-base-url", "/fonts/", "--asset-base-url", "https://cdn.example.com/emoji", "--text", text])
        let html = try engine.call(bubbleHTML, request).get()
        #expect(html == cli.stdout)
        #expect(html.contains("/fonts/") && html.contains("https://cdn.example.com/emoji/smile.png"))
        let fontsOnly = #"{"text":"Docs at https://example.com [smile] ok","fontBaseURL":"/fonts/","assetBaseURL":null}"#
        #expect(try engine.call(bubbleHTML, fontsOnly).get() == runBubble(["html", "--font-base-url", "/fonts/", "--text", text]).stdout)
        let error = try #require(engine.call(bubbleHTML, #"{"text":"x","fontBaseURL":7}"#).failure)
        #expect(error.status == 400 && error.code == "invalid_request" && error.json.contains("fontBaseURL"))
    }

    /// bubble_batch refuses a line over its max_line_length (0: the CLI's default) with the error line
    /// `bubble batch --max-line-length` writes, drops a `\r` before the newline as the CLI does, and
    /// takes no limit under the CLI's least.
    @Test func batchAppliesTheLineLimitOfTheCommand() throws {
        let engine = try CAPIEngine()
        let huge = "{\"id\":\"huge\",\"text\":\"" + String(repeating: "y", count: 1 << 20) + "\"}"
        let lines = [requestLine(id: 1, text: "short"), requestLine(id: 2, text: String(repeating: "x", count: 100)),
                     "{\"id\":3,\"text\":\"cr\"}\r", "\r", huge]
        let input = lines.joined(separator: "\n") + "\n"
        for (flags, limit): ([String], UInt) in [([], 0), (["--max-line-length", "64"], 64)] {
            let cli = try runBubble(["batch", "--jobs", "1"] + flags, stdin: Array(input.utf8))
            #expect(cli.status == 0)
            for jobs: Int32 in [1, 2] { #expect(engine.batch(input, jobs: jobs, maxLineLength: limit) == cli.stdout) }
            let tooLong = cli.stdout.split(separator: "\n").filter { $0.contains("\"line_too_long\"") }.count
            #expect(tooLong == (limit == 0 ? 1 : 2), "\(flags)")
        }
        let error = try #require(engine.batchResult(input, jobs: 1, maxLineLength: 8).failure)
        #expect(error.status == 400 && error.code == "invalid_request")
        #expect(try runBubble(["batch", "--max-line-length", "8"], stdin: Array(input.utf8)).status != 0)
    }

    /// Bad input is a status and the code `bubble batch` gives; the engine goes on answering.
    @Test func errorsAreAStatusAndTheCLICode() throws {
        let engine = try CAPIEngine()
        let cases: [(String, Int32, String)] = [
            ("{\"text\":", 400, "malformed_json"),
            ("[1]", 400, "invalid_message"),
            (#"{"text":"a","options":{"fontSize":-3}}"#, 400, "invalid_options"),
            (#"{"text":"hello there","options":{"maxMessageLength":4}}"#, 422, "message_too_long"),
            ("  ", 400, "malformed_json"),
        ]
        for (request, status, code) in cases {
            let error = try #require(engine.layout(request).failure)
            #expect(error.status == status && error.code == code, "\(request): \(error)")
            let cli = try runBubble(["batch"], stdin: Array((request + "\n").utf8)).stdout
            #expect(cli.contains("\"code\":\"\(code)\""))
        }
        #expect(try engine.layout(#"{"text":"still fine"}"#).get().hasPrefix(#"{"id":null,"layout":{"#))
        #expect(throws: CAPIError.self) { try CAPIEngine(options: #"{"maxWidth":"x"}"#) }
        #expect((try? CAPIEngine(options: "{", catalog: nil)) == nil)
        do { _ = try CAPIEngine(catalog: "/nonexistent/catalog.json"); Issue.record("no error") } catch let error as CAPIError {
            #expect(error.status == 500 && error.code == "unreadable_catalog")
        }
        var noEngineError: UnsafeMutablePointer<CChar>?
        #expect(bubbleLayout(nil, "{}", 2, nil, nil, &noEngineError) == 400)
        #expect(take(noEngineError)?.contains("invalid_request") == true)
    }

    /// Version and font fingerprint are `bubble version --json`'s.
    @Test func versionAndFingerprint() throws {
        let engine = try CAPIEngine()
        let cli = try runBubble(["version", "--json"]).stdout
        let version = take(bubbleVersion())!
        let fingerprint = take(bubbleFontFingerprint(engine.handle))!
        #expect(cli.hasPrefix(String(version.dropLast())))
        #expect(cli.contains("\"fonts\":\"\(fingerprint)\""))
        #expect(fingerprint.count == 16)
    }
}

/// A counter threads add to.
final class Mismatches: @unchecked Sendable {
    private let lock = NSLock()
    private var n = 0
    func add() { lock.lock(); n += 1; lock.unlock() }
    var count: Int { lock.lock(); defer { lock.unlock() }; return n }
}

extension Result {
    var failure: Failure? { if case .failure(let f) = self { f } else { nil } }
}
