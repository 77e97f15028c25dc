#if canImport(Glibc)
import Glibc
#endif

/// Threads the many-message calls (``CParallel``) run on, kept from one call to the next: starting a thread
/// with its 8 MiB stack and joining it cost some 50 µs, as much as laying out ten messages, so a
/// `bubble_batch` of a few lines paid more for its threads than for its work. A call posts a number of
/// seats; each idle thread takes a seat in the oldest call that has one left, works there until the call has
/// no index left, and comes back. Threads are started when a call wants more than are idle (beyond the
/// seats already posted), and never stop: there are at most as many as calls ever wanted at once. Several
/// calls at once share them, each served in turn. A forked child has none of the parent's threads and
/// starts its own (``forgetAfterFork()``).
final class CThreads: @unchecked Sendable {
    /// The library's threads: every ``CParallel`` runs here unless a test gives it a pool of its own.
    static let shared: CThreads = {
        let pool = CThreads()
        pthread_atfork(nil, nil) { CThreads.shared.forgetAfterFork() }
        return pool
    }()

    private let mutex = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)
    private let posted = UnsafeMutablePointer<pthread_cond_t>.allocate(capacity: 1)
    /// Calls with seats not taken yet, oldest first.
    private var waiting: [(run: CParallel, seats: Int)] = []
    private var idle = 0
    private var started = 0

    init() {
        pthread_mutex_init(mutex, nil)
        pthread_cond_init(posted, nil)
    }

    /// Threads started so far (and not lost to a fork).
    var count: Int {
        pthread_mutex_lock(mutex)
        defer { pthread_mutex_unlock(mutex) }
        return started
    }

    /// Posts `seats` seats in `run`, starting the threads that idle ones (less the seats already waiting)
    /// leave missing; false when there is no thread at all to take them (none could be started), and
    /// nothing is posted.
    func post(_ run: CParallel, seats: Int) -> Bool {
        pthread_mutex_lock(mutex)
        defer { pthread_mutex_unlock(mutex) }
        let free = idle - waiting.reduce(0) { $0 + $1.seats }
        if seats > free {
            var attributes = pthread_attr_t()
            pthread_attr_init(&attributes)
            pthread_attr_setstacksize(&attributes, 8 << 20)  // deep JSON and long paragraphs recurse, as in bubble batch
            pthread_attr_setdetachstate(&attributes, Int32(PTHREAD_CREATE_DETACHED))
            for _ in 0..<(seats - max(free, 0)) {
                var thread = pthread_t()
                let context = Unmanaged.passRetained(self).toOpaque()
                guard pthread_create(&thread, &attributes, { context in
                    Unmanaged<CThreads>.fromOpaque(context!).takeRetainedValue().serve()
                    return nil
                }, context) == 0 else {
                    Unmanaged<CThreads>.fromOpaque(context).release()
                    break  // fewer threads, same answers: the ones there take every seat in turn
                }
                started += 1
                idle += 1  // idle from now: one that has not run yet takes a seat as soon as it does
            }
            pthread_attr_destroy(&attributes)
        }
        guard started > 0 else { return false }
        waiting.append((run, seats))
        pthread_cond_broadcast(posted)
        return true
    }

    /// A kept thread: takes a seat in the oldest call with one left, works, and comes back for the next.
    /// A thread counts as idle from its start (``post(_:seats:)`` counts it) and from before it says it
    /// has left a call, so that the call its caller makes next finds it idle rather than starting another
    /// (one thread may take every seat of a call before the others it started have run).
    private func serve() {
        pthread_mutex_lock(mutex)
        while true {
            while waiting.isEmpty { pthread_cond_wait(posted, mutex) }
            let run = waiting[0].run
            waiting[0].seats -= 1
            if waiting[0].seats == 0 { waiting.removeFirst() }
            idle -= 1
            pthread_mutex_unlock(mutex)
            run.work()
            pthread_mutex_lock(mutex)
            idle += 1
            run.leave()
        }
    }

    /// In a forked child: the parent's threads are not there, nor its calls.
    private func forgetAfterFork() {
        pthread_mutex_init(mutex, nil)
        pthread_cond_init(posted, nil)
        waiting = []
        idle = 0
        started = 0
    }
}
