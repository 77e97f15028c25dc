/// Converts UTF-16 offsets of the source message to UTF-8 bytes or scalars.
///
/// Holds one entry per non-BMP scalar and per non-ASCII scalar boundary, so an ASCII message costs
/// nothing and the conversion is a binary search.
public struct SourceUnits: Sendable {
    /// Number of UTF-16 units in the source.
    public let utf16Count: Int
    /// UTF-16 offsets (ascending) at which the running UTF-8 − UTF-16 difference changes, with the new
    /// difference; likewise the running UTF-16 − scalars difference (surrogate pairs).
    private let utf8Steps: [Int], utf8Deltas: [Int]
    private let scalarSteps: [Int], scalarDeltas: [Int]

    public init(_ source: String) {
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

    /// `utf16` (a scalar boundary of the source) expressed in `unit`.
    public func convert(utf16: Int, to unit: OffsetUnit) -> Int {
        switch unit {
        case .utf16: return utf16
        case .utf8: return utf16 + SourceUnits.delta(at: utf16, steps: utf8Steps, deltas: utf8Deltas)
        case .scalars: return utf16 - SourceUnits.delta(at: utf16, steps: scalarSteps, deltas: scalarDeltas)
        }
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
