import BubbleMapping
import BubbleTypesetting
import BubbleLock

/// Shaped messages kept across calls, so a message seen again (another screen width, a retry, a
/// popular sticker line) skips the Map and Shape stages and is only broken into lines again.
///
/// Bounded in entries and in bytes (a ``BoundedCache``, least recently used evicted first): each entry
/// is charged its key's and its shaped text's estimated heap bytes (``ShapedText/estimatedBytes``, from
/// the arrays it holds), so a cache of long messages at fresh font sizes stops at the byte cap, not at
/// 20,000 entries of 95 KB each. A shaped text larger than the byte cap is not kept. Thread-safe;
/// shaping runs outside the lock.
package final class ShapedTextCache: @unchecked Sendable {
    /// What a shaped message depends on: the message and every option the Map and Shape stages read.
    struct Key: Hashable, Sendable {
        let body: String
        let format: UInt8
        /// The options the Map and Shape stages read (``OptionTable`` says which), from the plan.
        let options: StageOptions

        /// The key of `message` under `plan`, or nil for a message the cache does not hold (one with its
        /// own link map or highlights).
        init?(_ message: Message, _ plan: LayoutPlan) {
            guard message.linkMap.isEmpty, message.highlights.isEmpty else { return nil }
            switch message.body {
            case .text(let s): body = s; format = 0
            case .markup(let s): body = s; format = 1
            case .bytes(let b, let f):
                body = String(decoding: b, as: UTF8.self)
                // Bytes that are not UTF-8 would collide with their repaired spelling.
                guard body.utf8.count == b.count, body.utf8.elementsEqual(b) else { return nil }
                format = f == .text ? 2 : f == .markup ? 3 : f == .spans ? 4 : 5
            case .spans, .entities: return nil
            }
            options = plan.stageOptions
        }

        /// The heap bytes the key holds: the message, and the options' strings, lists and link map (counted
        /// for every key, though keys of one request share them).
        var estimatedBytes: Int { MemoryLayout<Key>.stride + MemoryEstimate.string(body) + options.estimatedBytes }
    }

    /// The options a shaped text depends on (no width, no padding: images are fitted at layout, so one
    /// shaped text serves every width), hashed and sized once per plan: a request's link map of
    /// thousands of entries was hashed again for every message of the request.
    final class StageOptions: Hashable, Sendable {
        let options: BubbleOptions
        private let hash: Int
        /// The heap bytes the options hold (``BubbleOptions/estimatedBytes``).
        let estimatedBytes: Int

        init(_ o: ResolvedOptions) {
            options = o.given.keeping(before: .layout)
            hash = options.hashValue
            estimatedBytes = options.estimatedBytes
        }

        static func == (a: StageOptions, b: StageOptions) -> Bool {
            a === b || (a.hash == b.hash && a.options == b.options)
        }

        func hash(into hasher: inout Hasher) { hasher.combine(hash) }
    }

    /// Most entries held.
    package var capacity: Int { entries.maxEntries }
    /// Most bytes held: the sum of the entries' estimated sizes.
    package var byteCapacity: Int { entries.maxBytes }

    private let entries: BoundedCache<Key, ShapedText>
    private let lock = Lock()
    private var hitCount = 0
    private var missCount = 0

    /// What the cache adds to each entry's own size: its dictionary slot and list links.
    static let entryOverhead = 64

    /// A cache of at most `capacity` shaped messages and `bytes` bytes (either 0 keeps none).
    package init(capacity: Int, bytes: Int = ShapedTextCache.defaultBytes) {
        entries = BoundedCache(maxEntries: capacity, maxBytes: bytes)
    }

    /// The default byte cap (`bubble serve --cache-bytes`): 64 MiB, a small part of a 2-core service's few
    /// GB. It holds as many typical chat messages as the entry cap (20,000, charged 3–6 KB each: a shaped
    /// text's fixed part and its options are most of a short one), or some 370 long ones (a 3.7 KB message
    /// is charged 175 KB).
    package static let defaultBytes = 64 << 20

    /// Entries held now.
    package var count: Int { entries.count }
    /// Bytes held now: the sum of the entries' estimated sizes.
    package var bytes: Int { entries.bytes }
    /// Look-ups answered from the cache since it was made.
    package var hits: Int { lock.withLock { hitCount } }
    /// Look-ups that had to shape.
    package var misses: Int { lock.withLock { missCount } }

    func shaped(_ key: Key, make: () throws(BubbleError) -> ShapedText) throws(BubbleError) -> ShapedText {
        guard capacity > 0, byteCapacity > 0 else { return try make() }
        if let found = entries.value(for: key) {
            lock.withLock { hitCount += 1 }
            return found
        }
        lock.withLock { missCount += 1 }
        let made = try make()
        entries.insert(made, for: key, bytes: ShapedTextCache.charge(key, made))
        return made
    }

    /// The bytes an entry is charged.
    static func charge(_ key: Key, _ value: ShapedText) -> Int {
        key.estimatedBytes + value.estimatedBytes + entryOverhead
    }
}

extension BubbleEngine {
    /// Lays out a message like ``layout(_:options:)``, reusing its shaped text from `cache` when the
    /// same message was shaped before under the same Map and Shape options.
    ///
    /// The result is the same layout, byte for byte once rendered, as without the cache.
    package func layout(_ message: Message, options: BubbleOptions?, cache: ShapedTextCache) throws(BubbleError) -> BubbleLayout {
        try layout(message, plan: try plan(for: options), cache: cache)
    }

    /// ``layout(_:options:cache:)`` under a plan made by ``plan(for:)``.
    package func layout(_ message: Message, plan: LayoutPlan, cache: ShapedTextCache) throws(BubbleError) -> BubbleLayout {
        let shaped: ShapedText
        if let key = ShapedTextCache.Key(message, plan) {
            shaped = try cache.shaped(key) { () throws(BubbleError) in try shape(map(message, plan), plan) }
        } else {
            shaped = try shape(map(message, plan), plan)
        }
        return report(shaped, plan, width: plan.width)
    }
}
