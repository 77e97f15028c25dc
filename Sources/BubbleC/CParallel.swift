import BubbleLock
#if canImport(Glibc)
import Glibc
#endif

/// Runs `body(i)` for every `i` in `0..<count` on threads of the library's own (8 MiB stacks, whatever the
/// caller's), each thread taking the next index until none is left: the work of `bubble_batch` and
/// `bubble_layout_many_tokens`.
final class CParallel: @unchecked Sendable {
    private let count: Int
    private let body: (Int) -> Void
    private let lock = Lock()
    private var next = 0

    init(count: Int, body: @escaping (Int) -> Void) {
        self.count = count
        self.body = body
    }

    /// Runs every index on up to `threads` threads (no more than there are indices) and returns when all are
    /// done; returns how many threads it started. No index, no thread: a call with nothing to do (as the
    /// Python module's check of an engine and `jobs` is) costs no thread's start and join.
    @discardableResult
    func run(threads: Int) -> Int {
        var started: [pthread_t] = []
        for _ in 0..<min(max(threads, 1), count) {
            var attributes = pthread_attr_t()
            pthread_attr_init(&attributes)
            pthread_attr_setstacksize(&attributes, 8 << 20)  // deep JSON and long paragraphs recurse, as in bubble batch
            var thread = pthread_t()
            let context = Unmanaged.passRetained(self).toOpaque()
            if pthread_create(&thread, &attributes, { context in
                let run = Unmanaged<CParallel>.fromOpaque(context!).takeRetainedValue()
                run.work()
                return nil
            }, context) == 0 {
                started.append(thread)
            } else {
                Unmanaged<CParallel>.fromOpaque(context).release()
            }
            pthread_attr_destroy(&attributes)
        }
        if started.isEmpty && count > 0 { work() }  // no thread could be made: work on the caller's
        for thread in started { pthread_join(thread, nil) }
        return started.count
    }

    private func work() {
        while true {
            let i: Int = lock.withLock { defer { next += 1 }; return next }
            guard i < count else { return }
            body(i)
        }
    }
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
