import BubbleLock
import BubbleTestSupport
import Testing

/// The accounting of ``BoundedCache``: entries charged known sizes leave least recently used first
/// when either bound is passed, and an entry larger than the byte bound is not kept.
@Suite struct BoundedCacheTests {
    @Test func entriesLeaveInOrderOfUseWhenTheBytesArePassed() {
        let cache = BoundedCache<Int, String>(maxEntries: 100, maxBytes: 1000)
        for k in 0..<4 { #expect(cache.insert("v\(k)", for: k, bytes: 250)) }
        #expect(cache.bytes == 1000)
        #expect(cache.keysByRecency == [3, 2, 1, 0])
        #expect(cache.value(for: 0) == "v0")  // used: now the most recent
        #expect(cache.insert("v4", for: 4, bytes: 300))  // 1300 > 1000: the least recently used (1, then 2) leave
        #expect(cache.keysByRecency == [4, 0, 3])
        #expect(cache.bytes == 800)
        #expect(cache.value(for: 1) == nil && cache.value(for: 2) == nil)
        #expect(cache.insert("v5", for: 5, bytes: 1000))  // exactly the bound: kept, alone
        #expect(cache.keysByRecency == [5])
        #expect(cache.bytes == 1000)
    }

    @Test func anEntryLargerThanTheBoundIsNotKept() {
        let cache = BoundedCache<String, Int>(maxEntries: 10, maxBytes: 100)
        #expect(cache.insert(1, for: "small", bytes: 40))
        #expect(!cache.insert(2, for: "huge", bytes: 101))
        #expect(cache.value(for: "huge") == nil)
        #expect(cache.keysByRecency == ["small"])
        #expect(cache.bytes == 40)
        // A key given again a value too large for the cache loses its old value too.
        #expect(!cache.insert(3, for: "small", bytes: 500))
        #expect(cache.count == 0 && cache.bytes == 0)
    }

    @Test func theEntryBoundHoldsToo() {
        let cache = BoundedCache<Int, Int>(maxEntries: 3, maxBytes: 1 << 20)
        for k in 0..<10 { cache.insert(k, for: k, bytes: 1) }
        #expect(cache.keysByRecency == [9, 8, 7])
        #expect(cache.bytes == 3)
        cache.insert(70, for: 7, bytes: 5)  // a key again: replaced, and the most recent
        #expect(cache.keysByRecency == [7, 9, 8])
        #expect(cache.bytes == 7)
        #expect(cache.value(for: 7) == 70)
        let none = BoundedCache<Int, Int>(maxEntries: 0, maxBytes: 100)
        #expect(!none.insert(1, for: 1, bytes: 1))
    }

    /// Seeded inserts and look-ups of random sizes against a plain list kept in order of use.
    @Test func agreesWithAListInOrderOfUse() {
        var random = SeededGenerator(seed: 32)
        let cache = BoundedCache<Int, Int>(maxEntries: 20, maxBytes: 500)
        var model: [(key: Int, bytes: Int)] = []  // most recent first
        for _ in 0..<5000 {
            let key = Int(random.next() % 40)
            if random.next() % 3 == 0 {
                let hit = cache.value(for: key)
                if let i = model.firstIndex(where: { $0.key == key }) {
                    #expect(hit == key)
                    model.insert(model.remove(at: i), at: 0)
                } else {
                    #expect(hit == nil)
                }
            } else {
                let bytes = Int(random.next() % 120)
                model.removeAll { $0.key == key }
                cache.insert(key, for: key, bytes: bytes)
                model.insert((key, bytes), at: 0)
                while model.count > 20 || model.reduce(0, { $0 + $1.bytes }) > 500 { model.removeLast() }
            }
            #expect(cache.keysByRecency == model.map(\.key))
            #expect(cache.bytes == model.reduce(0) { $0 + $1.bytes })
        }
    }

    /// What an insertion evicts is handed back, once the lock is released (so the handler may take the
    /// cache again), and counted; a key already kept evicts nothing and returns the kept value.
    @Test func evictedValuesAreHandedBack() {
        let cache = BoundedCache<Int, String>(maxEntries: 2, maxBytes: 100)
        var dropped: [String] = []
        for k in 0..<4 {
            let kept = cache.value(for: k, orInsert: "v\(k)", bytes: 10) { value in
                dropped.append(value)
                #expect(cache.count <= 2)  // the lock is free here
            }
            #expect(kept == "v\(k)")
        }
        #expect(dropped == ["v0", "v1"])
        #expect(cache.evictions == 2)
        #expect(cache.value(for: 3, orInsert: "other", bytes: 10) { _ in Issue.record("nothing to evict") } == "v3")
        #expect(cache.keysByRecency == [3, 2])
    }
}
