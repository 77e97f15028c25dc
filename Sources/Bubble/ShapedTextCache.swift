import BubbleMapping
import BubbleTypesetting
import BubbleLock

/// Shaped messages kept across calls, so a message seen again (another screen width, a retry, a
/// popular sticker line) skips the Map and Shape stages and is only broken into lines again.
///
/// Bounded: at most `capacity` entries, evicted a generation at a time (when the young generation is
/// full it becomes the old one and the previous old one is dropped; a hit in the old generation moves
/// the entry back to the young one), which keeps recently used messages at the cost of one dictionary
/// swap. Thread-safe; shaping runs outside the lock.
package final class ShapedTextCache: @unchecked Sendable {
    /// What a shaped message depends on: the message and every option the Map and Shape stages read.
    struct Key: Hashable {
        let body: String
        let format: UInt8
        /// The options the Map and Shape stages read (``OptionTable`` says which).
        let options: BubbleOptions

        /// The key of `message` under resolved options `o`, or nil for a message the cache does not
        /// hold (one with its own link map or highlights).
        init?(_ message: Message, _ o: ResolvedOptions) {
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
            // No width, no padding: images are fitted at layout, so one shaped text serves every width.
            options = o.given.keeping(before: .layout)
        }
    }

    /// Most entries held.
    package let capacity: Int

    private let lock = Lock()
    private var young: [Key: ShapedText] = [:]
    private var old: [Key: ShapedText] = [:]
    private var hitCount = 0
    private var missCount = 0

    /// A cache of at most `capacity` shaped messages (0 keeps none).
    package init(capacity: Int) {
        self.capacity = max(0, capacity)
    }

    /// Entries held now.
    package var count: Int { lock.withLock { young.count + old.count } }
    /// Look-ups answered from the cache since it was made.
    package var hits: Int { lock.withLock { hitCount } }
    /// Look-ups that had to shape.
    package var misses: Int { lock.withLock { missCount } }

    func shaped(_ key: Key, make: () throws(BubbleError) -> ShapedText) throws(BubbleError) -> ShapedText {
        guard capacity > 0 else { return try make() }
        let found: ShapedText? = lock.withLock {
            if let s = young[key] { hitCount += 1; return s }
            if let s = old.removeValue(forKey: key) { hitCount += 1; insert(key, s); return s }
            missCount += 1
            return nil
        }
        if let found { return found }
        let made = try make()
        lock.withLock { insert(key, made) }
        return made
    }

    /// Inserts under the lock; a full young generation replaces the old one.
    private func insert(_ key: Key, _ value: ShapedText) {
        let half = max(1, capacity / 2)
        if young.count >= half {
            old = young
            young = [:]
            young.reserveCapacity(half)
        }
        young[key] = value
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
        if let key = ShapedTextCache.Key(message, plan.options) {
            shaped = try cache.shaped(key) { () throws(BubbleError) in try shape(map(message, plan), plan) }
        } else {
            shaped = try shape(map(message, plan), plan)
        }
        return report(shaped, plan, width: plan.width)
    }
}
