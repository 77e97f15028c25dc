import Bubble
import BubbleLock
import Hummingbird

/// A bound on layout work in flight, shared fairly between clients.
///
/// At most `slots` cheap requests and `bulkSlots` bulk ones lay out at once and at most `queueLimit` wait
/// for a slot; past the queue a request is refused at once with 503 and `Retry-After`, so a burst cannot
/// delay `/healthz`, `/metrics` or the requests already admitted without limit.
///
/// Waiting requests are not served in arrival order but by client (a connection, or the key the operator
/// names, ``ClientKey``), in weighted fair queueing by estimated cost (``RequestCost``): each request gets
/// the tag `max(now, its client's last tag) + cost`, and a freed slot goes to the smallest tag waiting.
/// A client sending cheap requests is served between the expensive ones of another instead of behind
/// all of them. A client also has a bound on the cost it has admitted and not yet finished
/// (`clientCostLimit`): a request past it is refused with 429 and `Retry-After`, unless the client has
/// nothing in flight (so any request within the other limits is served eventually).
///
/// Bulk requests (estimated cost at least ``RequestCost/bulk``) have slots of their own, `bulkSlots`
/// (as many as the ``BulkLane`` has threads), and never take one of the `slots`: every slot is left to
/// cheap requests, however many clients send expensive ones. A bulk request lays out at the lowest
/// priority, so it may hold its slot for long while the cores serve cheap work; sharing the slots, bulk
/// requests held all but one of them that way and the cheap requests of four connections queued for the
/// one left.
final class LayoutGate: @unchecked Sendable {
    let slots: Int
    /// Bulk requests laying out at once (apart from `slots`).
    let bulkSlots: Int
    let queueLimit: Int
    /// Most cost one client may have queued or laying out at once (0: no bound).
    let clientCostLimit: Int
    private let lock = Lock()
    /// Cheap requests laying out.
    private var running = 0
    /// Bulk requests laying out.
    private var bulkRunning = 0
    /// Bulk requests admitted since ``takeBulkRan()`` last answered.
    private var bulkAdmitted = 0
    private var queued = 0
    /// The virtual time: the tag of the request last handed a slot.
    private var now = 0.0
    /// Clients with work queued or laying out.
    private var clients: [ClientKey: Client] = [:]
    private var rejections = 0
    private var sheds = 0
    private var queuedTotal = 0
    /// When each client last had a bulk request admitted (``readsOnLane(_:bodyBytes:)``).
    private var lastBulk: [ClientKey: ContinuousClock.Instant] = [:]
    /// Cost admitted so far, by client class (``ClientKey/metricClass``).
    private var admitted: [String: Int] = [:]
    /// Whether cheap requests are laying out (the ``BulkLane`` paces itself by it; none waits while no
    /// cheap slot is taken).
    var cheapWorkRunning: Bool { lock.withLock { running > 0 } }
    /// Told each time the last layout in flight finishes.
    let heapTrim: HeapTrim

    /// One client's state: the cost it has in flight, its last tag and its requests waiting, oldest first.
    private struct Client {
        var inFlight = 0
        var lastTag = 0.0
        /// Cost per body byte of its last request admitted: predicts the next one's before it is parsed.
        var costPerByte = 0.0
        var waiting: [Waiter] = []
    }

    private struct Waiter {
        let tag: Double
        let bulk: Bool
        let continuation: CheckedContinuation<Admission, Never>
    }

    /// Most client classes `/metrics` names; later ones are counted as `other`.
    static let maxMetricClasses = 32

    init(slots: Int, bulkSlots: Int = 1, queueLimit: Int, clientCostLimit: Int = 0, heapTrim: HeapTrim = HeapTrim()) {
        self.slots = max(1, slots)
        self.bulkSlots = max(1, bulkSlots)
        self.queueLimit = max(0, queueLimit)
        self.clientCostLimit = max(0, clientCostLimit)
        self.heapTrim = heapTrim
    }

    /// What ``admit(_:cost:)`` decided.
    private enum Admission {
        case run, wait(Double), overloaded, shed
    }

