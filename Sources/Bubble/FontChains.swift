import BubbleFonts
import BubbleLock

/// The font chains an engine has resolved, by the `fonts` list that named them: at most ``capacity``
/// besides the default chain, the least recently used dropped first (with its idle typesetters and
/// their word caches). Chains naming the same files share their faces through ``FaceStore``.
final class FontChains: @unchecked Sendable {
    /// The chain of the engine's default options, resolved at start (most calls use it); never dropped.
    let defaultChain: FallbackChain
    let defaultFamilies: [String]
    /// Most chains kept besides the default one (0: a chain is resolved for each call and not kept).
    let capacity: Int
    /// The typesetters of every chain kept, for the engine's calls.
    let typesetters: TypesetterPool
    /// A second set of typesetters over the same chains, for the calls of an engine made by
    /// ``BubbleEngine/withTypesettersApart()``: their word caches fill and are let go on their own.
    let typesettersApart: TypesetterPool
    /// Kept by ``key(_:)``, charged nothing: a chain's faces are shared through ``FaceStore`` and its
    /// typesetters' word caches are bounded by the pool, so a chain itself is small.
    private let chains: BoundedCache<[String], FallbackChain>

    init(defaultFamilies: [String], capacity: Int, shapeCacheCapacity: Int) throws(BubbleError) {
        self.defaultFamilies = defaultFamilies
        self.capacity = max(0, capacity)
        do { defaultChain = try FallbackChain(families: defaultFamilies) } catch { throw BubbleError(error) }
        typesetters = TypesetterPool(defaultChain: defaultChain, shapeCacheCapacity: shapeCacheCapacity)
        typesettersApart = TypesetterPool(defaultChain: defaultChain, shapeCacheCapacity: shapeCacheCapacity)
        chains = BoundedCache(maxEntries: self.capacity, maxBytes: Int.max)
    }

    /// Chains dropped to make room, since the engine was made.
    var evictions: Int { chains.evictions }

    /// Chains kept now, besides the default one.
    var count: Int { chains.count }

    /// The chain for `families`, resolved on first use.
    func chain(for families: [String]) throws(BubbleError) -> FallbackChain {
        if families == defaultFamilies { return defaultChain }
        let key = FontChains.key(families)
        if let found = chains.value(for: key) { return found }
        let chain: FallbackChain
        do { chain = try FallbackChain(families: FontChains.distinct(families)) } catch { throw BubbleError(error) }
        guard capacity > 0 else { return chain }
        // The pools learn of a chain before any caller can borrow for it, and forget a dropped one after.
        let pools = [typesetters, typesettersApart]
        for pool in pools { pool.adopt(chain) }
        let kept = chains.value(for: key, orInsert: chain, bytes: 0) { dropped in for pool in pools { pool.drop(dropped) } }
        if kept !== chain { for pool in pools { pool.drop(chain) } }
        return kept
    }

    /// `families` without repeats (compared case-insensitively, as fontconfig compares family names):
    /// a repeated family can cover nothing the first one did not.
    static func distinct(_ families: [String]) -> [String] {
        var seen = Set<String>()
        return families.filter { seen.insert($0.lowercased()).inserted }
    }

    /// The key of a `fonts` list: its distinct families, lowercased, so spellings of one chain share it.
    static func key(_ families: [String]) -> [String] {
        distinct(families).map { $0.lowercased() }
    }
}
