import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// Threads of their own, at a lower scheduling priority, for expensive layout work: a request whose
/// estimated cost (``RequestCost``) is at least ``RequestCost/bulk`` is laid out here instead of on the
/// Swift task pool.
///
/// The task pool has one thread per core and runs what it is given to the end: an expensive request's
/// chunks there held every core, and cheap requests and `/healthz` waited behind them. Here the kernel
/// runs the bulk threads at `nice` ``niceness`` (about a tenth of a normal thread's share of a busy
/// core, and all of an idle one), so cheap work takes a core back within a scheduler tick, without the
/// expensive work having to yield. The heap trim runs here too (``HeapTrim``): a walk of every malloc
/// arena is work nobody waits for.
final class BulkLane: @unchecked Sendable {
    /// The bulk threads' `nice` value (0 is a normal thread's, 19 the lowest priority).
    static let niceness: Int32 = 10

    private let condition = NSCondition()
    private var jobs: [@Sendable () -> Void] = []
    private var head = 0

    /// Starts `threads` bulk threads; they live as long as the process.
    init(threads: Int) {
        for i in 0..<max(1, threads) {
            let thread = Thread { [self] in loop() }
            thread.name = "bubble-bulk-\(i)"
            thread.start()
        }
    }

    /// Runs `work` on a bulk thread and returns its result; the calling task waits without holding a thread.
    func run<T: Sendable>(_ work: @escaping @Sendable () -> T) async -> T {
        await withCheckedContinuation { (c: CheckedContinuation<T, Never>) in
            submit { c.resume(returning: work()) }
        }
    }

    /// Queues `job` for the next free bulk thread, in order.
    func submit(_ job: @escaping @Sendable () -> Void) {
        condition.lock()
        jobs.append(job)
        condition.signal()
        condition.unlock()
    }

    private func loop() {
        #if os(Linux)
        // Linux keeps a nice value per thread; `who` 0 is the calling thread.
        _ = setpriority(__priority_which_t(PRIO_PROCESS.rawValue), 0, Self.niceness)
        #endif
        while true {
            condition.lock()
            while head == jobs.count { condition.wait() }
            let job = jobs[head]
            head += 1
            if head == jobs.count {
                jobs.removeAll(keepingCapacity: true)
                head = 0
            }
            condition.unlock()
            job()
        }
    }
}
