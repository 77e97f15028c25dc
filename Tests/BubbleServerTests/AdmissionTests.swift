import AsyncHTTPClient
import Bubble
@testable import BubbleServer
import Foundation
import Hummingbird
import HummingbirdTesting
import NIOCore
import Testing

/// Admission by cost (issue 32, part 1): the layout gate queues clients fairly by the estimated cost of
/// their requests and refuses a client past its bound on cost in flight with 429, while another client's
/// requests are admitted.
@Suite struct AdmissionTests {
    /// A gate whose work waits until the test lets it finish, so the order of events is the test's.
    final class Latch: @unchecked Sendable {
        private let lock = NSLock()
        private var waiters: [CheckedContinuation<Void, Never>] = []
        private var open = false

        func wait() async {
            await withCheckedContinuation { c in
                lock.lock()
                if open { lock.unlock(); c.resume() } else { waiters.append(c); lock.unlock() }
            }
        }

        func release() {
            lock.lock()
            open = true
            let all = waiters
            waiters = []
            lock.unlock()
            for c in all { c.resume() }
        }
    }

    @Test func aClientPastItsCostBoundIs429AndAnotherIsAdmitted() async throws {
        let gate = LayoutGate(slots: 2, queueLimit: 8, clientCostLimit: 1000)
        let latch = Latch()
        let flood = ClientKey.named("flood"), calm = ClientKey.named("calm")
        // The flooding client's first expensive request is admitted (it had nothing in flight) and holds a slot.
        let first = Task { try await gate.run(client: flood, cost: 900) { () async throws(BubbleServerError) in await latch.wait(); return 1 } }
        while gate.gauges.first(where: { $0.0 == "bubble_layouts_in_flight" })?.1 != 1 { await Task.yield() }
        // Its next one would take it past 1000 in flight: 429.
        do {
            _ = try await gate.run(client: flood, cost: 900) { () async throws(BubbleServerError) in 2 }
            Issue.record("a request past the client's bound was admitted")
        } catch {
            #expect(error.status == .tooManyRequests)
            #expect(error.error.code == "client_over_budget")
        }
        // Another client is admitted meanwhile.
        let answer = try await gate.run(client: calm, cost: 900) { () async throws(BubbleServerError) in 3 }
        #expect(answer == 3)
        latch.release()
        #expect(try await first.value == 1)
        // Once its work is answered, the flooding client is admitted again.
        #expect(try await gate.run(client: flood, cost: 900) { () async throws(BubbleServerError) in 4 } == 4)
        let gauges = Dictionary(gate.gauges, uniquingKeysWith: { a, _ in a })
        #expect(gauges["bubble_layouts_shed"] == 1)
        #expect(gauges["bubble_clients_in_flight"] == 0)
        let admitted = Dictionary(gate.admittedCost, uniquingKeysWith: { a, _ in a })
        #expect(admitted["flood"] == 1800 && admitted["calm"] == 900)
    }

    /// With every slot taken, a freed slot goes to the client with the least cost served, not to the
    /// oldest waiter: a cheap client's request overtakes the expensive client's queue.
    @Test func aFreedSlotGoesToTheCheapClientFirst() async throws {
        let gate = LayoutGate(slots: 1, queueLimit: 16)
        let latch = Latch()
        let order = OrderLog()
        let holder = Task { try await gate.run(client: .named("heavy"), cost: 10_000) { () async throws(BubbleServerError) in await latch.wait() } }
        while gate.gauges.first(where: { $0.0 == "bubble_layouts_in_flight" })?.1 != 1 { await Task.yield() }
        var tasks: [Task<Void, any Error>] = []
        for i in 0..<3 {
            tasks.append(Task { try await gate.run(client: .named("heavy"), cost: 10_000) { () async throws(BubbleServerError) in order.add("heavy\(i)") } })
            while gate.gauges.first(where: { $0.0 == "bubble_layouts_queued" })?.1 != i + 1 { await Task.yield() }
        }
        tasks.append(Task { try await gate.run(client: .named("light"), cost: 100) { () async throws(BubbleServerError) in order.add("light") } })
        while gate.gauges.first(where: { $0.0 == "bubble_layouts_queued" })?.1 != 4 { await Task.yield() }
        latch.release()
        try await holder.value
        for t in tasks { try await t.value }
        #expect(order.all.first == "light", "\(order.all)")
        #expect(Array(order.all.dropFirst()) == ["heavy0", "heavy1", "heavy2"])
    }

