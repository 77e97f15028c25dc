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
package final class BoundedCache<Key: Hashable & Sendable, Value: Sendable>: @unchecked Sendable {
    /// Most entries held.
    package let maxEntries: Int
    /// Most bytes held (the sum of the entries' charges).
    package let maxBytes: Int

    private let lock = Lock()
    private var slotOf: [Key: Int] = [:]
    private var slots: [Slot] = []
    /// Slots freed by eviction, for reuse.
    private var free: [Int] = []
    /// Most and least recently used slots (-1: none).
    private var head = -1, tail = -1
    private var heldBytes = 0
    private var evictionCount = 0
    /// Values evicted by the insertion under way, collected for the caller (nil: not collected).
    private var evictedNow: [Value]?

    private struct Slot {
        var key: Key?
        var value: Value?
        var bytes: Int
        var newer: Int
        var older: Int
    }

    /// A cache of at most `maxEntries` entries and `maxBytes` bytes (either 0 keeps nothing).
    package init(maxEntries: Int, maxBytes: Int) {
        self.maxEntries = max(0, maxEntries)
        self.maxBytes = max(0, maxBytes)
    }

    /// Entries held now.
    package var count: Int { lock.withLock { slotOf.count } }
    /// Bytes held now: the sum of the charges of the entries held.
    package var bytes: Int { lock.withLock { heldBytes } }
    /// Entries evicted to make room, since the cache was made.
    package var evictions: Int { lock.withLock { evictionCount } }

    /// The value of `key`, which becomes the most recently used, or nil.
    package func value(for key: Key) -> Value? {
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
    @discardableResult
    package func insert(_ value: Value, for key: Key, bytes: Int) -> Bool {
        lock.withLock {
            if let s = slotOf[key] { remove(s) }
            guard maxEntries > 0, bytes <= maxBytes else { return false }
            link(key, value, bytes: bytes)
            return true
        }
    }

    /// Keeps a new entry as the most recently used, then evicts past the bounds (under the lock).
    private func link(_ key: Key, _ value: Value, bytes: Int) {
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
    package func value(for key: Key, orInsert value: Value, bytes: Int) -> Value {
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
    package func value(for key: Key, orInsert value: Value, bytes: Int, evicted: (Value) -> Void) -> Value {
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
    package func removeAll() {
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
    private func remove(_ s: Int) {
        unlink(s)
        if let key = slots[s].key { slotOf[key] = nil }
        heldBytes -= slots[s].bytes
        slots[s] = Slot(key: nil, value: nil, bytes: 0, newer: -1, older: -1)
        free.append(s)
    }

    private func unlink(_ s: Int) {
        let newer = slots[s].newer, older = slots[s].older
        if newer >= 0 { slots[newer].older = older } else { head = older }
        if older >= 0 { slots[older].newer = newer } else { tail = newer }
        slots[s].newer = -1
        slots[s].older = -1
    }

    private func moveToFront(_ s: Int) {
        guard head != s else { return }
        unlink(s)
        slots[s].older = head
        if head >= 0 { slots[head].newer = s }
        head = s
        if tail < 0 { tail = s }
    }

    /// Keys from most to least recently used (tests).
    package var keysByRecency: [Key] {
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
