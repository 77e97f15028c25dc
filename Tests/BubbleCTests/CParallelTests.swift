@testable import BubbleC
import BubbleLock
import Testing

/// The threads `bubble_batch` and `bubble_layout_many_tokens` work on (``CParallel``).
@Suite struct CParallelTests {
    /// Every index runs once, on no more threads than there are indices; none at all for no index (a
    /// zero-message call is how the Python module checks an engine and `jobs`, once per `layout_many`).
    @Test(arguments: [(0, 4, 0), (1, 4, 1), (3, 8, 3), (100, 2, 2), (5, 1, 1)])
    func startsAThreadPerIndexAtMost(count: Int, threads: Int, expected: Int) {
        let lock = Lock()
        var seen = [Int](repeating: 0, count: count)
        let started = CParallel(count: count) { i in lock.withLock { seen[i] += 1 } }.run(threads: threads)
        #expect(started == expected)
        #expect(seen.allSatisfy { $0 == 1 })
    }
}
