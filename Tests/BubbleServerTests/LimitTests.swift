import BubbleServer
import Foundation
import Hummingbird
import HummingbirdTesting
import NIOCore
import Testing

#if canImport(Glibc)
import Glibc
#endif

/// Every limit answers with its status and a JSON error, over loopback.
@Suite struct LimitTests {
    @Test func aBodyPastTheLimitIs413() async throws {
        let server = try makeServer { $0.maxBodyBytes = 1000 }
        let big = #"{"messages":[{"id":1,"text":"\#(String(repeating: "a", count: 2000))"}]}"#
        try await server.application(logger: quietLogger).test(.ahc(.http)) { client in
            let r = try await client.post("/v1/layout", big)
            #expect(r.status == .contentTooLarge)
            #expect(r.errorCode == "body_too_large")
            let svg = try await client.post("/v1/svg", #"{"text":"\#(String(repeating: "b", count: 1500))"}"#)
            #expect(svg.status == .contentTooLarge)
            // The connection stays usable for the next request.
            let ok = try await client.post("/v1/layout", #"{"messages":[{"id":1,"text":"fits"}]}"#)
            #expect(ok.status == .ok)
        }
    }

    @Test func aChunkedBodyPastTheLimitIs413() async throws {
        let server = try makeServer { $0.maxBodyBytes = 1000 }
        try await server.application(logger: quietLogger).test(.live) { client in
            let port = try #require(client.port)
            let chunk = String(repeating: "x", count: 800)
            let request = "POST /v1/layout HTTP/1.1\r\nHost: 127.0.0.1\r\nTransfer-Encoding: chunked\r\nConnection: close\r\n\r\n"
                + "320\r\n\(chunk)\r\n320\r\n\(chunk)\r\n0\r\n\r\n"
            let answer = try await rawExchange(port: port, send: request, timeout: 10)
            #expect(answer.hasPrefix("HTTP/1.1 413"))
            #expect(answer.contains("body_too_large"))
        }
    }

    @Test func tooManyMessagesIs422() async throws {
        let server = try makeServer { $0.maxMessages = 3 }
        let four = (0..<4).map { #"{"id":\#($0),"text":"m"}"# }.joined(separator: ",")
        try await server.application(logger: quietLogger).test(.router) { client in
            let r = try await client.post("/v1/layout", #"{"messages":[\#(four)]}"#)
            #expect(r.status == .unprocessableContent)
            #expect(r.errorCode == "too_many_messages")
            let three = try await client.post("/v1/layout", #"{"messages":[\#(four.split(separator: ",").prefix(6).joined(separator: ","))]}"#)
            #expect(three.status == .ok)
        }
    }

    @Test func aMessagePastTheLengthLimitIs422() async throws {
        let server = try makeServer { $0.maxMessageLength = 10 }
        try await server.application(logger: quietLogger).test(.ahc(.http)) { client in
            let r = try await client.post("/v1/layout", #"{"messages":[{"id":"ok","text":"short"},{"id":"long","text":"much too long here"}]}"#)
            #expect(r.status == .unprocessableContent)
            #expect(r.errorCode == "message_too_long")
            #expect((r.object["error"] as? [String: Any])?["message"] as? String ==
                    #"message 1 (id "long") is 18 bytes long (UTF-8); the limit is 10 (--max-message-length)"#)
            // UTF-8 bytes, as the maxMessageLength option counts: 4 CJK characters are 12 bytes.
            let cjk = try await client.post("/v1/svg", #"{"text":"很久很久"}"#)
            #expect(cjk.status == .unprocessableContent)
            let spans = try await client.post("/v1/hit", #"{"spans":[{"type":"txt","content":"123456"},{"type":"txt","content":"78901"}],"x":1,"y":1}"#)
            #expect(spans.status == .unprocessableContent)
        }
    }

    @Test(arguments: [
        ("{\"messages\": [", "malformed_json"),
        ("", "malformed_json"),
        ("[1,2]", "invalid_request"),
        (#"{"messages": 3}"#, "invalid_request"),
        (#"{"options": {"maxWidht": 3}, "messages": []}"#, "invalid_options"),
        (#"{"options": {"maxWidth": "wide"}, "messages": []}"#, "invalid_options"),
        (#"{"options": {"maxWidth": 0}, "messages": []}"#, "invalid_options"),
        (#"{"options": {"fonts": ["/etc/passwd"]}, "messages": []}"#, "invalid_options"),
        (#"{"options": {"catalog": "/tmp/c.json"}, "messages": []}"#, "invalid_options"),
    ])
    func malformedBodiesAndBadOptionsAre400(_ body: String, _ code: String) async throws {
        try await sharedServer.application(logger: quietLogger).test(.router) { client in
            let r = try await client.post("/v1/layout", body)
            #expect(r.status == .badRequest)
            #expect(r.errorCode == code)
            #expect(r.headers[.contentType] == "application/json")
        }
    }

    @Test func malformedSingleMessageBodiesAre400() async throws {
        try await sharedServer.application(logger: quietLogger).test(.router) { client in
            for (uri, body) in [("/v1/svg", "not json"), ("/v1/svg", #"{"text": 3}"#), ("/v1/svg", #"{"text":"a","markup":"b"}"#),
                                ("/v1/hit", #"{"text":"a","x":"1","y":2}"#), ("/v1/hit", "[]")] {
                let r = try await client.post(uri, body)
                #expect(r.status == .badRequest, "\(uri) \(body)")
                #expect(r.errorCode != nil)
            }
        }
    }

    @Test func aStalledClientIsDisconnectedAfterTheReadTimeout() async throws {
        let server = try makeServer { $0.readTimeout = 0.5 }
        try await server.application(logger: quietLogger).test(.live) { client in
            let port = try #require(client.port)
            let start = ContinuousClock.now
            // Headers never finished: the server closes the connection without waiting forever.
            let partial = try await rawExchange(port: port, send: "POST /v1/layout HTTP/1.1\r\nHost: x\r\nContent-Le", timeout: 10)
            #expect(partial.isEmpty)
            // A body announced but never sent.
            let body = try await rawExchange(port: port, send: "POST /v1/layout HTTP/1.1\r\nHost: x\r\nContent-Length: 100\r\n\r\n{\"mes", timeout: 10)
            #expect(body.isEmpty || body.hasPrefix("HTTP/1.1 400"))
            #expect(ContinuousClock.now - start < .seconds(5))
        }
    }
}

/// Sends `text` on a new loopback connection and reads until the server closes it (or `timeout`
/// seconds pass, which throws).
func rawExchange(port: Int, send text: String, timeout: Int) async throws -> String {
    try await offThePool {
        let connection = try LoopbackConnection(port: port)
        try connection.send(Array(text.utf8))
        return try connection.readToEnd(timeout: timeout)
    }
}

/// A plain TCP connection to 127.0.0.1, for what an HTTP client would not do (stall, half a body).
final class LoopbackConnection {
    let fd: Int32

    init(port: Int) throws {
        fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard fd >= 0 else { throw POSIXError(.EIO) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = in_port_t(UInt16(port).bigEndian)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard connected == 0 else { close(fd); throw POSIXError(.ECONNREFUSED) }
    }

    deinit { close(fd) }

    func send(_ bytes: [UInt8]) throws {
        var sent = 0
        while sent < bytes.count {
            let n = bytes[sent...].withUnsafeBytes { write(fd, $0.baseAddress, $0.count) }
            guard n > 0 else { throw POSIXError(.EPIPE) }
            sent += n
        }
    }

    /// Reads until the peer closes the connection; throws after `timeout` seconds of silence.
    func readToEnd(timeout: Int) throws -> String {
        var tv = timeval(tv_sec: timeout, tv_usec: 0)
        setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &tv, socklen_t(MemoryLayout<timeval>.size))
        var received: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 65536)
        while true {
            let n = buffer.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
            if n == 0 { break }
            if n < 0 {
                if errno == EAGAIN || errno == EWOULDBLOCK { throw POSIXError(.ETIMEDOUT) }
                if errno == ECONNRESET { break }
                throw POSIXError(.EIO)
            }
            received += buffer[0..<n]
        }
        return String(decoding: received, as: UTF8.self)
    }
}
