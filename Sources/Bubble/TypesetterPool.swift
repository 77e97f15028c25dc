import BubbleFonts
import BubbleLock
import BubbleTypesetting

/// Typesetters waiting for work, by font chain: a call borrows one (with the word cache it has built
/// up) and gives it back, so shaped words survive between calls without ever being shared by two threads.
final class TypesetterPool: @unchecked Sendable {
    /// A typesetter and what it remembers between messages: one per thread at a time.
    struct Worker {
        let typesetter: Typesetter
        let cache: ShapeCache
    }

    /// Most shaped words each worker keeps (0: no word cache).
    let shapeCacheCapacity: Int
    /// The chain most calls use; its idle workers sit in an array apart (no hashing on the hot path).
    private let defaultChain: FallbackChain
    private let lock = Lock()
    private var defaultWorkers: [Worker] = []
    private var workers: [ObjectIdentifier: [Worker]] = [:]

    init(defaultChain: FallbackChain, shapeCacheCapacity: Int) {
        self.defaultChain = defaultChain
        self.shapeCacheCapacity = shapeCacheCapacity
    }

    /// An idle worker of `chain`, or a new one.
    func borrow(_ chain: FallbackChain) throws(BubbleError) -> Worker {
        lock.lock()
        if chain === defaultChain, let w = defaultWorkers.popLast() { lock.unlock(); return w }
        if chain !== defaultChain, let w = workers[ObjectIdentifier(chain)]?.popLast() { lock.unlock(); return w }
        lock.unlock()
        do { return Worker(typesetter: try Typesetter(fonts: chain), cache: ShapeCache(capacity: shapeCacheCapacity)) } catch {
            throw BubbleError(error)
        }
    }

    /// Puts a worker back among the idle ones of its chain.
    func giveBack(_ worker: Worker) {
        lock.lock()
        if worker.typesetter.fonts === defaultChain {
            defaultWorkers.append(worker)
        } else {
            workers[ObjectIdentifier(worker.typesetter.fonts), default: []].append(worker)
        }
        lock.unlock()
    }

    /// Forgets the idle workers of a chain the engine no longer keeps.
    func drop(_ chain: FallbackChain) {
        lock.withLock { _ = workers.removeValue(forKey: ObjectIdentifier(chain)) }
    }

    /// Calls `body` on every idle worker, under the lock.
    func forEachIdle(_ body: (Worker) -> Void) {
        lock.lock()
        defer { lock.unlock() }
        for w in defaultWorkers { body(w) }
        for list in workers.values { for w in list { body(w) } }
    }
}
