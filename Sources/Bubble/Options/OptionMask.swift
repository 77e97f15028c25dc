/// A set of options, by their place in ``OptionTable/all``: the options an option set gives, so merging,
/// checking and keying visit those alone rather than every key path of the table.
package struct OptionMask: Sequence, Hashable, Sendable {
    package private(set) var bits: UInt64 = 0

    /// Most options a mask holds (a test keeps the table within it).
    package static let capacity = UInt64.bitWidth

    package init() {}

    package mutating func insert(_ index: Int) { bits |= 1 << UInt64(index) }

    package func contains(_ index: Int) -> Bool { bits & (1 << UInt64(index)) != 0 }

    package var isEmpty: Bool { bits == 0 }

    package func intersection(_ other: OptionMask) -> OptionMask {
        var m = OptionMask()
        m.bits = bits & other.bits
        return m
    }

    /// The indices, in table order.
    package struct Iterator: IteratorProtocol {
        var rest: UInt64
        package mutating func next() -> Int? {
            guard rest != 0 else { return nil }
            let i = rest.trailingZeroBitCount
            rest &= rest - 1
            return i
        }
    }

    package func makeIterator() -> Iterator { Iterator(rest: bits) }
}
