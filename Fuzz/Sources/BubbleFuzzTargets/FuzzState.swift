import Bubble

/// What the library targets keep across inputs: one engine (a global `let`, made once, thread-safe).
///
/// Every target keeps one engine (the `http` target one service) for the whole run, as `bubble serve` and
/// `bubble batch` do, so what a worker keeps between messages — word styles, fonts per size, the face
/// store, shaped words, link rules, font chains — fills, evicts and wraps as it would after hours of
/// traffic.
public enum FuzzState {
    /// The engine of every library target, with Bubble's default options and limits.
    public static let engine: BubbleEngine = {
        do throws(BubbleError) { return try BubbleEngine() } catch { fatalError("bubble-fuzz: no engine: \(error.code): \(error.message)") }
    }()
}

/// FNV-1a over the input: a deterministic source of the sizes and widths an input format does not carry
/// (libFuzzer needs a target to do the same thing every time it sees the same bytes).
public struct InputHash {
    public private(set) var value: UInt64 = 0xcbf2_9ce4_8422_2325

    public init(_ bytes: [UInt8]) {
        for b in bytes { value = (value ^ UInt64(b)) &* 0x100_0000_01b3 }
    }

    /// A number in `range`, in steps of `step`, from bits `shift…` of the hash.
    public func pick(_ range: ClosedRange<Double>, step: Double, shift: UInt64) -> Double {
        let steps = UInt64(((range.upperBound - range.lowerBound) / step).rounded(.down)) + 1
        return range.lowerBound + Double((value >> shift) % steps) * step
    }
}
