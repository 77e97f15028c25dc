/// Converts UTF-16 offsets of the source message to UTF-8 bytes or scalars.
///
/// Holds one entry per non-BMP scalar and per non-ASCII scalar boundary, so an ASCII message costs
/// nothing and the conversion is a binary search.
package struct SourceUnits: Sendable {
    /// Number of UTF-16 units in the source.
    package let utf16Count: Int
    /// UTF-16 offsets (ascending) at which the running UTF-8 − UTF-16 difference changes, with the new
    /// difference; likewise the running UTF-16 − scalars difference (surrogate pairs).
    private let utf8Steps: [Int], utf8Deltas: [Int]
    private let scalarSteps: [Int], scalarDeltas: [Int]

    package init(_ source: String) {
        var u16 = 0, d8 = 0, dScalar = 0
        var s8: [Int] = [], v8: [Int] = [], sS: [Int] = [], vS: [Int] = []
        for scalar in source.unicodeScalars {
            let w16 = scalar.utf16.count, w8 = scalar.utf8.count
            u16 += w16
            if w8 != w16 { d8 += w8 - w16; s8.append(u16); v8.append(d8) }
            if w16 == 2 { dScalar += 1; sS.append(u16); vS.append(dScalar) }
        }
        utf16Count = u16
        utf8Steps = s8; utf8Deltas = v8; scalarSteps = sS; scalarDeltas = vS
    }

    /// The tables of a source given as UTF-16 code units (the mapper's form; no `String` needed).
    ///
    /// A lone surrogate counts as one scalar and three UTF-8 bytes, as its U+FFFD replacement would.
    package init(utf16 source: some Collection<UInt16>) {
        let units = Array(source)
        var d8 = 0, dScalar = 0
        var s8: [Int] = [], v8: [Int] = [], sS: [Int] = [], vS: [Int] = []
        var nonASCII = 0
        for unit in units where unit >= 0x80 { nonASCII += 1 }
        s8.reserveCapacity(nonASCII)
        v8.reserveCapacity(nonASCII)
        var i = 0
        while i < units.count {
            let unit = units[i]
            i += 1
            if unit < 0x80 { continue }
            if unit & 0xFC00 == 0xD800, i < units.count, units[i] & 0xFC00 == 0xDC00 {
                i += 1
                d8 += 2; s8.append(i); v8.append(d8)
                dScalar += 1; sS.append(i); vS.append(dScalar)
                continue
            }
            d8 += unit < 0x800 ? 1 : 2
            s8.append(i); v8.append(d8)
        }
        utf16Count = units.count
        utf8Steps = s8; utf8Deltas = v8; scalarSteps = sS; scalarDeltas = vS
    }

    /// `utf16` (an offset into `source`) expressed in `unit` by counting the units before it, without
    /// tables: the same value as ``convert(utf16:to:)`` on `SourceUnits(utf16: source)`, in O(utf16).
    /// A surrogate pair counts as one scalar and four bytes (its high half alone, when `utf16` splits it,
    /// as one of each); a lone surrogate as one scalar and three bytes.
    package static func count(_ utf16: Int, of source: UnsafeBufferPointer<UInt16>, in unit: OffsetUnit) -> Int {
        let n = min(utf16, source.count)
        var i = 0, total = 0
        switch unit {
        case .utf16:
            return utf16
        case .utf8:
            while i < n {
                let u = source[i]
                if u < 0x80 { total += 1; i += 1; continue }
                if u < 0x800 { total += 2; i += 1; continue }
                if u & 0xFC00 == 0xD800, i + 1 < source.count, source[i + 1] & 0xFC00 == 0xDC00 {
                    if i + 1 < n { total += 4; i += 2 } else { total += 1; i += 1 }
                    continue
                }
                total += 3
                i += 1
            }
        case .scalars:
            while i < n {
                let u = source[i]
                total += 1
                if u & 0xFC00 == 0xD800, i + 2 <= n, i + 1 < source.count, source[i + 1] & 0xFC00 == 0xDC00 {
                    i += 2
                } else {
                    i += 1
                }
            }
        }
        return utf16 < 0 ? utf16 : total + (utf16 - n)
    }

    /// The UTF-16 offset of an offset given in `unit`; `nil` when it is out of bounds or, for UTF-8,
    /// falls inside a scalar's bytes.
    package func utf16(from offset: Int, in unit: OffsetUnit) -> Int? {
        guard offset >= 0 else { return nil }
        switch unit {
        case .utf16:
            return offset <= utf16Count ? offset : nil
        case .utf8, .scalars:
            // The converted value grows monotonically with the UTF-16 offset: binary-search it.
            var lo = 0, hi = utf16Count
            while lo < hi {
                let mid = (lo + hi) / 2
                if convert(utf16: mid, to: unit) < offset { lo = mid + 1 } else { hi = mid }
            }
            // Between the halves of a pair the tables read as if the pair had ended: skip to its real end.
            if lo < utf16Count && isInsidePair(lo) { lo += 1 }
            guard lo <= utf16Count, convert(utf16: lo, to: unit) == offset else { return nil }
            return lo
        }
    }

    /// `utf16` (a scalar boundary of the source) expressed in `unit`.
    package func convert(utf16: Int, to unit: OffsetUnit) -> Int {
        switch unit {
        case .utf16: return utf16
        case .utf8: return utf16 + SourceUnits.delta(at: utf16, steps: utf8Steps, deltas: utf8Deltas)
        case .scalars: return utf16 - SourceUnits.delta(at: utf16, steps: scalarSteps, deltas: scalarDeltas)
        }
    }

    /// Whether a UTF-16 offset falls between the two halves of a surrogate pair (pairs end at scalar steps).
    package func isInsidePair(_ utf16: Int) -> Bool {
        var lo = 0, hi = scalarSteps.count
        while lo < hi {
            let mid = (lo + hi) / 2
            if scalarSteps[mid] < utf16 + 1 { lo = mid + 1 } else { hi = mid }
        }
        return lo < scalarSteps.count && scalarSteps[lo] == utf16 + 1
    }

    /// The running difference in force at `offset`: that of the last step at or before it.
    private static func delta(at offset: Int, steps: [Int], deltas: [Int]) -> Int {
        var lo = 0, hi = steps.count
        while lo < hi {
            let mid = (lo + hi) / 2
            if steps[mid] <= offset { lo = mid + 1 } else { hi = mid }
        }
        return lo == 0 ? 0 : deltas[lo - 1]
    }
}
