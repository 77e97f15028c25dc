import Bubble
import BubbleServer
import Foundation
import Hummingbird
import HummingbirdTesting
import Testing

/// Link rules over HTTP: configured rules by name, raw patterns only when the server allows them, and
/// entities beside text.
@Suite struct LinkRuleServiceTests {
    static let ticket = LinkRule(name: "ticket", pattern: #"\b[A-Z]{2,5}-\d+\b"#, kind: "ticket", target: "https://t.example/$0")

    @Test func requestsSelectConfiguredAndBuiltInRulesByName() async throws {
        let server = try makeServer { $0.linkRules = ["ticket": Self.ticket] }
        try await server.application(logger: quietLogger).test(.router) { client in
            let r = try await client.post("/v1/layout", #"{"options": {"linkRules": ["ticket", "hashtag"]}, "messages": [{"id": 1, "text": "PAY-12 #go"}]}"#)
            #expect(r.status == .ok, "\(r.text)")
            #expect(r.text.contains(#""kind":"ticket""#) && r.text.contains(#""target":"https://t.example/PAY-12""#), "\(r.text)")
            #expect(r.text.contains(#""kind":"hashtag""#))
            let unknown = try await client.post("/v1/layout", #"{"options": {"linkRules": ["nosuch"]}, "messages": [{"id": 1, "text": "x"}]}"#)
            #expect(unknown.status == .badRequest)
            #expect(unknown.errorCode == "invalid_options")
        }
    }

    @Test func rawPatternsNeedTheServersPermissionAndStayUnderItsCaps() async throws {
        let body = #"{"options": {"linkRules": [{"name": "t", "pattern": "[A-Z]+-\\d+"}]}, "messages": [{"id": 1, "text": "AB-1"}]}"#
        let closed = try makeServer { _ in }
        try await closed.application(logger: quietLogger).test(.router) { client in
            let r = try await client.post("/v1/layout", body)
            #expect(r.status == .badRequest)
            #expect(r.text.contains("takes rules by name only"), "\(r.text)")
        }
        let open = try makeServer { $0.allowRequestLinkRules = true; $0.maxRequestPatternLength = 16 }
        try await open.application(logger: quietLogger).test(.router) { client in
            let r = try await client.post("/v1/layout", body)
            #expect(r.status == .ok, "\(r.text)")
            #expect(r.text.contains(#""kind":"t""#))
            let long = try await client.post("/v1/layout", #"{"options": {"linkRules": [{"name": "t", "pattern": "[A-Z]+-\\d+[a-z]*[0-9]*"}]}, "messages": [{"id": 1, "text": "AB-1"}]}"#)
            #expect(long.status == .badRequest)
            // A catastrophic pattern answers with an error in the message's place, not a hang.
            let evil = try await client.post("/v1/layout", #"{"options": {"linkRules": [{"name": "evil", "pattern": "(a+)+$"}]}, "messages": [{"id": 1, "text": "aaaaaaaaaaaaaaaaaaaaaaaaaaaaaa!"}]}"#)
            #expect(evil.text.contains("invalid_link_rule"), "\(evil.text)")
        }
    }

    /// A request's own patterns run under the server's request limits, lower than its own rules' (a
    /// hostile pattern costs one request less); the same pattern configured by the server keeps the
    /// higher defaults. The ReDoS case is an error naming the limit it hit (no timing assertion here: the
    /// README gives the time).
    @Test func requestPatternsRunUnderTheirOwnLowerLimits() async throws {
        let hostile = String(repeating: "a", count: 30) + "!"
        let evil = LinkRule(name: "evil", pattern: "(a+)+$")
        let server = try makeServer {
            $0.allowRequestLinkRules = true
            $0.requestLinkRuleLimits = LinkRule.Limits(matchLimit: 5_000, depthLimit: 500)
            $0.linkRules = ["configured": LinkRule(name: "configured", pattern: "(a+)+$")]
        }
        try await server.application(logger: quietLogger).test(.router) { client in
            let r = try await client.post("/v1/layout", #"{"options": {"linkRules": [{"name": "evil", "pattern": "(a+)+$"}]}, "messages": [{"id": 1, "text": "\#(hostile)"}]}"#)
            #expect(r.text.contains("invalid_link_rule") && r.text.contains("match limit 5000, depth limit 500"), "\(r.text)")
            let own = try await client.post("/v1/layout", #"{"options": {"linkRules": ["configured"]}, "messages": [{"id": 1, "text": "\#(hostile)"}]}"#)
            #expect(own.text.contains("invalid_link_rule")
                    && own.text.contains("match limit \(LinkRule.matchLimit), depth limit \(LinkRule.depthLimit)"), "\(own.text)")
            // An ordinary pattern over a long message stays far below the request limits.
            let words = (0..<4000).map { $0 % 97 == 0 ? "PAY-\($0)" : "word\($0)" }.joined(separator: " ")
            let fine = try await client.post("/v1/layout", #"{"options": {"linkRules": [{"name": "t", "pattern": "\\b[A-Z]{2,5}-\\d+\\b"}], "maxLines": 1}, "messages": [{"id": 1, "text": "\#(words)"}]}"#)
            #expect(fine.status == .ok && !fine.text.contains("error"), "\(fine.text.prefix(400))")
            #expect(fine.text.components(separatedBy: #""kind":"t""#).count - 1 == 42)
        }
        #expect(evil.effectiveMatchLimit == LinkRule.matchLimit)
        var limited = evil
        limited.limits = LinkRule.Limits(matchLimit: .max, depthLimit: .max)
        #expect(limited.effectiveMatchLimit == LinkRule.matchLimit && limited.effectiveDepthLimit == LinkRule.depthLimit,
                "a rule's own limits only ever lower the defaults")
    }

    @Test func entitiesTravelBesideText() async throws {
        let server = try makeServer { _ in }
        try await server.application(logger: quietLogger).test(.router) { client in
            let r = try await client.post("/v1/layout", #"{"messages": [{"id": 1, "text": "hi /start", "entities": [{"type": "bot_command", "offset": 3, "length": 6}]}]}"#)
            #expect(r.status == .ok)
            #expect(r.text.contains(#""kind":"bot_command""#), "\(r.text)")
            let bad = try await client.post("/v1/layout", #"{"messages": [{"id": 1, "text": "hi", "entities": [{"type": "bold", "offset": 1, "length": 9}]}]}"#)
            #expect(bad.text.contains("invalid entity 0"), "\(bad.text)")
        }
    }
}
