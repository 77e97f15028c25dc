import AsyncHTTPClient
import Bubble
import BubbleServer
import Foundation
import Hummingbird
import HummingbirdTesting
import NIOCore
import Testing

#if canImport(Glibc)
import Glibc
#endif

/// Every cache has a bound, requests name only allowed families, and a slow or hostile client cannot
/// hold the server (issues 13 and 20).
@Suite struct BoundsTests {
    @Test func aFamilyOutsideTheAllowedListIs422NamingIt() async throws {
        try await sharedServer.application(logger: quietLogger).test(.router) { client in
            // (DejaVu Serif is allowed: it is one of the standard faceFamilies.)
            let r = try await client.post("/v1/layout", #"{"options":{"fonts":["Noto Sans Mono"]},"messages":[{"id":1,"text":"hi"}]}"#)
            #expect(r.status == .unprocessableContent)
            #expect(r.errorCode == "font_not_allowed")
            #expect(r.text.contains("Noto Sans Mono"))
            // A message's own options: an error in its place, the others laid out.
            let own = try await client.post("/v1/layout", #"{"messages":[{"id":1,"text":"hi","options":{"fonts":["Noto Sans Nowhere"]}},{"id":2,"text":"ok"}]}"#)
            #expect(own.status == .ok)
            #expect(own.text.contains("font_not_allowed") && own.text.contains("Noto Sans Nowhere"))
            #expect(own.text.contains(#"{"id":2,"layout""#))
            let svg = try await client.post("/v1/svg", #"{"options":{"fonts":["Noto Sans Mono"]},"text":"hi"}"#)
            #expect(svg.status == .unprocessableContent)
            // The default chain's families, in any order and case, are allowed.
            let ok = try await client.post("/v1/layout", #"{"options":{"fonts":["noto sans","DejaVu Sans"]},"messages":[{"id":1,"text":"hi"}]}"#)
            #expect(ok.status == .ok)
            #expect(!ok.text.contains("\"error\""))
        }
    }

    /// `faceFamilies` is held to the same list as `fonts`; `--allow-families` also narrows the default
    /// faces, so `<font face>` falls back (with a warning) and a span's `face` is an error.
    @Test func faceFamiliesStayWithinTheAllowedFamilies() async throws {
        try await sharedServer.application(logger: quietLogger).test(.router) { client in
            let refused = try await client.post("/v1/layout", #"{"options":{"faceFamilies":["Noto Sans Mono"]},"messages":[{"id":1,"markup":"hi"}]}"#)
            #expect(refused.status == .unprocessableContent)
            #expect(refused.errorCode == "font_not_allowed")
            #expect(refused.text.contains("Noto Sans Mono"))
            let standard = try await client.post("/v1/layout", #"{"options":{"faceFamilies":["dejavu serif"]},"messages":[{"id":1,"markup":"<font face=\"DejaVu Serif\">hi</font>"}]}"#)
            #expect(standard.status == .ok)
            #expect(!standard.text.contains("\"error\"") && !standard.text.contains("warnings"), "\(standard.text)")
        }
        let narrow = try makeServer { $0.allowedFamilies = FallbackChain.defaultFamilies }
        try await narrow.application(logger: quietLogger).test(.router) { client in
            let markup = try await client.post("/v1/layout", #"{"messages":[{"id":1,"markup":"<font face=\"DejaVu Serif\">hi</font>"}]}"#)
            #expect(markup.status == .ok)
            #expect(markup.text.contains("face_not_allowed") && markup.text.contains("DejaVu Serif"), "\(markup.text)")
            let spans = try await client.post("/v1/layout", #"{"messages":[{"id":1,"spans":[{"type":"txt","content":"hi","face":"DejaVu Serif"}]}]}"#)
            #expect(spans.status == .ok)
            #expect(spans.text.contains("font_not_allowed") && spans.text.contains("DejaVu Serif"), "\(spans.text)")
            let sans = try await client.post("/v1/layout", #"{"messages":[{"id":1,"spans":[{"type":"txt","content":"hi","face":"Noto Sans"}]}]}"#)
            #expect(sans.status == .ok)
            #expect(!sans.text.contains("\"error\""), "\(sans.text)")
        }
    }

    @Test func fontChainsAreBoundedAndReportedInMetrics() async throws {
        let families = ["DejaVu Sans", "DejaVu Serif", "DejaVu Sans Mono", "Noto Sans", "Noto Serif"]
        let server = try makeServer {
            $0.limits.fontChains = 3
            $0.allowedFamilies = families
        }
        try await server.application(logger: quietLogger).test(.router) { client in
            for (i, a) in families.enumerated() {
                for b in families where b != a {
                    let r = try await client.post("/v1/layout", #"{"options":{"fonts":[\#(quoted(a)),\#(quoted(b))],"maxWidth":\#(100 + i)},"messages":[{"id":1,"text":"Hello"}]}"#)
                    #expect(r.status == .ok)
                    #expect(!r.text.contains("\"error\""), "\(r.text)")
                }
            }
            let counts = server.service.engine.cacheCounts
            #expect(counts.fontChains <= 3)
            #expect(counts.fontChainEvictions >= 17)
            let metrics = try await client.executeRequest(uri: "/metrics", method: .get, headers: [:], body: nil)
            for gauge in ["bubble_font_chains 3", "bubble_font_chains_capacity 3", "bubble_catalogs_capacity 8", "bubble_glyph_paths_capacity",
                          "bubble_cache_capacity 20000", "bubble_font_faces", "bubble_layouts_capacity", "bubble_layout_queue_capacity 64"] {
                #expect(metrics.text.contains(gauge), "\(gauge) missing")
            }
        }
    }

    /// Trickles bytes on `connection` until the server closes it or `limit` seconds pass; whether it closed.
    static func trickle(_ connection: LoopbackConnection, bytes: Int, every interval: Duration, limit: Double) async throws -> Bool {
        let start = Date()
        while Date().timeIntervalSince(start) < limit {
            try await Task.sleep(for: interval)
            do { try connection.send(Array(repeating: 0x20, count: bytes)) } catch { return true }
        }
        return false
    }

    @Test func aSlowBodyIsCutOffAtTheDeadline() async throws {
        let server = try makeServer {
            $0.requestDeadline = 2
            $0.minBodyRate = 0
            $0.readTimeout = 600  // so the idle timer cannot be what closes it
        }
        try await server.application(logger: quietLogger).test(.live) { client in
            let port = try #require(client.port)
            let connection = try LoopbackConnection(port: port)
            try connection.send(Array("POST /v1/layout HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Length: 100000\r\n\r\n{".utf8))
            // A byte every 300 ms: the idle timer restarts on each, the deadline does not.
            let closed = try await BoundsTests.trickle(connection, bytes: 1, every: .milliseconds(300), limit: 60)
            #expect(closed)
            #expect(server.service.boundGaugesForTests["bubble_slow_requests_closed"] == 1)
        }
    }

    @Test func aBodyBelowTheMinimumRateIsCutOff() async throws {
        let server = try makeServer {
            $0.requestDeadline = 600
            $0.minBodyRate = 1000
            $0.readTimeout = 600
        }
        try await server.application(logger: quietLogger).test(.live) { client in
            let port = try #require(client.port)
            let connection = try LoopbackConnection(port: port)
            try connection.send(Array("POST /v1/layout HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Length: 100000\r\n\r\n".utf8))
            // 10 bytes every 300 ms is 33 bytes/s: far below 1000.
            let closed = try await BoundsTests.trickle(connection, bytes: 10, every: .milliseconds(300), limit: 60)
            #expect(closed)
            #expect(server.service.boundGaugesForTests["bubble_slow_requests_closed"] == 1)
            // A client sending at a normal pace on the same server is unaffected.
            let ok = try await client.post("/v1/layout", #"{"messages":[{"id":1,"text":"fine"}]}"#)
            #expect(ok.status == .ok)
        }
    }

    @Test func layoutWorkPastTheQueueIs503WithRetryAfter() async throws {
        let server = try makeServer {
            $0.maxConcurrentLayouts = 1
            $0.layoutQueue = 0
        }
        let messages = (0..<1000).map { #"{"id":\#($0),"text":\#(quoted(corpusMessages[$0 % corpusMessages.count] + " \($0)"))}"# }
        let heavy = #"{"options":{"maxWidth":133},"messages":[\#(messages.joined(separator: ","))]}"#
        try await server.application(logger: quietLogger).test(.ahc(.http)) { client in
            let statuses = try await withThrowingTaskGroup(of: (HTTPResponse.Status, String?).self) { group in
                for _ in 0..<8 {
                    group.addTask {
                        let r = try await client.post("/v1/layout", heavy)
                        return (r.status, r.headers[.retryAfter])
                    }
                }
                var all: [(HTTPResponse.Status, String?)] = []
                for try await s in group { all.append(s) }
                return all
            }
            #expect(statuses.contains { $0.0 == .ok })
            let refused = statuses.filter { $0.0 == .serviceUnavailable }
            #expect(!refused.isEmpty)
            #expect(refused.allSatisfy { $0.1 == "1" })
            let health = try await client.executeRequest(uri: "/healthz", method: .get, headers: [:], body: nil)
            #expect(health.status == .ok)
        }
    }
}