    /// Bulk requests have a slot of their own and never take a cheap one: with two slots and one bulk
    /// slot, one bulk request runs, a second (from another client) waits, and two cheap requests run
    /// at once beside the first; when the first ends, the slot goes to the bulk request waiting.
    @Test func bulkRequestsLeaveEverySlotToCheapOnes() async throws {
        let gate = LayoutGate(slots: 2, bulkSlots: 1, queueLimit: 8)
        let latch = Latch(), cheap = Latch()
        let gauge = { (name: String) in gate.gauges.first(where: { $0.0 == name })?.1 }
        let first = Task { try await gate.run(client: .named("a"), cost: RequestCost.bulk) { () async throws(BubbleServerError) in await latch.wait() } }
        while gauge("bubble_layouts_bulk_in_flight") != 1 { await Task.yield() }
        let second = Task { try await gate.run(client: .named("b"), cost: RequestCost.bulk) { () async throws(BubbleServerError) in 2 } }
        while gauge("bubble_layouts_queued") != 1 { await Task.yield() }
        // Two cheap requests from the same client as the waiting bulk one hold both slots at once.
        let cheapOnes = (0..<2).map { i in Task { try await gate.run(client: .named("b"), cost: 100) { () async throws(BubbleServerError) in await cheap.wait(); return i } } }
        while gauge("bubble_layouts_in_flight") != 3 { await Task.yield() }
        #expect(gauge("bubble_layouts_queued") == 1 && gauge("bubble_layouts_bulk_in_flight") == 1)
        // A third cheap one waits: the slots are full, and the bulk slot is not for it.
        let third = Task { try await gate.run(client: .named("c"), cost: 100) { () async throws(BubbleServerError) in 3 } }
        while gauge("bubble_layouts_queued") != 2 { await Task.yield() }
        cheap.release()
        let answers = [try await cheapOnes[0].value, try await cheapOnes[1].value]
        #expect(answers == [0, 1])
        #expect(try await third.value == 3)
        #expect(gauge("bubble_layouts_queued") == 1)
        latch.release()
        try await first.value
        #expect(try await second.value == 2)
        #expect(gauge("bubble_layouts_bulk_in_flight") == 0 && gauge("bubble_layouts_in_flight") == 0)
    }

    /// A client that sent a bulk request has its next requests read on the bulk lane, however small;
    /// another client's are read on the task pool.
    @Test func aClientThatSentBulkWorkIsReadOnTheLane() async throws {
        let gate = LayoutGate(slots: 2, bulkSlots: 1, queueLimit: 8)
        let heavy = ClientKey.named("heavy"), calm = ClientKey.named("calm")
        #expect(!gate.readsOnLane(heavy, bodyBytes: 100) && !gate.readsOnLane(calm, bodyBytes: 100))
        _ = try await gate.run(client: calm, cost: RequestCost.bulk - 1) { () async throws(BubbleServerError) in 1 }
        _ = try await gate.run(client: heavy, cost: RequestCost.bulk) { () async throws(BubbleServerError) in 2 }
        #expect(gate.readsOnLane(heavy, bodyBytes: 100))
        #expect(!gate.readsOnLane(calm, bodyBytes: 100))
    }

    final class OrderLog: @unchecked Sendable {
        private let lock = NSLock()
        private var names: [String] = []
        func add(_ name: String) { lock.withLock { names.append(name) } }
        var all: [String] { lock.withLock { names } }
    }

