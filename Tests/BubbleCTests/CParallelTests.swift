@testable import BubbleC
import BubbleLock
import Foundation
import Synchronization
import Testing

/// The threads `bubble_batch` and `bubble_layout_many_tokens` work on (``CParallel`` over ``CThreads``).
@Suite struct CParallelTests {
    /// Every index runs once, on no more threads than there are indices; none at all for no index (a
    /// zero-message call is how the Python module checks an engine and `jobs`, once per `layout_many`).
    @Test(arguments: [(0, 4, 0), (1, 4, 1), (3, 8, 3), (100, 2, 2), (5, 1, 1)])
    func takesAThreadPerIndexAtMost(count: Int, threads: Int, expected: Int) {
        let lock = Lock()
        var seen = [Int](repeating: 0, count: count)
        let used = CParallel(count: count) { i in lock.withLock { seen[i] += 1 } }.run(threads: threads)
        #expect(used == expected)
        #expect(seen.allSatisfy { $0 == 1 })
    }

    /// Calls one after another reuse the threads the first one started; calls from 6 threads at once share
    /// them, starting no more than they want at once, and each gets every index run once.
    @Test func keptThreadsServeCallAfterCall() {
        let pool = CThreads()
        for _ in 0..<50 {
            let lock = Lock()
            var seen = [Int](repeating: 0, count: 20)
            #expect(CParallel(count: 20) { i in lock.withLock { seen[i] += 1 } }.run(threads: 3, on: pool) == 3)
            #expect(seen.allSatisfy { $0 == 1 })
        }
        #expect(pool.count == 3)
        let failures = Atomic<Int>(0)
        DispatchQueue.concurrentPerform(iterations: 6) { _ in
            for round in 0..<30 {
                let lock = Lock()
                var seen = [Int](repeating: 0, count: 1 + round % 7)
                CParallel(count: seen.count) { i in lock.withLock { seen[i] += 1 } }.run(threads: 2, on: pool)
                if !seen.allSatisfy({ $0 == 1 }) { failures.add(1, ordering: .relaxed) }
            }
        }
        #expect(failures.load(ordering: .relaxed) == 0)
        #expect(pool.count <= 12)
    }
}
