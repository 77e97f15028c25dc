import Bubble
import BubbleLock
import Hummingbird

/// A bound on layout work in flight: at most `slots` requests lay out at once, at most `queueLimit` wait
/// for a slot (in arrival order), and the next is refused at once with 503 and `Retry-After`, so a burst
/// of heavy requests cannot delay `/healthz`, `/metrics` or the requests already admitted without limit.
final class LayoutGate: @unchecked Sendable {
    let slots: Int
    let queueLimit: Int
    private let lock = Lock()
    private var running = 0
    private var waiting: [CheckedContinuation<Bool, Never>] = []
    private var head = 0
    private var rejections = 0

    init(slots: Int, queueLimit: Int) {
        self.slots = max(1, slots)
        self.queueLimit = max(0, queueLimit)
    }

    /// Runs `work` once a slot is free; throws 503 `overloaded` when the queue is full.
    func run<T>(_ work: () async throws(BubbleServerError) -> T) async throws(BubbleServerError) -> T {
        let admitted = await withCheckedContinuation { (c: CheckedContinuation<Bool, Never>) in
            lock.lock()
            if running < slots {
                running += 1
                lock.unlock()
                c.resume(returning: true)
            } else if waiting.count - head >= queueLimit {
                rejections += 1
                lock.unlock()
                c.resume(returning: false)
            } else {
                waiting.append(c)
                lock.unlock()
            }
        }
        guard admitted else {
            throw BubbleServerError(.serviceUnavailable, "overloaded",
                                    "the server is laying out as many requests as it takes (--max-concurrent-layouts \(slots), --layout-queue \(queueLimit)); retry shortly")
        }
        defer { leave() }
        return try await work()
    }

    /// Hands the slot to the first waiter, or frees it.
    private func leave() {
        lock.lock()
        if head < waiting.count {
            let next = waiting[head]
            head += 1
            if head > 64 && head * 2 > waiting.count {
                waiting.removeFirst(head)
                head = 0
            }
            lock.unlock()
            next.resume(returning: true)  // the slot passes on: `running` stays
        } else {
            running -= 1
            lock.unlock()
        }
    }

    /// Gauges for `/metrics`.
    var gauges: [(String, Int)] {
        lock.withLock {
            [("bubble_layouts_in_flight", running), ("bubble_layouts_queued", waiting.count - head),
             ("bubble_layouts_capacity", slots), ("bubble_layout_queue_capacity", queueLimit),
             ("bubble_layouts_refused", rejections)]
        }
    }
}