    /// Over loopback: a client (by `X-Client-Id`) posting expensive requests at once gets 429 with
    /// `Retry-After` past `--max-client-cost`, while another client's requests at the same time are all
    /// answered, and `/metrics` counts both.
    @Test func overLoopbackAFloodingClientIsShedAndAnotherServed() async throws {
        let server = try makeServer {
            $0.clientKeyHeader = "X-Client-Id"
            $0.maxClientCost = 200_000
            $0.maxConcurrentLayouts = 2
        }
        let long = String(corpusMessages.prefix(80).joined(separator: " ").prefix(4000))
        // 10 messages of 4 KB at three widths and a fresh size: some 475,000, alone past the bound. (With 40,
        // the one admitted took long enough in a debug build on a loaded machine to pass the test client's
        // 15-second deadline.)
        let messages = (0..<10).map { #"{"id":\#($0),"text":\#(quoted(long + " \($0)"))}"# }
        let expensive = (0..<6).map { i in
            #"{"options":{"widths":[200,280,360],"fontSize":\#(17 + i)},"messages":[\#(messages.joined(separator: ","))]}"#
        }
        let cheap = #"{"messages":[{"id":1,"text":"hello there"},{"id":2,"text":"see you at 5"}]}"#
        try await server.application(logger: quietLogger).test(.ahc(.http)) { client in
            let results = try await withThrowingTaskGroup(of: (String, HTTPResponse.Status, String?).self) { group in
                for i in 0..<6 {
                    group.addTask {
                        let r = try await client.post("/v1/layout", expensive[i], headers: [HTTPFields.Element.Name("X-Client-Id")!: "flood"])
                        return ("flood", r.status, r.headers[.retryAfter])
                    }
                }
                for _ in 0..<6 {
                    group.addTask {
                        let r = try await client.post("/v1/layout", cheap, headers: [HTTPFields.Element.Name("X-Client-Id")!: "calm"])
                        return ("calm", r.status, r.headers[.retryAfter])
                    }
                }
                var all: [(String, HTTPResponse.Status, String?)] = []
                for try await r in group { all.append(r) }
                return all
            }
            let flood = results.filter { $0.0 == "flood" }, calm = results.filter { $0.0 == "calm" }
            #expect(flood.contains { $0.1 == .ok })
            #expect(flood.contains { $0.1 == .tooManyRequests })
            #expect(flood.allSatisfy { $0.1 == .ok || ($0.1 == .tooManyRequests && $0.2 == "1") })
            #expect(calm.allSatisfy { $0.1 == .ok }, "\(calm.map(\.1))")
            let metrics = try await client.executeRequest(uri: "/metrics", method: .get, headers: [:], body: nil).text
            #expect(metrics.contains(#"bubble_cost_admitted_total{client="calm"}"#))
            #expect(metrics.contains(#"bubble_cost_admitted_total{client="flood"}"#))
            #expect(metrics.contains("bubble_client_cost_capacity 200000"))
            let shed = metrics.split(separator: "\n").first { $0.hasPrefix("bubble_layouts_shed ") }
            #expect(shed.map { Double($0.split(separator: " ")[1]).map { Int($0) } ?? -1 } == flood.filter { $0.1 == .tooManyRequests }.count)
        }
    }

    @Test func costGrowsWithLengthWidthsSizeAndColdness() {
        let base = RequestCost.of(length: 1000, widths: 1, fontSize: 16, cold: false)
        #expect(RequestCost.of(length: 2000, widths: 1, fontSize: 16, cold: false) > base)
        #expect(RequestCost.of(length: 1000, widths: 3, fontSize: 16, cold: false) == 3 * base)
        #expect(RequestCost.of(length: 1000, widths: 1, fontSize: 320, cold: false) == 10 * base)
        #expect(RequestCost.of(length: 1000, widths: 1, fontSize: 16, cold: true) == RequestCost.coldFactor * base)
        let warmth = SizeWarmth()
        #expect(warmth.isCold(17.5))
        #expect(!warmth.isCold(17.5))
    }

    /// Cold sizes add up across heap trims until the idle typesetters are let go: five before a trim and
    /// three after are eight.
    @Test func coldSizesAddUpUntilTheTypesettersAreLetGo() {
        let warmth = SizeWarmth()
        warmth.count(coldSizes: 5)
        #expect(!warmth.takeColdSizes(atLeast: 8))
        warmth.count(coldSizes: 3)
        #expect(warmth.takeColdSizes(atLeast: 8))
        #expect(!warmth.takeColdSizes(atLeast: 1))
    }

    /// A size in steady use stays warm however many one-off sizes come between its uses: a burst of
    /// them fills a generation of the table, not the whole of it.
    @Test func aSizeInSteadyUseStaysWarmThroughABurstOfOneOffSizes() {
        let warmth = SizeWarmth()
        #expect(warmth.isCold(16))
        var oneOff = 100.0
        for _ in 0..<20 {
            for _ in 0..<(SizeWarmth.capacity - 1) {
                oneOff += 0.25
                #expect(warmth.isCold(oneOff))
            }
            #expect(!warmth.isCold(16))
        }
        // Bounded: a size used once long ago is forgotten, and is cold again.
        #expect(warmth.isCold(100.25))
    }

    /// The cold sizes of a cheap request are counted (its words reach the chat traffic's typesetters),
    /// a bulk request's are not: it lays out with typesetters apart, which never lend a word to the others.
    @Test func onlyCheapRequestsCountColdSizesAndBulkOnesUseTypesettersApart() async throws {
        let service = try makeServer { _ in }.service
        _ = try await service.layout(body: Array(#"{"options":{"fontSize":17.25},"messages":[{"id":1,"text":"one cold size"}]}"#.utf8))
        #expect(service.warmth.takeColdSizes(atLeast: 1))
        let idle = service.engine.cacheCounts.idleTypesetters
        let messages = (0..<40).map { #"{"id":\#($0),"text":"distinct size \#($0)","options":{"fontSize":\#(30 + Double($0) / 4)}}"# }
        _ = try await service.layout(body: Array(#"{"messages":[\#(messages.joined(separator: ","))]}"#.utf8))
        #expect(!service.warmth.takeColdSizes(atLeast: 1))
        #expect(service.engine.cacheCounts.idleTypesetters == idle)  // the bulk request borrowed none of these
    }

    /// A client at its cost bound that sends a malformed body is told it is malformed (400), as any client
    /// is, not to come back later (429): the parse is cheap and comes first. A well-formed body of the
    /// same size is still refused with 429 before its messages are read.
    @Test func aMalformedBodyAtTheBoundIs400AndAWellFormedOne429() async throws {
        let server = try makeServer { $0.maxClientCost = 1_000_000 }
        let service = server.service, key = ClientKey.named("busy")
        let latch = Latch()
        // In flight: cost 900,000 for a body of 1,000 bytes, so 900 per byte predicted for the next.
        let holder = Task { try await service.gate.run(client: key, cost: 900_000, bodyBytes: 1000) { () async throws(BubbleServerError) in await latch.wait() } }
        while service.gate.gauges.first(where: { $0.0 == "bubble_layouts_in_flight" })?.1 != 1 { await Task.yield() }
        let text = String(repeating: "word ", count: 200)
        let malformed = Array(#"{"messages":[{"id":1,"text":"\#(text)"}"#.utf8)  // the array and object never closed
        let wellFormed = Array(#"{"messages":[{"id":1,"text":"\#(text)"}]}"#.utf8)
        do {
            _ = try await service.layout(body: malformed, client: key)
            Issue.record("a malformed body was answered")
        } catch {
            #expect(error.status == .badRequest, "\(error.error.code)")
        }
        do {
            _ = try await service.layout(body: wellFormed, client: key)
            Issue.record("a request past the client's bound was admitted")
        } catch {
            #expect(error.status == .tooManyRequests)
            #expect(error.error.code == "client_over_budget")
        }
        latch.release()
        try await holder.value
        #expect(try await service.layout(body: wellFormed, client: key).errors.isEmpty)
    }

    /// The bulk lane runs work on its own thread, in `SCHED_IDLE` (and at nice 19), below the task pool's.
    @Test func theBulkLaneRunsOnItsOwnIdlePriorityThread() async {
        let lane = BulkLane()
        #expect(lane.threads == 1)
        let (nice, policy) = await lane.run { (getpriority(__priority_which_t(PRIO_PROCESS.rawValue), 0), sched_getscheduler(0)) }
        #expect(nice == BulkLane.niceness)
        #expect(policy == BulkLane.schedulingPolicy)
        #expect(sched_getscheduler(0) != BulkLane.schedulingPolicy)  // the test's own thread is not
        let sums = await withTaskGroup(of: Int.self) { group in
            for n in 1...20 { group.addTask { await lane.run { (1...n).reduce(0, +) } } }
            return await group.reduce(into: [Int]()) { $0.append($1) }
        }
        #expect(sums.sorted() == (1...20).map { $0 * ($0 + 1) / 2 })
    }

    /// A request costly enough for the bulk lane answers exactly what the same messages answer when
    /// sent one by one (each far under the bulk cost, laid out on the task pool), and leaves nothing in
    /// the shaped-message cache, which the cheap ones fill. With `widths` (a layout per width) and
    /// without (one layout, written and its arrays handed to the next message: `BubbleEngine.withLayout`).
    @Test(arguments: [(#"{"widths":[200,320],"fontSize":15}"#, 2), (#"{"fontSize":15,"maxLines":12}"#, 1)])
    func aBulkRequestAnswersWhatCheapOnesDoAndIsNotCached(_ given: (options: String, widths: Int)) async throws {
        let service = try makeServer { _ in }.service
        let texts = (0..<13).map { corpusMessages.dropFirst($0 * 30).prefix(30).joined(separator: " ") }
        let options = #""options":"# + given.options
        let costs = texts.map { RequestCost.of(length: $0.utf8.count, widths: given.widths, fontSize: 15, cold: false) }
        #expect(costs.reduce(0, +) >= RequestCost.bulk)
        #expect(costs.allSatisfy { $0 < RequestCost.bulk })  // one by one, after the bulk request warmed size 15
        let all = #"{\#(options),"messages":[\#(texts.enumerated().map { #"{"id":\#($0.offset),"text":\#(quoted($0.element))}"# }.joined(separator: ","))]}"#
        let bulk = try await service.layout(body: Array(all.utf8))
        #expect(service.cache.count == 0)
        var cheap: [String] = []
        for (i, t) in texts.enumerated() {
            let one = try await service.layout(body: Array(#"{\#(options),"messages":[{"id":\#(i),"text":\#(quoted(t))}]}"#.utf8))
            cheap.append(String(one.json.dropFirst(#"{"results":["#.count).dropLast(2)))
        }
        #expect(bulk.json == #"{"results":["# + cheap.joined(separator: ",") + "]}")
        #expect(service.cache.count == texts.count)
    }
}
