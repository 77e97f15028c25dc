/// Decoding message bytes to the UTF-16 units the mapper works on.
enum UTF8Decoding {
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
