import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// A thread of its own, at the lowest scheduling priority, for expensive layout work: a request whose
/// estimated cost (``RequestCost``) is at least ``RequestCost/bulk`` is laid out here instead of on the
/// Swift task pool.
///
/// The task pool has one thread per core and runs what it is given to the end: an expensive request's
/// chunks there held every core, and cheap requests and `/healthz` waited behind them. Here the kernel
/// runs the bulk thread in `SCHED_IDLE` (``schedulingPolicy``): only when no normal thread wants the
/// core, so cheap work takes a core back at once, without the expensive work having to yield. One
/// thread (``threadCount``): a core is always left to the event loops and the task pool even when
/// the bulk work runs on an otherwise idle machine (at `nice` 10 and two threads, the soak's valid p99
/// under attack was 4.5-5.8 times its p99 alone). The heap trim runs here too (``HeapTrim``): a walk of
/// every malloc arena is work nobody waits for.
final class BulkLane: @unchecked Sendable {
    /// Bulk threads a server starts.
    static let threadCount = 1
    /// Linux's `SCHED_IDLE` (not in the Glibc module map): a thread that runs only on a core nothing else wants.
    static let schedulingPolicy: Int32 = 5
    /// The bulk threads' `nice` value, set too: what they run at where `SCHED_IDLE` is refused (19, the lowest).
    static let niceness: Int32 = 19
    /// Bulk threads started.
    let threads: Int
    /// The share of a core bulk work takes while cheap work is laying out (``Pacer``).
    static let shareWhileBusy = 0.25
    /// Whether cheap work is laying out now (set once by the service: the ``LayoutGate``'s answer).
    private(set) var cheapWorkRunning: @Sendable () -> Bool = { false }

    /// Sets how the lane tells that cheap work is laying out; call before the first bulk job.
    func setCheapWorkRunning(_ test: @escaping @Sendable () -> Bool) { cheapWorkRunning = test }

    /// Paces a bulk job between its items: after an item laid out while cheap work was running, the bulk
    /// thread sleeps three times as long as the item took, so bulk work takes about
    /// ``shareWhileBusy`` of a core while cheap requests lay out, and all it can get otherwise.
    ///
    /// `SCHED_IDLE` alone did not keep bulk work from slowing cheap requests: in `scripts/soak`'s
    /// expensive mix the valid p99 rose in step with the bulk requests admitted. What a bulk request
    /// costs besides its thread's CPU (the caches and cores it shares, the locks it holds when the kernel
    /// sets it aside, its answer written at normal priority) grows with the bulk work done, and only
    /// doing less of it while cheap work runs bounds that.
    struct Pacer {
        let lane: BulkLane
        private var last = ContinuousClock.now

        init(_ lane: BulkLane) { self.lane = lane }

        /// Call before each item of a bulk job.
        mutating func pace() {
            let worked = ContinuousClock.now - last
            if worked > .zero, lane.cheapWorkRunning() {
                Thread.sleep(forTimeInterval: worked.seconds * (1 / BulkLane.shareWhileBusy - 1))
            }
            last = .now
        }
    }

    private let condition = NSCondition()
    private var jobs: [@Sendable () -> Void] = []
    private var head = 0

    /// Starts `threads` bulk threads; they live as long as the process.
    init(threads: Int = BulkLane.threadCount) {
        self.threads = max(1, threads)
        for i in 0..<self.threads {
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
        // Linux keeps a nice value and a policy per thread; `who` and `pid` 0 are the calling thread.
        _ = setpriority(__priority_which_t(PRIO_PROCESS.rawValue), 0, Self.niceness)
        var param = sched_param(sched_priority: 0)
        _ = sched_setscheduler(0, Self.schedulingPolicy, &param)
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
