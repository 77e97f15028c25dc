/// The keys of a link map as one Aho–Corasick automaton over the keys written backwards, so that a
/// right-to-left pass over a text finds, at each position, every key starting there, longest first.
///
/// Built in time linear in the keys' total length (a trie, then its failure links breadth first), and
/// run in time linear in the text plus the keys it tries: at each position the automaton is in the node
/// of the longest text from there that ends some key; the keys starting there are that node and the
/// keys among its failure links (``next``), in decreasing length. The matcher tries them in that order
/// and stops at the first that stands as a whole word (``LinkMatcher``). Looking each key up at each
/// position instead cost O(text × keys sharing a first unit), and a link map of 20,000 keys was read
/// and prepared in quadratic time (issue 32).
///
/// Edges live in one open-addressing table keyed by (node, UTF-16 unit), sized once from the keys' total
/// length: a key of any script costs the same, and no node holds a dictionary of its own.
final class LinkKeyAutomaton: Sendable {
    /// One key: what a match of it becomes, and how it must stand in the text.
    struct Key: Sendable {
        /// Length in UTF-16 units.
        var length: Int
        var target: String
        /// The key starts with `@`: a mention from the map (atomic, and checked with the mention rule).
        var isMention: Bool
        /// The key's first (last) scalar is a letter or digit: a word boundary must be there.
        var needsBoundaryBefore: Bool
        var needsBoundaryAfter: Bool

        /// What a match must satisfy, packed for the per-position loop (``Requirements``).
        var requirements: Requirements {
            Requirements(length: length, isMention: isMention, needsBoundaryBefore: needsBoundaryBefore,
                         needsBoundaryAfter: needsBoundaryAfter)
        }
    }

    /// A key's length and word-boundary needs, without its target: what the loop over a text reads for
    /// every key it tries (a `Key` copied there retained its target each time).
    struct Requirements: Sendable {
        var length: Int32
        private var flags: UInt8

        init(length: Int, isMention: Bool, needsBoundaryBefore: Bool, needsBoundaryAfter: Bool) {
            self.length = Int32(length)
            flags = (isMention ? 1 : 0) | (needsBoundaryBefore ? 2 : 0) | (needsBoundaryAfter ? 4 : 0)
        }

        var isMention: Bool { flags & 1 != 0 }
        var needsBoundaryBefore: Bool { flags & 2 != 0 }
        var needsBoundaryAfter: Bool { flags & 4 != 0 }
    }

    let keys: [Key]
    /// ``Key/requirements`` of each key.
    private let requirements: [Requirements]
    /// Per node: the key it completes (an index into ``keys``), or -1.
    private let keyOfNode: [Int32]
    /// Per node: its failure link (the node of its longest proper suffix in the trie; 0 is the root).
    private let failure: [Int32]
    /// Per node: the nearest node along its failure links that completes a key, or -1.
    private let nextKeyNode: [Int32]
    /// Edges: `(node << 16 | unit)` → child, open addressing with linear probing; ``emptySlot`` marks a
    /// free slot.
    private let edgeKeys: [UInt64]
    private let edgeTargets: [Int32]
    private let edgeMask: Int
    /// Whether some key holds a unit whose low byte is the index: a unit failing it sends the automaton
    /// back to the root without a probe (most of a text, for most maps).
    private let unitByte: [Bool]

    private static let emptySlot = UInt64.max

