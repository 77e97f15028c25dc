import BubbleFonts
import BubbleLock
import BubbleTypesetting
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Typesetters waiting for work, by font chain: a call borrows one (with the word cache it has built
/// up) and gives it back, so shaped words survive between calls without ever being shared by two threads.
///
/// Bounded: the default chain keeps every worker given back (at most as many as calls ran at once);
/// another chain keeps ``idlePerChain`` and only while ``FontChains`` keeps the chain (a worker given
/// back to a dropped chain is let go).
final class TypesetterPool: @unchecked Sendable {
    /// A typesetter and what it remembers between messages: one per thread at a time.
    struct Worker {
        let typesetter: Typesetter
        let cache: ShapeCache
        /// The thread that gave it back last (``currentThread``).
        var thread: UInt = 0
    }

    /// The calling thread, as ``Worker/thread`` records it.
    static var currentThread: UInt {
        #if canImport(Darwin)
        UInt(bitPattern: pthread_self())
        #else
        UInt(pthread_self())
        #endif
    }

    /// Most shaped words each worker keeps (0: no word cache).
    let shapeCacheCapacity: Int
    /// Idle workers kept per chain other than the default one.
    static let idlePerChain = 2
    /// The chain most calls use; its idle workers sit in an array apart (no hashing on the hot path).
    private let defaultChain: FallbackChain
    private let lock = Lock()
    /// Idle workers of the default chain (under `lock`), behind a pointer the pool owns: the lock keeps
    /// threads apart, and a stored `var` cost a dynamic exclusivity check on every borrow and give-back.
    private let defaultWorkers: UnsafeMutablePointer<[Worker]>
    /// Idle workers of each chain kept; a chain without an entry is not kept.
    private var workers: [ObjectIdentifier: [Worker]] = [:]
    /// Word caches of workers let go, reused by the next new worker (a cache's arenas are a few MB:
    /// made and freed per chain, they fragmented the heap until resident memory grew by half).
    private var spareCaches: [ShapeCache] = []
    static let spareCacheLimit = 4

    init(defaultChain: FallbackChain, shapeCacheCapacity: Int) {
        self.defaultChain = defaultChain
        self.shapeCacheCapacity = shapeCacheCapacity
        defaultWorkers = UnsafeMutablePointer<[Worker]>.allocate(capacity: 1)
        defaultWorkers.initialize(to: [])
    }

    deinit {
        defaultWorkers.deinitialize(count: 1)
        defaultWorkers.deallocate()
    }

    /// An idle worker of `chain`, or a new one.
    func borrow(_ chain: FallbackChain) throws(BubbleError) -> Worker {
        let me = TypesetterPool.currentThread
        lock.lock()
        if chain === defaultChain, !defaultWorkers.pointee.isEmpty {
            // The worker this thread gave back, when it is idle, else the last given back. A worker that
            // stays on its thread keeps its word cache and its objects in that core's cache: threads
            // taking whichever was last given back swapped them every other message, and each lookup
            // and each retain then fetched a line from the other core.
            let idle = defaultWorkers
            if let mine = idle.pointee.lastIndex(where: { $0.thread == me }) { idle.pointee.swapAt(mine, idle.pointee.count - 1) }
            let w = idle.pointee.removeLast()
            lock.unlock()
            return w
        }
        if chain !== defaultChain, let w = workers[ObjectIdentifier(chain)]?.popLast() { lock.unlock(); return w }
        let spare = spareCaches.popLast()
        lock.unlock()
        do { return Worker(typesetter: try Typesetter(fonts: chain), cache: spare ?? ShapeCache(capacity: shapeCacheCapacity)) } catch {
            throw BubbleError(error)
        }
    }

    /// Puts a worker back among the idle ones of its chain, or lets it go (a chain not kept, or enough idle).
    ///
    /// Consumed: the caller's last use, so the worker moves into the idle list (copied, its typesetter and
    /// cache were retained, and the caller's released, on every call).
    func giveBack(_ worker: consuming Worker) {
        worker.thread = TypesetterPool.currentThread
        lock.lock()
        if worker.typesetter.fonts === defaultChain {
            defaultWorkers.pointee.append(worker)
        } else {
            let id = ObjectIdentifier(worker.typesetter.fonts)
            if let idle = workers[id], idle.count < TypesetterPool.idlePerChain {
                workers[id]!.append(worker)
            } else {
                letGo(worker)
            }
        }
        lock.unlock()
    }

    /// Starts keeping idle workers of `chain` (the worker holds its chain, so the identifier stays its own).
    func adopt(_ chain: FallbackChain) {
        lock.withLock { if workers[ObjectIdentifier(chain)] == nil { workers[ObjectIdentifier(chain)] = [] } }
    }

    /// Forgets the idle workers of a chain the engine no longer keeps; workers in use are let go when given back.
    func drop(_ chain: FallbackChain) {
        lock.withLock {
            for worker in workers.removeValue(forKey: ObjectIdentifier(chain)) ?? [] { letGo(worker) }
        }
    }

    /// Keeps a let-go worker's word cache for the next new worker, when there is room (under the lock).
    private func letGo(_ worker: Worker) {
        if spareCaches.count < TypesetterPool.spareCacheLimit { spareCaches.append(worker.cache) }
    }

    /// Lets go of every idle worker of every chain, and of the spare word caches.
    /// Their memory is freed after the lock is given back: a borrow waits for the lock, not for the frees.
    func releaseIdle() {
        let released = lock.withLock { () -> ([Worker], [ShapeCache]) in
            var idle = defaultWorkers.pointee
            defaultWorkers.pointee = []
            for id in workers.keys {
                idle += workers[id]!
                workers[id] = []
            }
            defer { spareCaches = [] }
            return (idle, spareCaches)
        }
        withExtendedLifetime(released) {}
    }

    /// Idle workers now, over every chain.
    var idleCount: Int { lock.withLock { defaultWorkers.pointee.count + workers.values.reduce(0) { $0 + $1.count } } }
}
