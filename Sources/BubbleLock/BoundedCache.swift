/// A least-recently-used cache bounded both in entries and in bytes: each entry is charged the bytes
/// its caller estimates it holds, and inserting evicts from the least recently used end until both
/// bounds hold again. An entry larger than the byte bound is not kept at all. Every cache of Bubble's is
/// one: shaped messages, glyph paths, font chains, emoji catalogs, open faces.
///
/// Entries vary in size (a long message shaped at a fresh font size weighs thousands of short ones), so
/// a bound on their number alone bounds no memory.
///
/// Thread-safe; every operation is O(1) under one lock (a dictionary from key to slot, and the slots
/// linked most recently used first).
///
/// Public and inlinable for the reason ``Lock`` is: each module specializes the cache for its own key
/// and value. Unspecialized, every look-up went through the types' metadata and value witnesses, and the
/// SVG renderer's two look-ups per glyph were over half of its time.
public final class BoundedCache<Key: Hashable & Sendable, Value: Sendable>: @unchecked Sendable {
    /// Most entries held.
    public let maxEntries: Int
    /// Most bytes held (the sum of the entries' charges).
    public let maxBytes: Int

    @usableFromInline let lock = Lock()
    @usableFromInline var slotOf: [Key: Int] = [:]
    @usableFromInline var slots: [Slot] = []
    /// Slots freed by eviction, for reuse.
    @usableFromInline var free: [Int] = []
    /// Most and least recently used slots (-1: none).
    @usableFromInline var head = -1, tail = -1
    @usableFromInline var heldBytes = 0
    @usableFromInline var evictionCount = 0
    /// Values evicted by the insertion under way, collected for the caller (nil: not collected).
    @usableFromInline var evictedNow: [Value]?

    @usableFromInline struct Slot {
        @usableFromInline var key: Key?
        @usableFromInline var value: Value?
        @usableFromInline var bytes: Int
        @usableFromInline var newer: Int
        @usableFromInline var older: Int

        @inlinable init(key: Key?, value: Value?, bytes: Int, newer: Int, older: Int) {
            self.key = key
            self.value = value
            self.bytes = bytes
            self.newer = newer
            self.older = older
        }
    }

    /// A cache of at most `maxEntries` entries and `maxBytes` bytes (either 0 keeps nothing).
    public init(maxEntries: Int, maxBytes: Int) {
        self.maxEntries = max(0, maxEntries)
        self.maxBytes = max(0, maxBytes)
    }

    /// Entries held now.
    @inlinable public var count: Int { lock.withLock { slotOf.count } }
    /// Bytes held now: the sum of the charges of the entries held.
    @inlinable public var bytes: Int { lock.withLock { heldBytes } }
    /// Entries evicted to make room, since the cache was made.
    @inlinable public var evictions: Int { lock.withLock { evictionCount } }

    /// The value of `key`, which becomes the most recently used, or nil.
    @inlinable public func value(for key: Key) -> Value? {
        lock.withLock {
            guard let s = slotOf[key] else { return nil }
            moveToFront(s)
            return slots[s].value
        }
    }

    /// Keeps `value` under `key`, charged `bytes`, as the most recently used entry (replacing any value
    /// the key had); then evicts the least recently used until both bounds hold. A value charged more
    /// than ``maxBytes`` is not kept (and any older value of the key is dropped).
    /// - Returns: whether the value is kept.
    @discardableResult @inlinable
    public func insert(_ value: Value, for key: Key, bytes: Int) -> Bool {
        lock.withLock {
            if let s = slotOf[key] { remove(s) }
            guard maxEntries > 0, bytes <= maxBytes else { return false }
            link(key, value, bytes: bytes)
            return true
        }
    }

