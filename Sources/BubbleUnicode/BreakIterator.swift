internal import CICU

/// Owns one ICU break iterator; reused across texts because opening one is costly.
final class BreakIterator {
    private let handle: OpaquePointer
    /// ICU keeps a pointer to the text it iterates, so the iterator keeps the text alive.
    private var text: [UInt16] = []

    init(kind: Int32, locale: String = "") throws(UnicodeError) {
        var opened: OpaquePointer?
        try checkICU("ubrk_open") { status in opened = bubble_break_open(kind, locale, &status) }
        guard let opened else { throw UnicodeError(function: "ubrk_open", code: 7, name: "U_MEMORY_ALLOCATION_ERROR") }
        handle = opened
    }

    deinit { bubble_break_close(handle) }

    /// Points the iterator at `units`; the array is retained until the next call.
    func setText(_ units: [UInt16]) {
        text = units
        var status: Int32 = 0
        text.withUnsafeBufferPointer { bubble_break_set_text(handle, $0.baseAddress, Int32($0.count), &status) }
        precondition(status <= 0, "ubrk_setText cannot fail on a valid buffer")
    }

    /// Points the iterator at `units` for the duration of `body` only (no copy of the text), then at
    /// an empty text, so ICU never keeps a pointer past the call.
    func withText<R>(_ units: UnsafeBufferPointer<UInt16>, _ body: () -> R) -> R {
        text = []
        var status: Int32 = 0
        bubble_break_set_text(handle, units.baseAddress, Int32(units.count), &status)
        precondition(status <= 0, "ubrk_setText cannot fail on a valid buffer")
        defer {
            var status: Int32 = 0
            bubble_break_set_text(handle, BreakIterator.empty, 0, &status)
        }
        return body()
    }

    /// A text of no units that stays put (ICU wants a non-null pointer).
    private nonisolated(unsafe) static let empty: UnsafeMutablePointer<UInt16> = {
        let p = UnsafeMutablePointer<UInt16>.allocate(capacity: 1)
        p.initialize(to: 0)
        return p
    }()

    /// Calls `body(offset, isHard)` for every boundary after the start, in order.
    func forEachBoundary(_ body: (Int, Bool) -> Void) {
        var b = bubble_break_first(handle)
        while true {
            b = bubble_break_next(handle)
            if b == Int32(BUBBLE_BREAK_DONE) { break }
            body(Int(b), bubble_break_is_hard(handle) != 0)
        }
    }

    func isBoundary(_ offset: Int) -> Bool { bubble_break_is_boundary(handle, Int32(offset)) != 0 }
}
