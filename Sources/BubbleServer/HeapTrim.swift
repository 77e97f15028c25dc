import BubbleLock

#if os(Linux)
/// glibc's `malloc_trim` (not in the Glibc module map): returns the free pages of every malloc arena to
/// the kernel.
@_silgen_name("malloc_trim")
private func malloc_trim(_ pad: Int) -> Int32
/// glibc's `mallopt` (not in the Glibc module map either).
@_silgen_name("mallopt")
private func mallopt(_ param: Int32, _ value: Int32) -> Int32
#endif

/// Hands freed heap back to the kernel once layout work stops, at most once per ``interval``.
///
/// glibc keeps the pages a burst freed (its arenas trim only their top, and each thread that laid out a
/// message has an arena of its own), so after an attack of huge or varied requests the server's resident
/// memory stayed at its high-water mark: 1.29× its size before the attack in `scripts/soak`. What Bubble keeps
/// on purpose is bounded (``EngineLimits``, the shaped cache); this returns the rest. The trim runs off
/// the request path, on the ``BulkLane`` when there is one (its low-priority threads), when the
/// ``LayoutGate`` goes idle.
final class HeapTrim: @unchecked Sendable {
    /// Where the trim runs (nil: a background task).
    private let lane: BulkLane?

    init(lane: BulkLane? = nil) { self.lane = lane }

    /// The least allocation glibc maps on its own, in bytes, set once for a server (``useMappedThreshold()``).
    static let mappedThreshold: Int32 = 128 << 10

    /// Sets glibc's mmap threshold to ``mappedThreshold``: larger blocks (an expensive request's answer,
    /// its growing arrays) get pages of their own, handed back when freed. glibc's own threshold rises
    /// after each such block is freed, up to 32 MB, and the blocks then land in the arenas, where a burst
    /// of them left the heap fragmented (the soak's expensive mix: 130 MB of anonymous memory ten
    /// seconds after the attack, 13 MB before). A fixed threshold also stops that rise.
    static func useMappedThreshold() {
        #if os(Linux)
        _ = mallopt(-3, mappedThreshold)  // M_MMAP_THRESHOLD
        #endif
    }

    /// The least time between two trims: a busy server that goes idle between requests pays for one
    /// trim (a walk of the free lists, a few milliseconds) per interval, not per request.
    static let interval: Duration = .seconds(2)

    private let lock = Lock()
    private var last: ContinuousClock.Instant?
    private var scheduled = false
    private var trims = 0
    /// Run before each trim, off the request path: what else an idle server lets go of (the service
    /// releases idle typesetters after a burst of cold font sizes).
    private var beforeTrim: (@Sendable () -> Void)?

    /// Sets what runs before each trim.
    func setBeforeTrim(_ work: @escaping @Sendable () -> Void) { lock.withLock { beforeTrim = work } }

    /// Trims done so far (`bubble_heap_trims` in `/metrics`).
    var count: Int { lock.withLock { trims } }

    /// Called when the last layout in flight finished: trims now, or once ``interval`` has passed since
    /// the last trim (so the end of a burst is always trimmed, however soon it follows the previous one).
    func layoutsWentIdle() {
        let now = ContinuousClock.now
        let delay = lock.withLock { () -> Duration? in
            if scheduled { return nil }
            scheduled = true
            guard let last else { return .zero }
            return max(.zero, Self.interval - (now - last))
        }
        guard let delay else { return }
        let lane = self.lane
        Task.detached(priority: .background) {
            if delay > .zero { try? await Task.sleep(for: delay) }
            if let lane { lane.submit { self.trim() } } else { self.trim() }
        }
    }

    private func trim() {
        lock.withLock { beforeTrim }?()
        #if os(Linux)
        _ = malloc_trim(0)
        #endif
        lock.withLock {
            last = ContinuousClock.now
            scheduled = false
            trims += 1
        }
    }
}