    /// Runs `work` for `client` once a slot is free, charging it `cost`; throws 429 `client_over_budget`
    /// past the client's bound and 503 `overloaded` when the queue is full.
    func run<T>(client: ClientKey = .anonymous, cost: Int = 1, bodyBytes: Int = 0,
                _ work: () async throws(BubbleServerError) -> T) async throws(BubbleServerError) -> T {
        let cost = max(1, cost)
        let bulk = cost >= RequestCost.bulk
        let admission = await withCheckedContinuation { (c: CheckedContinuation<Admission, Never>) in
            lock.lock()
            let admission = admit(client, cost: cost, bodyBytes: bodyBytes, bulk: bulk)
            if case .wait(let tag) = admission {
                clients[client, default: Client()].waiting.append(Waiter(tag: tag, bulk: bulk, continuation: c))
                lock.unlock()  // resumed with `.run` by the `leave` that hands it a slot
            } else {
                lock.unlock()
                c.resume(returning: admission)
            }
        }
        switch admission {
        case .run, .wait:
            break
        case .overloaded:
            throw BubbleServerError(.serviceUnavailable, "overloaded",
                                    "the server is laying out as many requests as it takes (--max-concurrent-layouts \(slots), --layout-queue \(queueLimit)); retry shortly")
        case .shed:
            throw shed()
        }
        defer { leave(client, cost: cost, bulk: bulk) }
        return try await work()
    }

    /// Whether `client`'s request of `bodyBytes` is read and checked on the ``BulkLane``: when its requests
    /// in flight plus this one, its cost predicted from the body's size at the cost per byte of its last
    /// request, go past its bound (a careless client resending large bodies at once when refused costs
    /// low-priority work only; ``refuseIfAtBound(_:bodyBytes:)`` refuses it once it is known to be well
    /// formed), or when the client sent a bulk request in the last ``bulkMemory`` (a client sending
    /// expensive requests has its cheap-looking ones read at low priority too: the soak's hostile client
    /// planned 50 fresh font sizes per request on the task pool, at the valid client's priority).
    func readsOnLane(_ key: ClientKey, bodyBytes: Int) -> Bool {
        let now = ContinuousClock.now
        return lock.withLock {
            if let last = lastBulk[key], now - last < Self.bulkMemory { return true }
            return atBound(key, bodyBytes: bodyBytes)
        }
    }

    /// How long a client that sent a bulk request has its requests read on the ``BulkLane``.
    static let bulkMemory: Duration = .seconds(10)
    /// Most clients ``lastBulk`` remembers; past it, it starts again.
    static let bulkMemoryClients = 1024

    /// Refuses `client` with 429 when its requests in flight plus this one go past its bound, before its request is laid out or
    /// charged (a malformed request is refused with 400 before this is asked).
    func refuseIfAtBound(_ key: ClientKey, bodyBytes: Int) throws(BubbleServerError) {
        let refused = lock.withLock {
            guard atBound(key, bodyBytes: bodyBytes) else { return false }
            sheds += 1
            return true
        }
        if refused { throw shed() }
    }

    /// Under the lock.
    private func atBound(_ key: ClientKey, bodyBytes: Int) -> Bool {
        guard clientCostLimit > 0, let client = clients[key], client.inFlight > 0 else { return false }
        return Double(client.inFlight) + client.costPerByte * Double(bodyBytes) > Double(clientCostLimit)
    }

    private func shed() -> BubbleServerError {
        BubbleServerError(.tooManyRequests, "client_over_budget",
                          "this client has requests of estimated cost beyond \(clientCostLimit) in flight (--max-client-cost); retry when they are answered")
    }

