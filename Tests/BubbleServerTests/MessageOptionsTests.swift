@testable import Bubble
import Foundation
import Hummingbird
import HummingbirdTesting
import Testing
@testable import BubbleServer

/// A message's own options over its request's: those that touch only the layout share the request's
/// compiled link map and cache key (nothing the request sized is made again per message), those that
/// touch mapping get a plan of their own; either way the answer is the one of the merged options.
@Suite struct MessageOptionsTests {
    @Test func ownOptionsOverTheRequestsLinkMap() async throws {
        let server = try makeServer { _ in }
        let body = #"""
            {"options":{"linkMap":{"k1":"https://one.example"}},"messages":[
              {"id":1,"text":"k1 k2 same words","options":{"maxWidth":150}},
              {"id":2,"text":"k1 k2 same words","options":{"linkMap":{"k2":"https://two.example"}}},
              {"id":3,"text":"k1 k2 same words"},
              {"id":4,"text":"k1 k2 same words","options":{"maxWidth":260,"fontSize":20}}]}
            """#
        try await server.application(logger: quietLogger).test(.router) { client in
            let r = try await client.post("/v1/layout", body)
            #expect(r.status == .ok)
            let results = try #require(r.object["results"] as? [[String: Any]])
            func targets(_ k: Int) -> [String] {
                ((results[k]["layout"] as? [String: Any])?["links"] as? [[String: Any]] ?? []).compactMap { $0["target"] as? String }
            }
            #expect(targets(0) == ["https://one.example"])
            #expect(targets(1) == ["https://one.example", "https://two.example"])
            #expect(targets(2) == ["https://one.example"])
            #expect(targets(3) == ["https://one.example"])
            // 1 and 3 share one shaped text (1's maxWidth is a layout option); 2 and 4 map or shape otherwise.
            let metrics = try await client.execute(uri: "/metrics", method: .get).text
            #expect(metrics.contains("bubble_cache_misses_total 3"), "\(metrics)")
            #expect(metrics.contains("bubble_cache_hits_total 1"), "\(metrics)")
        }
    }

    @Test func layoutOnlyOptionsShareTheRequestsPlanParts() throws {
        let engine = try BubbleEngine()
        var request = BubbleOptions()
        request.linkMap = ["k1": "https://one.example"]
        let base = try engine.plan(for: request)
        var own = BubbleOptions()
        own.maxWidth = 150
        let shared = try engine.plan(for: own.merged(over: request), own: own, over: base)
        #expect(shared.stageOptions === base.stageOptions)
        own.fontSize = 20
        let apart = try engine.plan(for: own.merged(over: request), own: own, over: base)
        #expect(apart.stageOptions !== base.stageOptions)
        #expect(apart.stageOptions != base.stageOptions)
    }
}
