@testable import BubbleServer
import Foundation
import Hummingbird
import HummingbirdTesting
import Testing

/// A client that keeps being refused has its refusals' answers held (``RefusalPenalty``), by a leaky
/// bucket on a clock the test gives, so no test waits or times anything.
@Suite struct RefusalPenaltyTests {
    let t0 = ContinuousClock.now

    @Test func answersAtOnceUpToTheAllowance() {
        let penalty = RefusalPenalty(maxDelay: .seconds(1))
        for _ in 0..<Int(RefusalPenalty.allowance) { #expect(penalty.refuse("named:a", now: t0) == .zero) }
        #expect(penalty.refuse("named:a", now: t0) == RefusalPenalty.step)
        #expect(penalty.refuse("named:a", now: t0) == RefusalPenalty.step * 2)
        #expect(penalty.count == 2)
    }

    @Test func heldAtMostTheServersDelay() {
        let penalty = RefusalPenalty(maxDelay: .milliseconds(250))
        var last = Duration.zero
        for _ in 0..<100 { last = penalty.refuse("peer:10.0.0.1", now: t0) }
        #expect(last == .milliseconds(250))
    }

    @Test func theBucketDrains() {
        let penalty = RefusalPenalty(maxDelay: .seconds(1))
        for _ in 0..<20 { _ = penalty.refuse("named:a", now: t0) }
        // 20 refusals drain at 4 a second: after 5 s the bucket is empty again.
        #expect(penalty.refuse("named:a", now: t0 + .seconds(5)) == .zero)
        // After 1 s, 16 are left and the 17th is 9 over the allowance.
        let other = RefusalPenalty(maxDelay: .seconds(10))
        for _ in 0..<20 { _ = other.refuse("named:a", now: t0) }
        #expect(other.refuse("named:a", now: t0 + .seconds(1)) == RefusalPenalty.step * 9)
    }

    @Test func clientsAreApart() {
        let penalty = RefusalPenalty(maxDelay: .seconds(1))
        for _ in 0..<20 { _ = penalty.refuse("named:attacker", now: t0) }
        #expect(penalty.refuse("named:valid", now: t0) == .zero)
    }

    @Test func zeroDelayIsOff() {
        let penalty = RefusalPenalty(maxDelay: .zero)
        for _ in 0..<100 { #expect(penalty.refuse("named:a", now: t0) == .zero) }
        #expect(penalty.count == 0)
    }

    @Test func theTableStaysBounded() {
        let penalty = RefusalPenalty(maxDelay: .seconds(1))
        for i in 0..<(RefusalPenalty.capacity * 3) { _ = penalty.refuse("peer:\(i)", now: t0) }
        #expect(penalty.clients <= RefusalPenalty.capacity)
    }

    /// A named client is counted by its name; any other by the address it connects from, so a new
    /// connection per request does not start a new bucket.
    @Test func whoIsCounted() {
        #expect(ClientKey.named("a").refusalKey(peer: "127.0.0.1") == "named:a")
        #expect(ClientKey.anonymous.refusalKey(peer: "127.0.0.1") == "peer:127.0.0.1")
        #expect(ClientKey.anonymous.refusalKey(peer: nil) == nil)
    }
}

/// Over a real connection: every refusal is counted against the client that sent it (by its
/// `X-Client-Id`), a served request is not, and `/metrics` names the count of held answers. (Which
/// answers are held depends on the time between refusals: the tests above give the clock; here the
/// requests may be spread over seconds when other suites load the machine.)
@Suite struct RefusalPenaltyServiceTests {
    @Test func refusalsAreCountedAgainstTheirClient() async throws {
        let server = try makeServer {
            $0.clientKeyHeader = "X-Client-Id"
            $0.refusalDelay = 0.05
        }
        try await server.application(logger: quietLogger).test(.ahc(.http)) { client in
            for _ in 0..<3 {
                let r = try await client.post("/v1/layout", "{\"messages\":[", headers: [HTTPFields.Element.Name("X-Client-Id")!: "careless"])
                #expect(r.status == .badRequest)
            }
            let valid = try await client.post("/v1/layout", #"{"messages":[{"id":1,"text":"hi"}]}"#, headers: [HTTPFields.Element.Name("X-Client-Id")!: "calm"])
            #expect(valid.status == .ok)
            #expect(server.service.refusals.tracks("named:careless"))
            #expect(!server.service.refusals.tracks("named:calm"))
            let metrics = try await client.executeRequest(uri: "/metrics", method: .get, headers: [:], body: nil).text
            #expect(metrics.contains("bubble_refusals_delayed "))
        }
    }
}
