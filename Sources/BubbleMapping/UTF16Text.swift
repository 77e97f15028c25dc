/// Strings made from UTF-16 code units: what `String(decoding: units, as: UTF16.self)` makes, each
/// ill-formed unit (a lone surrogate) becoming U+FFFD as there.
///
/// The standard library's generic transcoding costs some 800 instructions a unit from an array slice
/// and 240 from a buffer; a link's text in every report, an emoji's sequence and a markup attribute
/// went through it. Here the units are transcoded to UTF-8 straight into the new string's storage.
package enum UTF16Text {
    package static func string(_ units: UnsafeBufferPointer<UInt16>) -> String {
        let n = units.count
        guard n > 0 else { return "" }
        // At most 3 bytes a unit: a surrogate pair (2 units) is 4 bytes, anything else 1 to 3.
        return String(unsafeUninitializedCapacity: n * 3) { out in
            var o = 0, i = 0
            while i < n {
                let u = units[i]
                i += 1
                if u < 0x80 {
                    out[o] = UInt8(truncatingIfNeeded: u)
                    o += 1
                } else if u < 0x800 {
                    out[o] = 0xC0 | UInt8(truncatingIfNeeded: u >> 6)
                    out[o + 1] = 0x80 | UInt8(truncatingIfNeeded: u & 0x3F)
                    o += 2
                } else if u & 0xF800 == 0xD800, u < 0xDC00, i < n, units[i] & 0xFC00 == 0xDC00 {
                    let v = 0x10000 + ((UInt32(u) - 0xD800) << 10) + (UInt32(units[i]) - 0xDC00)
                    i += 1
                    out[o] = 0xF0 | UInt8(truncatingIfNeeded: v >> 18)
                    out[o + 1] = 0x80 | UInt8(truncatingIfNeeded: (v >> 12) & 0x3F)
                    out[o + 2] = 0x80 | UInt8(truncatingIfNeeded: (v >> 6) & 0x3F)
                    out[o + 3] = 0x80 | UInt8(truncatingIfNeeded: v & 0x3F)
                    o += 4
                } else {
                    let v = u & 0xF800 == 0xD800 ? 0xFFFD : u  // a lone surrogate
                    out[o] = 0xE0 | UInt8(truncatingIfNeeded: v >> 12)
                    out[o + 1] = 0x80 | UInt8(truncatingIfNeeded: (v >> 6) & 0x3F)
                    out[o + 2] = 0x80 | UInt8(truncatingIfNeeded: v & 0x3F)
                    o += 3
                }
            }
            return o
        }
    }

    package static func string(_ units: [UInt16]) -> String {
        units.withUnsafeBufferPointer { string($0) }
    }

    package static func string(_ units: ArraySlice<UInt16>) -> String {
        units.withUnsafeBufferPointer { string($0) }
    }
}
