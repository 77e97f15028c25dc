/// Text output built as UTF-8 bytes: the JSON and SVG writers append here and make one `String` at
/// the end, so no piece of a document is a `String` of its own.
extension Array where Element == UInt8 {
    /// Appends a literal's bytes.
    @inline(__always)
    mutating func append(literal s: StaticString) {
        s.withUTF8Buffer { append(contentsOf: $0) }
    }

    /// Appends `s`'s UTF-8 bytes, unchanged.
    @inline(__always)
    mutating func append(utf8 s: String) {
        if s.utf8.withContiguousStorageIfAvailable({ append(contentsOf: $0) }) == nil {
            append(contentsOf: s.utf8)
        }
    }

    /// Appends the UTF-8 bytes of scalar value `v` (a valid scalar: not a surrogate, at most U+10FFFF).
    @inline(__always)
    mutating func append(scalar v: UInt32) {
        switch v {
        case ..<0x80:
            append(UInt8(v))
        case ..<0x800:
            append(0xC0 | UInt8(v >> 6))
            append(0x80 | UInt8(v & 0x3F))
        case ..<0x10000:
            append(0xE0 | UInt8(v >> 12))
            append(0x80 | UInt8((v >> 6) & 0x3F))
            append(0x80 | UInt8(v & 0x3F))
        default:
            append(0xF0 | UInt8(v >> 18))
            append(0x80 | UInt8((v >> 12) & 0x3F))
            append(0x80 | UInt8((v >> 6) & 0x3F))
            append(0x80 | UInt8(v & 0x3F))
        }
    }

    /// Appends `v` in lowercase hex without leading zeros (`0` for zero): what `String(v, radix: 16)` spells.
    mutating func append(hex v: UInt64) {
        var shift = UInt64.hexDigits(v) * 4 - 4
        while shift >= 0 {
            let digit = UInt8(truncatingIfNeeded: (v >> UInt64(shift)) & 0xF)
            append(digit < 10 ? 0x30 + digit : 0x57 + digit)
            shift -= 4
        }
    }

    /// Appends `v` in decimal (`-12`, `0`, `345`).
    mutating func append(integer v: Int) {
        if v < 0 { append(0x2D) }
        append(unsigned: v.magnitude)
    }

    /// Appends `m` in decimal.
    mutating func append(unsigned m: UInt) {
        if m < 10 { append(0x30 &+ UInt8(truncatingIfNeeded: m)); return }
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 24) { p in
            var k = p.count
            var x = m
            while x > 0 {
                k -= 1
                p[k] = 0x30 &+ UInt8(truncatingIfNeeded: x % 10)
                x /= 10
            }
            append(contentsOf: UnsafeBufferPointer(rebasing: p[k...]))
        }
    }

    /// Appends `v` as ``DecimalText/format(_:decimals:)`` writes it: rounded to `decimals` places,
    /// no trailing zeros, `0` for zero and for non-finite values.
    ///
    /// The digits are made right to left in a buffer on the stack and appended at once.
    mutating func append(decimal v: Double, decimals: Int = 2) {
        let scaled: Int, unit: Int
        switch DecimalText.rounding(v, decimals: decimals) {
        case .scaled(let s, let u): scaled = s; unit = u
        case .unbounded: append(utf8: "\(v)"); return
        }
        if scaled == 0 { append(0x30); return }
        let magnitude = scaled.magnitude
        var whole = magnitude / UInt(unit)
        var fraction = magnitude % UInt(unit)
        var places = decimals
        if fraction != 0 {
            while fraction % 10 == 0 { fraction /= 10; places -= 1 }
        }
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 48) { p in
            var k = p.count
            if fraction != 0 {
                for _ in 0..<places {
                    k -= 1
                    p[k] = 0x30 &+ UInt8(truncatingIfNeeded: fraction % 10)
                    fraction /= 10
                }
                k -= 1
                p[k] = 0x2E
            }
            repeat {
                k -= 1
                p[k] = 0x30 &+ UInt8(truncatingIfNeeded: whole % 10)
                whole /= 10
            } while whole > 0
            if scaled < 0 {
                k -= 1
                p[k] = 0x2D
            }
            append(contentsOf: UnsafeBufferPointer(rebasing: p[k...]))
        }
    }
}

extension UInt64 {
    /// Hex digits of `v` without leading zeros (1 for zero).
    static func hexDigits(_ v: UInt64) -> Int { Swift.max(1, (67 - v.leadingZeroBitCount) / 4) }
}
