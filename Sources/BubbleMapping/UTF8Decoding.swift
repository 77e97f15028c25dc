#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Decoding message bytes to the UTF-16 units the mapper works on.
enum UTF8Decoding {
    /// What the plain-text fast path learns from one pass over a `String`'s UTF-8.
    struct Decoded {
        /// UTF-16 units of the text.
        var units: [UInt16]
        /// Whether the text holds a `[` (a token may open).
        var hasBracket: Bool
        /// Whether the text holds U+FFFC (it becomes U+FFFD).
        var hasObjectReplacement: Bool
        /// Whether the text holds `@`, `://` or `www.` (any case): without them no mention or URL is
        /// detected, on the text or on its mapped form (mapping only removes `\` before `[` and turns
        /// tokens into U+FFFC, which cannot form any of them).
        var mayHoldLinks: Bool
    }

    /// The UTF-16 units of a `String` (valid UTF-8 by construction), transcoded directly from its UTF-8
    /// storage (eight ASCII bytes at a time), with the byte-level facts the mapper's fast paths need.
    static func decode(_ text: String) -> Decoded {
        var text = text
        return text.withUTF8 { bytes in
            let n = bytes.count
            guard n > 0, let base = bytes.baseAddress else {
                return Decoded(units: [], hasBracket: false, hasObjectReplacement: false, mayHoldLinks: false)
            }
            var hasFFFC = false
            // Zero-filled then trimmed: `init(unsafeUninitializedCapacity:)` allocates through the
            // unspecialized generic path (a metadata look-up of some 450 instructions per message).
            var units: [UInt16] = []
            units.reserveCapacity(n)
            units.append(contentsOf: repeatElement(0, count: n))
            let written = units.withUnsafeMutableBufferPointer { out -> Int in
                var i = 0, k = 0
                while i < n {
                    while i + 8 <= n {
                        let word = UnsafeRawPointer(base + i).loadUnaligned(as: UInt64.self)
                        if word & 0x8080_8080_8080_8080 != 0 { break }
                        for j in 0..<8 { out[k + j] = UInt16(base[i + j]) }
                        i += 8
                        k += 8
                    }
                    guard i < n else { break }
                    let b0 = base[i]
                    if b0 < 0x80 {
                        out[k] = UInt16(b0)
                        i += 1
                        k += 1
                    } else if b0 < 0xE0 {
                        out[k] = UInt16(b0 & 0x1F) << 6 | UInt16(base[i + 1] & 0x3F)
                        i += 2
                        k += 1
                    } else if b0 < 0xF0 {
                        let unit = UInt16(b0 & 0x0F) << 12 | UInt16(base[i + 1] & 0x3F) << 6 | UInt16(base[i + 2] & 0x3F)
                        if unit == 0xFFFC { hasFFFC = true }
                        out[k] = unit
                        i += 3
                        k += 1
                    } else {
                        let value = UInt32(b0 & 0x07) << 18 | UInt32(base[i + 1] & 0x3F) << 12
                            | UInt32(base[i + 2] & 0x3F) << 6 | UInt32(base[i + 3] & 0x3F)
                        out[k] = UInt16(0xD800 + ((value - 0x10000) >> 10))
                        out[k + 1] = UInt16(0xDC00 + ((value - 0x10000) & 0x3FF))
                        i += 4
                        k += 2
                    }
                }
                return k
            }
            units.removeLast(n - written)
            let raw = UnsafeRawPointer(base)
            return Decoded(units: units, hasBracket: memchr(raw, 0x5B, n) != nil, hasObjectReplacement: hasFFFC,
                           mayHoldLinks: mayHoldLinks(base, n))
        }
    }

    /// Whether UTF-8 text holds `@`, `://` or `www.` (any case): byte scans with `memchr`.
    static func mayHoldLinks(_ base: UnsafePointer<UInt8>, _ n: Int) -> Bool {
        let raw = UnsafeRawPointer(base)
        if memchr(raw, 0x40, n) != nil { return true }  // @
        var from = 0
        while from < n, let hit = memchr(raw + from, 0x3A, n - from) {  // :
            let i = raw.distance(to: UnsafeRawPointer(hit))
            if i + 2 < n, base[i + 1] == 0x2F, base[i + 2] == 0x2F { return true }
            from = i + 1
        }
        from = 3
        while from < n, let hit = memchr(raw + from, 0x2E, n - from) {  // .
            let i = raw.distance(to: UnsafeRawPointer(hit))
            if base[i - 1] | 0x20 == 0x77, base[i - 2] | 0x20 == 0x77, base[i - 3] | 0x20 == 0x77 { return true }
            from = i + 1
        }
        return false
    }

    /// The UTF-16 units of `bytes`, or the offset of the first byte of the first invalid sequence.
    ///
    /// With `replace`, each maximal invalid subsequence becomes one U+FFFD (Unicode's "substitution of
    /// maximal subparts", as `String(decoding:as:)` does).
    static func utf16(_ bytes: UnsafeBufferPointer<UInt8>, replace: Bool) -> Result<[UInt16], MappingError> {
        var out: [UInt16] = []
        out.reserveCapacity(bytes.count)
        let n = bytes.count
        var i = 0
        while i < n {
            let b0 = bytes[i]
            if b0 < 0x80 { out.append(UInt16(b0)); i += 1; continue }
            var length = 0
            var value: UInt32 = 0
            var lowerBound: UInt8 = 0x80, upperBound: UInt8 = 0xBF
            switch b0 {
            case 0xC2...0xDF: length = 2; value = UInt32(b0 & 0x1F)
            case 0xE0: length = 3; value = UInt32(b0 & 0x0F); lowerBound = 0xA0
            case 0xE1...0xEC, 0xEE...0xEF: length = 3; value = UInt32(b0 & 0x0F)
            case 0xED: length = 3; value = UInt32(b0 & 0x0F); upperBound = 0x9F
            case 0xF0: length = 4; value = UInt32(b0 & 0x07); lowerBound = 0x90
            case 0xF1...0xF3: length = 4; value = UInt32(b0 & 0x07)
            case 0xF4: length = 4; value = UInt32(b0 & 0x07); upperBound = 0x8F
            default: length = 0
            }
            // Consume continuation bytes while they are valid; the second byte has tighter bounds.
            var k = 1
            var valid = length > 0
            while valid && k < length {
                guard i + k < n else { valid = false; break }
                let b = bytes[i + k]
                let lo: UInt8 = k == 1 ? lowerBound : 0x80, hi: UInt8 = k == 1 ? upperBound : 0xBF
                guard b >= lo && b <= hi else { valid = false; break }
                value = value << 6 | UInt32(b & 0x3F)
                k += 1
            }
            if valid {
                if value >= 0x10000 {
                    out.append(UInt16(0xD800 + ((value - 0x10000) >> 10)))
                    out.append(UInt16(0xDC00 + ((value - 0x10000) & 0x3FF)))
                } else {
                    out.append(UInt16(value))
                }
                i += length
            } else {
                guard replace else { return .failure(.invalidUTF8(byteOffset: i)) }
                out.append(0xFFFD)
                i += max(1, k)  // the maximal subpart: the lead byte and the continuation bytes that were valid
            }
        }
        return .success(out)
    }
}
