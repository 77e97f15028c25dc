@testable import Bubble
import Foundation
import Testing

/// A thread borrows back the typesetter it gave back, when that one is idle: its word cache and objects
/// stay in the caches of the core that thread runs on, rather than passing between cores every message.
@Suite struct TypesetterAffinityTests {
    @Test func aThreadGetsBackTheTypesetterItGaveBack() throws {
        let engine = try BubbleEngine()
        let pool = engine.pool, chain = engine.defaultChain
        let mine = try pool.borrow(chain)

        // Another thread borrows a second typesetter and gives it back after this thread gave back its own,
        // so the other thread's is the last given back.
        let mineGivenBack = DispatchSemaphore(value: 0), theirsGivenBack = DispatchSemaphore(value: 0)
        nonisolated(unsafe) let theirs = try pool.borrow(chain)  // handed to the other thread, which alone uses it then
        let other = Thread {
            mineGivenBack.wait()
            pool.giveBack(theirs)
            theirsGivenBack.signal()
        }
        other.start()
        pool.giveBack(mine)
        mineGivenBack.signal()
        theirsGivenBack.wait()
        #expect(pool.idleCount == 2)

        let again = try pool.borrow(chain)
        #expect(again.typesetter === mine.typesetter)
        // The other one is still there for whoever comes next.
        let next = try pool.borrow(chain)
        #expect(next.typesetter === theirs.typesetter)
        pool.giveBack(again)
        pool.giveBack(next)
    }
}
