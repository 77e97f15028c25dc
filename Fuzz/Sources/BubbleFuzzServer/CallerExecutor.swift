import Dispatch

/// A task executor whose jobs run on the thread that called ``run(_:)``: libFuzzer's thread runs an input's
/// async work (the service's reader, gate, task group and layout) to its end itself, task teardown included.
///
/// libFuzzer counts the mallocs and frees made while an input runs; an input that ends with more mallocs
/// than frees is run a second time and then, when that is still so, followed by a scan of the whole heap
/// for leaks. A task started on the global executor is freed on its thread after the input's result is
/// handed back, so almost every input ended uneven: the http target spent most of its time in those
/// scans. On this executor the task starts, suspends, resumes and is freed before ``run(_:)`` returns.
final class CallerExecutor: TaskExecutor, @unchecked Sendable {
    private let lock = DispatchSemaphore(value: 1)
    private let ready = DispatchSemaphore(value: 0)
    private var jobs: [UnownedJob] = []

    init() { jobs.reserveCapacity(64) }

    func enqueue(_ job: consuming ExecutorJob) {
        let job = UnownedJob(job)
        lock.wait()
        jobs.append(job)
        lock.signal()
        ready.signal()
    }

    /// Runs `work` in a task on this thread; a job another thread enqueues (a continuation the bulk lane
    /// resumes) wakes it.
    func run<T: Sendable>(_ work: @escaping @Sendable () async -> T) -> T {
        nonisolated(unsafe) var result: T?
        let task = Task(executorPreference: self) { result = await work() }
        while result == nil {
            ready.wait()
            lock.wait()
            let job = jobs.removeFirst()
            lock.signal()
            job.runSynchronously(on: asUnownedTaskExecutor())
        }
        _ = consume task
        return result!
    }
}
