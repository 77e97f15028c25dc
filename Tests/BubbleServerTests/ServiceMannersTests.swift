import Bubble
@testable import BubbleServer
import BubbleTestSupport
import Foundation
import Hummingbird
import HummingbirdTesting
import Logging
import NIOCore
import Testing

/// What a service owes its operators: gzip when asked, the caller's request id, JSON logs, build info.
@Suite struct ServiceMannersTests {
    static let thousand = "{\"messages\":[" + (0..<1000).map { "{\"id\":\($0),\"text\":\"message \($0) [party] @user\($0)\"}" }
        .joined(separator: ",") + "]}"

    @Test(arguments: [TestingSetup.router, .live])
    func gzipWhenTheClientAcceptsIt(_ setup: TestingSetup) async throws {
        try await sharedServer.application(logger: quietLogger).test(setup) { client in
            let plain = try await client.post("/v1/layout", Self.thousand)
            #expect(plain.headers[.contentEncoding] == nil)
            #expect(plain.headers[.vary] == "Accept-Encoding")
            let packed = try await client.post("/v1/layout", Self.thousand, headers: [.acceptEncoding: "br;q=1.0, gzip;q=0.8"])
            #expect(packed.headers[.contentEncoding] == "gzip")
            var bytes = Array(packed.body.readableBytesView)
            #expect(bytes.prefix(2) == [0x1F, 0x8B])
            #expect(bytes.count * 5 < plain.body.readableBytes, "\(bytes.count) of \(plain.body.readableBytes)")
            bytes = try gunzip(bytes)
            #expect(bytes == Array(plain.body.readableBytesView))
            let refused = try await client.post("/v1/layout", Self.thousand, headers: [.acceptEncoding: "gzip;q=0, identity"])
            #expect(refused.headers[.contentEncoding] == nil)
            let small = try await client.execute(uri: "/healthz", method: .get, headers: [.acceptEncoding: "gzip"])
            #expect(small.headers[.contentEncoding] == nil, "a small body goes as it is")
        }
    }

    @Test(arguments: [
        ("abc-123_DEF.4:5/6+7=8@9", "abc-123_DEF.4:5/6+7=8@9"),
        ("has space", nil), ("quote\"d", nil), ("", nil), (String(repeating: "a", count: 129), nil),
        (String(repeating: "a", count: 128), String(repeating: "a", count: 128)),
    ] as [(String, String?)])
    func theCallersRequestIdIsKeptWhenSane(_ given: String, _ kept: String?) async throws {
        let lines = LogLines()
        let logger = Logger(label: "bubble.test") { _ in RecordingLogHandler(lines: lines) }
        try await sharedServer.application(logger: logger).test(.router) { client in
            let r = try await client.execute(uri: "/healthz", method: .get, headers: [.init("X-Request-Id")!: given])
            let id = try #require(r.headers[.init("X-Request-Id")!])
            if let kept { #expect(id == kept) } else { #expect(id != given && !id.isEmpty) }
            #expect(lines.all.first { $0.message == "request" }?.metadata["hb.request.id"] == id)
        }
    }

    @Test func metricsCarryBuildInfo() async throws {
        try await sharedServer.application(logger: quietLogger).test(.router) { client in
            let text = try await client.execute(uri: "/metrics", method: .get).text
            let line = try #require(text.split(separator: "\n").first { $0.hasPrefix("bubble_build_info{") })
            #expect(line.contains("version=\"\(BubbleVersion.version)\"") && line.contains("commit=\"\(BubbleVersion.commit)\""))
            #expect(line.contains("harfbuzz=\"") && line.contains("icu=\"") && line.contains("pcre2=\"") && line.contains("fontconfig=\""))
            #expect(line.hasSuffix(" 1") || line.hasSuffix(" 1.0"))
        }
    }

    @Test func jsonLogLinesAreOneObjectEach() throws {
        let box = LogText()
        var handler = JSONLogHandler(label: "bubble.serve", write: { box.append($0) })
        handler[metadataKey: "hb.request.id"] = "r-1"
        let logger = Logger(label: "bubble.serve") { _ in handler }
        logger.info("request", metadata: ["path": "/v1/layout", "note": "a \"quoted\"\nline"])
        let lines = box.text.split(separator: "\n")
        #expect(lines.count == 1)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(lines[0].utf8)) as? [String: Any])
        #expect(object["level"] as? String == "info" && object["message"] as? String == "request")
        #expect(object["label"] as? String == "bubble.serve" && object["hb.request.id"] as? String == "r-1")
        #expect(object["note"] as? String == "a \"quoted\"\nline")
        #expect((object["time"] as? String)?.hasSuffix("Z") == true)
        #expect(lines[0].hasPrefix("{\"time\":"))
    }

    @Test func servePrintsJSONLogsWithTheFlag() throws {
        let process = Process()
        process.executableURL = bubbleExecutable()
        process.arguments = ["serve", "--port", "0", "--log-format", "json"]
        let error = Pipe()
        process.standardError = error
        process.standardOutput = FileHandle.nullDevice
        try process.run()
        var text = ""
        while !text.contains("\"listening\"") {
            let chunk = error.fileHandleForReading.availableData
            if chunk.isEmpty { break }
            text += String(decoding: chunk, as: UTF8.self)
        }
        process.terminate()
        process.waitUntilExit()
        let objects = try text.split(separator: "\n").map {
            try #require(try JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any], "not JSON: \($0)")
        }
        #expect(objects.contains { $0["message"] as? String == "listening" && $0["address"] != nil })
    }
}

/// Log text collected by a test.
final class LogText: @unchecked Sendable {
    private let lock = NSLock()
    private var parts: [String] = []
    func append(_ s: String) { lock.withLock { parts.append(s) } }
    var text: String { lock.withLock { parts.joined() } }
}

/// gzip's inverse through the system's `gzip -d` (the server's own zlib is not what checks it).
func gunzip(_ bytes: [UInt8]) throws -> [UInt8] {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/bin/gzip")
    process.arguments = ["-dc"]
    let input = Pipe(), output = Pipe()
    process.standardInput = input
    process.standardOutput = output
    try process.run()
    let data = Data(bytes)
    Thread { input.fileHandleForWriting.write(data); try? input.fileHandleForWriting.close() }.start()
    let out = output.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return Array(out)
}
