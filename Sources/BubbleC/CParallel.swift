import BubbleLock
#if canImport(Glibc)
import Glibc
#endif

/// Runs `body(i)` for every `i` in `0..<count` on threads of the library's own (8 MiB stacks, whatever the
/// caller's; kept between calls, ``CThreads``), each thread taking the next index until none is left: the
/// work of `bubble_batch` and `bubble_layout_many_tokens`. The caller waits.
final class CParallel: @unchecked Sendable {
    private let count: Int
    private let body: (Int) -> Void
    private let lock = Lock()
    private var next = 0
    /// Posted once per seat that has left (``leave()``); the caller waits for every seat.
    private let left = UnsafeMutablePointer<sem_t>.allocate(capacity: 1)

    init(count: Int, body: @escaping (Int) -> Void) {
        self.count = count
        self.body = body
        sem_init(left, 0, 0)
    }

    deinit {
        sem_destroy(left)
        left.deallocate()
    }

    /// Runs every index on up to `threads` threads of `pool` (no more than there are indices) and returns
    /// when all are done; returns how many threads worked on it. No index, no thread: a call with nothing
    /// to do (as the Python module's check of an engine and `jobs` is) waits for none.
    @discardableResult
    func run(threads: Int, on pool: CThreads = .shared) -> Int {
        let seats = min(max(threads, 1), count)
        guard seats > 0 else { return 0 }
        guard pool.post(self, seats: seats) else {
            work()  // no thread could be started: work on the caller's
            return 0
        }
        for _ in 0..<seats {
            while sem_wait(left) != 0 {}  // EINTR: wait on
        }
        return seats
    }

    /// Takes indices until none is left (on a seat of the pool's, or on the caller's thread).
    func work() {
        while true {
            let i: Int = lock.withLock { defer { next += 1 }; return next }
            guard i < count else { return }
            body(i)
        }
    }

    /// A seat's thread is done with this call.
    func leave() { sem_post(left) }
}

/// One answer per index, set from any thread, read in index order once every thread is done.
final class COrdered<Value>: @unchecked Sendable {
    private var slots: [Value?]
    private let lock = Lock()

    init(count: Int) { slots = Array(repeating: nil, count: count) }

    subscript(i: Int) -> Value? {
        get { lock.withLock { slots[i] } }
        set { lock.withLock { slots[i] = newValue } }
    }

    /// Every answer in order (each index must have been set).
    var values: [Value] { lock.withLock { slots.map { $0! } } }
}