    /// Keeps a new entry as the most recently used, then evicts past the bounds (under the lock).
    @inlinable func link(_ key: Key, _ value: Value, bytes: Int) {
        let slot = Slot(key: key, value: value, bytes: bytes, newer: -1, older: head)
        let s: Int
        if let reused = free.popLast() {
            s = reused
            slots[s] = slot
        } else {
            s = slots.count
            slots.append(slot)
        }
        if head >= 0 { slots[head].newer = s }
        head = s
        if tail < 0 { tail = s }
        slotOf[key] = s
        heldBytes += bytes
        while slotOf.count > maxEntries || heldBytes > maxBytes {
            evictionCount += 1
            if evictedNow != nil, let value = slots[tail].value { evictedNow!.append(value) }
            remove(tail)
        }
    }

    /// The value of `key` if one is kept (it becomes the most recently used), else `value`, kept as in
    /// ``insert(_:for:bytes:)``: of two threads that made a value for one key, the first stored wins.
    @inlinable public func value(for key: Key, orInsert value: Value, bytes: Int) -> Value {
        lock.withLock {
            if let s = slotOf[key], let known = slots[s].value {
                moveToFront(s)
                return known
            }
            guard maxEntries > 0, bytes <= maxBytes else { return value }
            link(key, value, bytes: bytes)
            return value
        }
    }

    /// ``value(for:orInsert:bytes:)``, handing each value evicted to make room to `evicted` once the lock
    /// is released (for a caller that frees what an entry held elsewhere).
    @inlinable public func value(for key: Key, orInsert value: Value, bytes: Int, evicted: (Value) -> Void) -> Value {
        let (kept, dropped): (Value, [Value]) = lock.withLock {
            evictedNow = []
            defer { evictedNow = nil }
            if let s = slotOf[key], let known = slots[s].value {
                moveToFront(s)
                return (known, [])
            }
            guard maxEntries > 0, bytes <= maxBytes else { return (value, []) }
            link(key, value, bytes: bytes)
            return (value, evictedNow!)
        }
        for value in dropped { evicted(value) }
        return kept
    }

    /// Drops every entry.
    @inlinable public func removeAll() {
        lock.withLock {
            slotOf = [:]
            slots = []
            free = []
            head = -1
            tail = -1
            heldBytes = 0
        }
    }

    /// Unlinks slot `s` and frees it (under the lock).
    @inlinable func remove(_ s: Int) {
        unlink(s)
        if let key = slots[s].key { slotOf[key] = nil }
        heldBytes -= slots[s].bytes
        slots[s] = Slot(key: nil, value: nil, bytes: 0, newer: -1, older: -1)
        free.append(s)
    }

    @inlinable func unlink(_ s: Int) {
        var first = head, last = tail
        slots.withUnsafeMutableBufferPointer { BoundedCache.unlink(s, in: $0, head: &first, tail: &last) }
        head = first
        tail = last
    }

    /// Makes slot `s` the most recently used: one access to the slots and to the ends (each access to a
    /// class's stored property is checked for exclusivity at run time, and a hit is the common case).
    @inlinable func moveToFront(_ s: Int) {
        var first = head, last = tail
        guard first != s else { return }
        slots.withUnsafeMutableBufferPointer { p in
            BoundedCache.unlink(s, in: p, head: &first, tail: &last)
            p[s].older = first
            if first >= 0 { p[first].newer = s }
        }
        head = s
        tail = last < 0 ? s : last
    }

    /// Takes slot `s` out of the recency list held in `p` whose ends are `head` and `tail`.
    @inlinable static func unlink(_ s: Int, in p: UnsafeMutableBufferPointer<Slot>, head: inout Int, tail: inout Int) {
        let newer = p[s].newer, older = p[s].older
        if newer >= 0 { p[newer].older = older } else { head = older }
        if older >= 0 { p[older].newer = newer } else { tail = newer }
        p[s].newer = -1
        p[s].older = -1
    }

    /// Keys from most to least recently used (tests).
    public var keysByRecency: [Key] {
        lock.withLock {
            var keys: [Key] = []
            var s = head
            while s >= 0 {
                if let key = slots[s].key { keys.append(key) }
                s = slots[s].older
            }
            return keys
        }
    }
}
