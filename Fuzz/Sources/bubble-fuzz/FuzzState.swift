import Bubble
import BubbleServer

/// What the targets keep across inputs: one engine, one service (global `let`s, made once, thread-safe).
enum FuzzState {
    /// The engine of every library target, with Bubble's default options and limits.
    static let engine: BubbleEngine = {
        do throws(BubbleError) { return try BubbleEngine() } catch { fatalError("bubble-fuzz: no engine: \(error.code): \(error.message)") }
    }()

    /// The service of the `http` target, with `bubble serve`'s default settings.
    static let service: BubbleService = {
        do throws(BubbleError) { return try BubbleService(settings: BubbleServerSettings()) } catch {
            fatalError("bubble-fuzz: no service: \(error.code): \(error.message)")
        }
    }()
}

/// FNV-1a over the input: a deterministic source of the sizes and widths an input format does not carry
/// (libFuzzer needs a target to do the same thing every time it sees the same bytes).
struct InputHash {
    private(set) var value: UInt64 = 0xcbf2_9ce4_8422_2325

    init(_ bytes: [UInt8]) {
        for b in bytes { value = (value ^ UInt64(b)) &* 0x100_0000_01b3 }
    }

    /// A number in `range`, in steps of `step`, from bits `shift…` of the hash.
    func pick(_ range: ClosedRange<Double>, step: Double, shift: UInt64) -> Double {
        let steps = UInt64(((range.upperBound - range.lowerBound) / step).rounded(.down)) + 1
        return range.lowerBound + Double((value >> shift) % steps) * step
    }
}
