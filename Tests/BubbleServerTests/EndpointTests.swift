import Bubble
import BubbleServer
import Foundation
import Hummingbird
import HummingbirdTesting
import NIOCore
import Testing

/// Every endpoint, through the router (no socket) and over loopback (a real HTTP client).
@Suite struct EndpointTests {
    @Test(arguments: [TestingSetup.router, .live, .ahc(.http)])
    func health(_ setup: TestingSetup) async throws {
        try await sharedServer.application(logger: quietLogger).test(setup) { client in
            let r = try await client.execute(uri: "/healthz", method: .get)
            #expect(r.status == .ok)
            #expect(r.text == #"{"status":"ok","# + BubbleVersion.json(fonts: sharedServer.service.engine.fontFingerprint).dropFirst())
            #expect(r.object["bubble"] as? String == BubbleVersion.version)
            #expect(r.headers[.init("X-Request-Id")!] != nil)
        }
    }

    @Test func layoutGivesTheRendererBytesInOrder() async throws {
        let engine = sharedServer.service.engine
        let texts = ["Hello, world", "很久很久以前[微笑]在一个群里 @百度", "see https://example.com/a?b=1."]
        var o = BubbleOptions()
        o.maxWidth = 160
        let expected = try texts.map { t in try JSONRenderer().render(engine.layout(text: t, options: o)) }
        let messages = texts.enumerated().map { #"{"id":\#($0.offset),"text":\#(quoted($0.element))}"# }
        let body = #"{"options":{"maxWidth":160},"messages":[\#(messages.joined(separator: ","))]}"#
        try await sharedServer.application(logger: quietLogger).test(.ahc(.http)) { client in
            let r = try await client.post("/v1/layout", body)
            #expect(r.status == .ok)
            #expect(r.headers[.contentType] == "application/json")
            let items = expected.enumerated().map { #"{"id":\#($0.offset),"layout":\#($0.element)}"# }
            #expect(r.text == #"{"results":[\#(items.joined(separator: ","))]}"#)
        }
    }

    @Test func aMessageTheEngineRejectsGetsAnErrorInItsPlaceAndTheOthersGoOn() async throws {
        let body = """
            {"messages":[{"id":"a","text":"one"},{"id":"b","spans":[{"type":"txt","color":"nope","content":"x"}]},\
            {"id":"c","text":"three is long","options":{"maxMessageLength":4}},{"id":"d","markup":"<b>four</b>","options":{"maxLines":1}},\
            {"id":"e","text":"five","options":{"fonts":["No Such Family"]}},{"id":"f","text":"six","lang":"en"}]}
            """
        try await sharedServer.application(logger: quietLogger).test(.router) { client in
            let r = try await client.post("/v1/layout", body)
            #expect(r.status == .ok)
            let results = try #require(r.object["results"] as? [[String: Any]])
            #expect(results.map { $0["id"] as? String } == ["a", "b", "c", "d", "e", "f"])
            let codes = results.map { ($0["error"] as? [String: Any])?["code"] as? String }
            #expect(codes == [nil, "malformed_spans", "message_too_long", nil, "font_not_allowed", nil])
            #expect((results[3]["layout"] as? [String: Any])?["version"] as? Int == 1)
        }
    }

    @Test(arguments: [
        (#"{"id":"b"}"#, "invalid_message"),
        (#"{"id":"b","text":"x","markup":"y"}"#, "invalid_message"),
        (#"{"id":{"x":1},"text":"x"}"#, "invalid_message"),
        (#"{"id":"b","spans":[{"type":"gif"}]}"#, "malformed_spans"),
        (#"{"id":"b","text":"x","options":{"maxWidht":3}}"#, "invalid_options"),
        (#"{"id":"b","text":"x","options":{"maxWidth":-3}}"#, "invalid_options"),
        (#"{"id":"b","text":"x","options":null}"#, "invalid_options"),
        (#"{"id":"b","text":"x","options":{"padding":{"top":null}}}"#, "invalid_options"),
        (#"{"id":"b","text":"x","options":{"catalog":"/etc/passwd"}}"#, "invalid_options"),
        (#"{"id":"b","text":"x","options":{"theme":{"style":"sideways"}}}"#, "invalid_options"),
    ])
    func aMessageThatBreaksTheSchemaRefusesTheRequest(_ message: String, _ code: String) async throws {
        try await sharedServer.application(logger: quietLogger).test(.router) { client in
            let r = try await client.post("/v1/layout", #"{"messages":[{"id":"a","text":"fine"},\#(message)]}"#)
            #expect(r.status == .badRequest)
            #expect(r.errorCode == code)
            #expect(((r.object["error"] as? [String: Any])?["message"] as? String)?.hasPrefix("message 1: ") == true)
        }
    }

    @Test func spansAndMarkupAreLaidOutLikeTheEngineDoes() async throws {
        let engine = sharedServer.service.engine
        let spans = #"[{"type":"txt","content":"Hi ","color":"red"},{"type":"img","width":40,"height":20},{"type":"link","content":"docs","url":"https://e.com"}]"#
        let fromSpans = try JSONRenderer().render(engine.layout(utf8: Array(spans.utf8), format: .spans))
        let fromMarkup = try JSONRenderer().render(engine.layout(Message(markup: "<b>bold</b> and <i>it</i>")))
        try await sharedServer.application(logger: quietLogger).test(.router) { client in
            let r = try await client.post("/v1/layout", #"{"messages":[{"id":1,"spans":\#(spans)},{"id":2,"markup":"<b>bold</b> and <i>it</i>"}]}"#)
            #expect(r.text == #"{"results":[{"id":1,"layout":\#(fromSpans)},{"id":2,"layout":\#(fromMarkup)}]}"#)
        }
    }

    @Test func svgIsAnSVGDocument() async throws {
        let expected = try sharedServer.service.engine.svg(text: "Hello [smile]")
        try await sharedServer.application(logger: quietLogger).test(.ahc(.http)) { client in
            let r = try await client.post("/v1/svg", #"{"text":"Hello [smile]"}"#)
            #expect(r.status == .ok)
            #expect(r.headers[.contentType] == "image/svg+xml")
            #expect(r.text == expected)
            let bad = try await client.post("/v1/svg", #"{"options":{"maxWidth":-1},"text":"x"}"#)
            #expect(bad.status == .badRequest)
            #expect(bad.errorCode == "invalid_options")
        }
    }

    @Test func hitFindsTheLinkUnderThePoint() async throws {
        let layout = try sharedServer.service.engine.layout(text: "see https://example.com now")
        let rect = try #require(layout.links.first?.rects.first)
        try await sharedServer.application(logger: quietLogger).test(.live) { client in
            let r = try await client.post("/v1/hit", #"{"text":"see https://example.com now","x":\#(rect.x + 2),"y":\#(rect.y + rect.height / 2)}"#)
            #expect(r.status == .ok)
            let link = try #require(r.object["link"] as? [String: Any])
            #expect(r.object["hit"] as? Bool == true)
            #expect(link["kind"] as? String == "url")
            #expect(link["start"] as? Int == 4)
            #expect(link["target"] as? String == "https://example.com")
            let outside = try await client.post("/v1/hit", #"{"text":"x","x":-5,"y":3}"#)
            #expect(outside.text == #"{"hit":false}"#)
            let noPoint = try await client.post("/v1/hit", #"{"text":"x"}"#)
            #expect(noPoint.status == .badRequest)
        }
    }

    @Test func theOpenAPIDocumentIsServedAsKept() async throws {
        let kept = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("Sources/BubbleServer/openapi.json")
        let text = try String(contentsOf: kept, encoding: .utf8)
        try await sharedServer.application(logger: quietLogger).test(.router) { client in
            let r = try await client.execute(uri: "/openapi.json", method: .get)
            #expect(r.status == .ok)
            #expect(r.text == text)
            let doc = r.object
            #expect(doc["openapi"] as? String == "3.1.0")
            let paths = try #require(doc["paths"] as? [String: Any])
            #expect(Set(paths.keys) == ["/v1/layout", "/v1/svg", "/v1/html", "/v1/hit", "/", "/healthz", "/metrics", "/openapi.json"])
        }
    }

    @Test func metricsCountRequestsMessagesErrorsAndTheCache() async throws {
        let server = try makeServer { _ in }
        try await server.application(logger: quietLogger).test(.ahc(.http)) { client in
            _ = try await client.post("/v1/layout", #"{"messages":[{"id":1,"text":"a b"},{"id":2,"text":"a b"},{"id":3,"text":"x","options":{"fonts":["Nope"]}}]}"#)
            _ = try await client.post("/v1/layout", "{nope")
            let r = try await client.execute(uri: "/metrics", method: .get)
            #expect(r.status == .ok)
            #expect(r.headers[.contentType]?.hasPrefix("text/plain") == true)
            let text = r.text
            #expect(text.contains(#"bubble_http_requests_total{method="POST",path="/v1/layout",status="200"} 1"#))
            #expect(text.contains(#"bubble_http_requests_total{method="POST",path="/v1/layout",status="400"} 1"#))
            #expect(text.contains("bubble_messages_total 3"))
            #expect(text.contains(#"bubble_errors_total{code="font_not_allowed"} 1"#))
            #expect(text.contains(#"bubble_errors_total{code="malformed_json"} 1"#))
            #expect(text.contains("bubble_cache_hits_total 1"))
            #expect(text.contains("bubble_cache_misses_total 1"))  // an unknown font fails before the cache is asked
            #expect(text.contains("bubble_cache_entries 1"))
            #expect(text.contains("bubble_http_request_duration_seconds_bucket"))
        }
    }

    @Test func unknownPathsAre404AndWrongMethods405() async throws {
        try await sharedServer.application(logger: quietLogger).test(.live) { client in
            let missing = try await client.execute(uri: "/v2/layout", method: .post)
            #expect(missing.status == .notFound)
            #expect(missing.errorCode == "not_found")
            let wrong = try await client.execute(uri: "/v1/layout", method: .get)
            #expect(wrong.status == .methodNotAllowed)
            #expect(wrong.errorCode == "method_not_allowed")
            #expect(wrong.headers[.allow] == "POST")
            let put = try await client.execute(uri: "/healthz", method: .put)
            #expect(put.status == .methodNotAllowed)
        }
    }
}
