import BubbleLock

/// Holds back the answers to a client that keeps sending requests the service refuses.
///
/// A refusal is cheap to make but not free: a new connection, a body read and checked, a 4xx written,
/// and a careless or hostile client sends the next at once (the soak's attackers sent some 400 refused
/// requests a second, a 429 storm of 200 KB bodies among them, and valid traffic paid for it in CPU).
/// Every client has a leaky bucket of refusals: each refusal adds one, ``leakPerSecond`` drain away.
/// Up to ``allowance`` in the bucket, answers go out at once (a client with a bug sees its errors at full
/// speed); past it, each refusal's answer waits ``step`` per refusal over the allowance, up to the
/// server's `--refusal-delay`. A client that waits for its answers (every HTTP/1.1 client on one connection)
/// then sends about ``leakPerSecond`` refusals a second per connection, whatever it tries. Answers that
/// are not refusals are never held.
///
/// Clients are told apart by their ``ClientKey`` name when the operator names a header, else by the
/// connection's peer address (a new connection per request must not start a new bucket). The table is
/// bounded (``capacity``): drained buckets go first, and a table of full ones starts again.
final class RefusalPenalty: @unchecked Sendable {
    /// Refusals a client may have in its bucket before its answers are held.
    static let allowance = 8.0
    /// Refusals a bucket drains per second.
    static let leakPerSecond = 4.0
    /// How long an answer is held per refusal over the allowance.
    static let step: Duration = .milliseconds(100)
    /// Clients tracked at once.
    static let capacity = 4096

    /// The longest an answer is held (`--refusal-delay`; zero: never).
    let maxDelay: Duration
    private let lock = Lock()
    private var buckets: [String: (level: Double, at: ContinuousClock.Instant)] = [:]
    private var delayed = 0

    init(maxDelay: Duration) { self.maxDelay = maxDelay }

    /// Answers held so far (`bubble_refusals_delayed` in `/metrics`).
    var count: Int { lock.withLock { delayed } }
    /// Clients tracked now.
    var clients: Int { lock.withLock { buckets.count } }

    /// Whether `client` has a bucket (was refused and not yet let go).
    func tracks(_ client: String) -> Bool { lock.withLock { buckets[client] != nil } }

    /// Records a refusal of `client` at `now` and says how long its answer waits (zero: at once).
    func refuse(_ client: String, now: ContinuousClock.Instant = .now) -> Duration {
        guard maxDelay > .zero else { return .zero }
        return lock.withLock {
            var level = 1.0
            if let (before, at) = buckets[client] {
                level += max(0, before - Self.leakPerSecond * (now - at).seconds)
            } else if buckets.count >= Self.capacity {
                makeRoom(now)
            }
            buckets[client] = (level, now)
            let over = level - Self.allowance
            guard over > 0 else { return .zero }
            delayed += 1
            return min(maxDelay, Self.step * over)
        }
    }

    /// Drops the drained buckets, or every bucket when none has drained.
    private func makeRoom(_ now: ContinuousClock.Instant) {
        buckets = buckets.filter { $0.value.level - Self.leakPerSecond * (now - $0.value.at).seconds > 0 }
        if buckets.count >= Self.capacity { buckets.removeAll(keepingCapacity: true) }
    }
}

extension Duration {
    /// The duration in seconds, as a `Double`.
    var seconds: Double { Double(components.seconds) + Double(components.attoseconds) / 1e18 }
}
