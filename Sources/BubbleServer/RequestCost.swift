import Bubble
import BubbleLock

/// What a request is estimated to cost before it is laid out, in units of about one byte of text shaped
/// at a warm font size: what the ``LayoutGate`` queues clients by and bounds each client's work in
/// flight with (`--max-client-cost`).
///
/// A message costs its length plus ``perMessage`` (the fixed work of a layout and its JSON), times the
/// number of widths it is laid out at, times its font size over ``referenceSize`` (at least 1: a larger
/// size breaks into more lines and answers with more of them), times ``coldFactor`` when no request
/// before used its font size (a new HarfBuzz font and every word shaped afresh, not found in the word
/// caches). Only an estimate: it orders and bounds work, it refuses nothing valid on its own.
struct RequestCost {
    static let perMessage = 256
    static let referenceSize = 32.0
    static let coldFactor = 4
    /// The least cost of a request laid out on the ``BulkLane`` rather than the task pool: about eight
    /// long messages at one width, or one at a cold font size; a chat client's requests of a few short
    /// messages cost a tenth of it.
    static let bulk = 32_768
    /// The least body, in bytes, read and checked on the ``BulkLane`` rather than the task pool (a chat
    /// client's request is a few KB; 100 long messages, a few hundred).
    static let bulkBodyBytes = 65_536

    /// One message's cost.
    static func of(length: Int, widths: Int, fontSize: Double, cold: Bool) -> Int {
        let size = fontSize.isFinite ? max(1, fontSize / referenceSize) : 1
        let base = Double(length + perMessage) * Double(max(1, widths)) * min(size, 1000)
        return Int(min(base, Double(Int.max / 8))) * (cold ? coldFactor : 1)
    }

    /// The cost of a single-message endpoint's request (`/v1/svg`, `/v1/html`, `/v1/hit`), from its
    /// body alone, before it is read: these lay out one message at one width.
    static func ofBody(_ bytes: Int) -> Int { bytes + perMessage }
}

/// The font sizes recent requests used, to tell a cold size from a warm one (``RequestCost/coldFactor``).
/// Bounded in two generations of at most ``capacity`` sizes each: when the newer is full it becomes the
/// older one and a new one starts, and a size found in the older is warm and moves to the newer. So a size
/// in steady use stays warm however many one-off sizes come (a burst of them once emptied the whole table,
/// and the chat traffic's sizes then counted as cold again, a release of its typesetters with them).
final class SizeWarmth: @unchecked Sendable {
    static let capacity = 64
    private let lock = Lock()
    private var newer: Set<Double> = []
    private var older: Set<Double> = []
    private var coldSinceTaken = 0

    /// Whether `size` was not used lately; remembers it either way.
    func isCold(_ size: Double) -> Bool {
        lock.withLock {
            if newer.contains(size) { return false }
            let wasOlder = older.remove(size) != nil
            if newer.count >= Self.capacity {
                older = newer
                newer = []
            }
            newer.insert(size)
            return !wasOlder
        }
    }

    /// Counts cold sizes that reached the chat traffic's typesetters (a bulk request's do not).
    func count(coldSizes: Int) {
        guard coldSizes > 0 else { return }
        lock.withLock { coldSinceTaken += coldSizes }
    }

    /// Whether at least `count` cold sizes were counted since the last time this answered true (the heap
    /// trim asks: many mean word caches full of words at sizes that may never come back). Counted across
    /// trims: a burst whose cold sizes fell on both sides of a trim still adds up.
    func takeColdSizes(atLeast count: Int) -> Bool {
        lock.withLock {
            guard coldSinceTaken >= count else { return false }
            coldSinceTaken = 0
            return true
        }
    }
}