    /// Decides under the lock (the caller stores a waiter's continuation under the same lock).
    private func admit(_ key: ClientKey, cost: Int, bodyBytes: Int, bulk: Bool) -> Admission {
        var client = clients[key] ?? Client()
        if bodyBytes > 0 { client.costPerByte = Double(cost) / Double(bodyBytes) }
        if clientCostLimit > 0, client.inFlight > 0, client.inFlight + cost > clientCostLimit {
            sheds += 1
            return .shed
        }
        let admission: Admission
        if bulk ? bulkRunning < bulkSlots : running < slots {
            if bulk { bulkRunning += 1 } else { running += 1 }
            admission = .run
        } else if queued >= queueLimit {
            rejections += 1
            return .overloaded
        } else {
            let tag = max(now, client.lastTag) + Double(cost)
            client.lastTag = tag
            queued += 1
            queuedTotal += 1
            admission = .wait(tag)
        }
        client.inFlight += cost
        if bulk {
            bulkAdmitted += 1
            if lastBulk.count >= Self.bulkMemoryClients && lastBulk[key] == nil { lastBulk.removeAll(keepingCapacity: true) }
            lastBulk[key] = .now
        }
        clients[key] = client
        let name = admitted[key.metricClass] != nil || admitted.count < Self.maxMetricClasses ? key.metricClass : "other"
        admitted[name, default: 0] += cost
        return admission
    }

    /// Frees the client's cost and its slot, and hands free slots to the waiters with the smallest tags
    /// (each to a waiter of its own kind, bulk or cheap).
    private func leave(_ key: ClientKey, cost: Int, bulk: Bool) {
        lock.lock()
        if bulk { bulkRunning -= 1 } else { running -= 1 }
        if var client = clients[key] {
            client.inFlight -= cost
            clients[key] = client.inFlight <= 0 && client.waiting.isEmpty ? nil : client
        }
        var next: [CheckedContinuation<Admission, Never>] = []
        while let waiter = nextWaiter() { next.append(waiter) }
        let idle = running == 0 && bulkRunning == 0
        lock.unlock()
        for waiter in next { waiter.resume(returning: .run) }
        if idle { heapTrim.layoutsWentIdle() }
    }

    /// The waiting request with the smallest tag whose kind has a free slot, taken off its queue and
    /// given the slot (under the lock). A client's requests of one kind run in its order; its cheap
    /// ones do not wait behind its bulk ones.
    private func nextWaiter() -> CheckedContinuation<Admission, Never>? {
        let cheapFree = running < slots, bulkFree = bulkRunning < bulkSlots
        guard cheapFree || bulkFree, queued > 0 else { return nil }
        var best: (key: ClientKey, index: Int, tag: Double)?
        for (key, client) in clients {
            guard let i = client.waiting.firstIndex(where: { $0.bulk ? bulkFree : cheapFree }) else { continue }
            let tag = client.waiting[i].tag
            if best == nil || tag < best!.tag { best = (key, i, tag) }
        }
        guard let best else { return nil }
        let waiter = clients[best.key]!.waiting.remove(at: best.index)
        queued -= 1
        if waiter.bulk { bulkRunning += 1 } else { running += 1 }
        now = max(now, best.tag)
        return waiter.continuation
    }

    /// Whether a bulk request was admitted since the last call: the heap trim then lets go of the idle
    /// typesetters, whose word caches the bulk lane filled with words of expensive requests.
    func takeBulkRan() -> Bool {
        lock.withLock {
            defer { bulkAdmitted = 0 }
            return bulkAdmitted > 0
        }
    }

    /// Gauges for `/metrics`.
    var gauges: [(String, Int)] {
        lock.withLock {
            [("bubble_layouts_in_flight", running + bulkRunning), ("bubble_layouts_bulk_in_flight", bulkRunning), ("bubble_layouts_queued", queued),
             ("bubble_layouts_queued_total", queuedTotal),
             ("bubble_layouts_capacity", slots), ("bubble_layouts_bulk_capacity", bulkSlots), ("bubble_layout_queue_capacity", queueLimit),
             ("bubble_layouts_refused", rejections), ("bubble_layouts_shed", sheds),
             ("bubble_client_cost_capacity", clientCostLimit), ("bubble_clients_in_flight", clients.count),
             ("bubble_heap_trims", heapTrim.count)]
        }
    }

    /// Cost admitted so far by client class, for `bubble_cost_admitted_total{client=…}`.
    var admittedCost: [(String, Int)] {
        lock.withLock { admitted.sorted { $0.key < $1.key }.map { ($0.key, $0.value) } }
    }
}