    /// The automaton of `keys`, key `k` being the `keys[k].length` (> 0) UTF-16 units of `units` from
    /// `starts[k]`: one buffer for all of them, not an array per key (a map of 80,000 keys spent more
    /// on allocating, retaining and freeing those than on the automaton).
    init(units: [UInt16], starts: [Int], keys: [Key]) {
        let total = units.count
        var capacity = 16
        while capacity < 2 * (total + 1) { capacity <<= 1 }
        var edgeKeys = [UInt64](repeating: Self.emptySlot, count: capacity)
        var edgeTargets = [Int32](repeating: 0, count: capacity)
        let mask = capacity - 1
        var keyOfNode: [Int32] = [-1]
        var firstChild: [Int32] = [-1], nextSibling: [Int32] = [-1], unitOfNode: [UInt16] = [0]
        keyOfNode.reserveCapacity(total + 1)
        var unitByte = [Bool](repeating: false, count: 256)

        for k in keys.indices {
            var node: Int32 = 0
            var u = starts[k] + keys[k].length
            while u > starts[k] {
                u -= 1
                let unit = units[u]
                unitByte[Int(unit & 0xFF)] = true
                let edge = UInt64(node) << 16 | UInt64(unit)
                var slot = Self.slot(of: edge, mask: mask)
                while edgeKeys[slot] != Self.emptySlot && edgeKeys[slot] != edge { slot = (slot + 1) & mask }
                if edgeKeys[slot] == edge {
                    node = edgeTargets[slot]
                    continue
                }
                let child = Int32(keyOfNode.count)
                edgeKeys[slot] = edge
                edgeTargets[slot] = child
                keyOfNode.append(-1)
                unitOfNode.append(unit)
                firstChild.append(-1)
                nextSibling.append(firstChild[Int(node)])
                firstChild[Int(node)] = child
                node = child
            }
            keyOfNode[Int(node)] = Int32(k)
        }

        // Failure links, breadth first: a node's link is found from its parent's.
        let count = keyOfNode.count
        var failure = [Int32](repeating: 0, count: count)
        var nextKeyNode = [Int32](repeating: -1, count: count)
        var queue: [Int32] = []
        queue.reserveCapacity(count)
        var child = firstChild[0]
        while child >= 0 { queue.append(child); child = nextSibling[Int(child)] }
        var head = 0
        while head < queue.count {
            let node = queue[head]
            head += 1
            var c = firstChild[Int(node)]
            while c >= 0 {
                let unit = unitOfNode[Int(c)]
                var f = failure[Int(node)]
                var link: Int32 = 0
                while true {
                    if let next = Self.edge(from: f, unit, edgeKeys, edgeTargets, mask) { link = next; break }
                    if f == 0 { break }
                    f = failure[Int(f)]
                }
                failure[Int(c)] = link
                nextKeyNode[Int(c)] = keyOfNode[Int(link)] >= 0 ? link : nextKeyNode[Int(link)]
                queue.append(c)
                c = nextSibling[Int(c)]
            }
        }

        self.keys = keys
        requirements = keys.map(\.requirements)
        self.keyOfNode = keyOfNode
        self.failure = failure
        self.nextKeyNode = nextKeyNode
        self.edgeKeys = edgeKeys
        self.edgeTargets = edgeTargets
        edgeMask = mask
        self.unitByte = unitByte
    }

    @inline(__always)
    private static func slot(of edge: UInt64, mask: Int) -> Int {
        Int(truncatingIfNeeded: (edge &* 0x9E37_79B9_7F4A_7C15) >> 32) & mask
    }

    @inline(__always)
    private static func edge(from node: Int32, _ unit: UInt16, _ keys: [UInt64], _ targets: [Int32], _ mask: Int) -> Int32? {
        let edge = UInt64(node) << 16 | UInt64(unit)
        var slot = slot(of: edge, mask: mask)
        while true {
            let k = keys[slot]
            if k == edge { return targets[slot] }
            if k == emptySlot { return nil }
            slot = (slot + 1) & mask
        }
    }

    /// The node reached from the root by `units` written backwards (the node of that key), or nil.
    func node(ofKey units: [UInt16]) -> Int32? {
        var node: Int32 = 0
        for unit in units.reversed() {
            guard let next = Self.edge(from: node, unit, edgeKeys, edgeTargets, edgeMask) else { return nil }
            node = next
        }
        return node
    }

    /// Calls `body(start, node, key, requirements)` at each position of `text` where a key starts, right to
    /// left, with the keys starting there (an index into ``keys`` and its ``Requirements``) longest first,
    /// until `body` returns true (the key it keeps).
    func forEachStart(in text: UnsafeBufferPointer<UInt16>, _ body: (Int, Int32, Int, Requirements) -> Bool) {
        var state: Int32 = 0
        var i = text.count
        while i > 0 {
            i -= 1
            let unit = text[i]
            guard unitByte[Int(unit & 0xFF)] else { state = 0; continue }
            while true {
                if let next = Self.edge(from: state, unit, edgeKeys, edgeTargets, edgeMask) { state = next; break }
                if state == 0 { break }
                state = failure[Int(state)]
            }
            guard state != 0 else { continue }
            var node = keyOfNode[Int(state)] >= 0 ? state : nextKeyNode[Int(state)]
            while node >= 0 {
                let k = Int(keyOfNode[Int(node)])
                if body(i, node, k, requirements[k]) { break }
                node = nextKeyNode[Int(node)]
            }
        }
    }
}
