import Bubble
import BubbleServer
import BubbleTestSupport
import Foundation
import Hummingbird
import HummingbirdTesting
import Logging
import NIOCore
import Synchronization
import Testing

/// Many requests at once over loopback, compared byte for byte with what `bubble layout` prints.
@Suite struct ConcurrencyTests {
    @Test func concurrentRequestsGiveTheCLIBytes() async throws {
        let texts = Array(corpusMessages.prefix(12))
        let widths = [120.0, 280]
        // What the CLI prints for each message and width (its trailing newline aside).
        var cli: [String: String] = [:]
        for text in texts {
            for width in widths {
                let r = try await offThePool { try runBubble(["layout", "--max-width", "\(Int(width))", "--text", text]) }
                #expect(r.status == 0, "\(r.stderr)")
                cli["\(width) \(text)"] = String(r.stdout.dropLast())
            }
        }
        let expectedLayouts = cli
        let server = try makeServer {
            $0.cacheEntries = 8  // a small cache, so entries come and go under load
            $0.maxConcurrentLayouts = 24  // every request at once, not queued behind the layout gate
        }
        try await server.application(logger: quietLogger).test(.ahc(.http)) { client in
            try await withThrowingTaskGroup(of: Void.self) { group in
                for round in 0..<24 {
                    let width = widths[round % 2]
                    let order = round % 3 == 0 ? texts.reversed() : texts
                    group.addTask {
                        let messages = order.enumerated().map { #"{"id":\#($0.offset),"text":\#(quoted($0.element))}"# }
                        let r = try await client.post("/v1/layout", #"{"options":{"maxWidth":\#(Int(width))},"messages":[\#(messages.joined(separator: ","))]}"#)
                        #expect(r.status == .ok)
                        let expected = order.enumerated().map { #"{"id":\#($0.offset),"layout":\#(expectedLayouts["\(width) \($0.element)"]!)}"# }
                        #expect(r.text == #"{"results":[\#(expected.joined(separator: ","))]}"#)
                    }
                }
                try await group.waitForAll()
            }
        }
        #expect(server.service.cache.hits > 0)
        #expect(server.service.cache.count <= 8)
    }

    @Test func theCacheGivesTheSameBytesAsNoCache() throws {
        let engine = sharedServer.service.engine
        let cache = ShapedTextCache(capacity: 64)
        var o = BubbleOptions()
        let texts = Array(corpusMessages.prefix(40))  // 40 from the shared corpus, or Bubble's own few without it
        for text in texts {
            for width in [90.0, 200, 280] {
                o.maxWidth = width
                let plain = try JSONRenderer().render(engine.layout(text: text, options: o))
                let first = try JSONRenderer().render(engine.layout(Message(text: text), options: o, cache: cache))
                let again = try JSONRenderer().render(engine.layout(Message(text: text), options: o, cache: cache))
                #expect(plain == first)
                #expect(plain == again)
            }
        }
        // A shaped text depends on no width: each distinct text misses once, every other look-up hits.
        #expect(cache.hits == 6 * texts.count - Set(texts).count)
        #expect(cache.count <= 64)
    }

    @Test func oneLogLinePerRequestWithIdMessagesAndTime() async throws {
        let lines = LogLines()
        let logger = Logger(label: "bubble.test") { _ in RecordingLogHandler(lines: lines) }
        try await sharedServer.application(logger: logger).test(.router) { client in
            let r = try await client.post("/v1/layout", #"{"messages":[{"id":1,"text":"a"},{"id":2,"text":"b"}]}"#)
            let id = try #require(r.headers[.init("X-Request-Id")!])
            _ = try await client.execute(uri: "/nowhere", method: .get)
            let requests = lines.all.filter { $0.message == "request" }
            #expect(requests.count == 2)
            let first = try #require(requests.first)
            #expect(first.metadata["hb.request.id"] == id)
            #expect(first.metadata["messages"] == "2")
            #expect(first.metadata["status"] == "200")
            #expect(first.metadata["path"] == "/v1/layout")
            #expect(Double(first.metadata["duration_ms"] ?? "") != nil)
            #expect(requests.last?.metadata["status"] == "404")
        }
    }
}

/// Log records kept by ``RecordingLogHandler``.
final class LogLines: Sendable {
    struct Line: Sendable {
        var message: String
        var metadata: [String: String]
    }
    private let lines = Mutex<[Line]>([])
    var all: [Line] { lines.withLock { $0 } }
    func append(_ line: Line) { lines.withLock { $0.append(line) } }
}

struct RecordingLogHandler: LogHandler {
    let lines: LogLines
    var metadata: Logger.Metadata = [:]
    var logLevel: Logger.Level = .info

    subscript(metadataKey key: String) -> Logger.Metadata.Value? {
        get { metadata[key] }
        set { metadata[key] = newValue }
    }

    func log(event: LogEvent) {
        var all = metadata
        if let m = event.metadata { all.merge(m) { $1 } }
        lines.append(.init(message: "\(event.message)", metadata: all.mapValues { "\($0)" }))
    }
}
