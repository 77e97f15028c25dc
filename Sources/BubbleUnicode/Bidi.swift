internal import CICU

/// Base direction of a paragraph.
public enum TextDirection: String, Sendable, Codable, CaseIterable {
    /// From the first strong character (UAX #9 P2–P3), left-to-right when there is none.
    case auto
    case ltr
    case rtl
}

/// Resolves bidi embedding levels (UAX #9) with ICU.
///
/// Not thread-safe: each thread owns its own.
package final class BidiResolver {
    private let handle: OpaquePointer

    package init() throws(UnicodeError) {
        var opened: OpaquePointer?
        try checkICU("ubidi_open") { status in opened = bubble_bidi_open(&status) }
        guard let opened else { throw UnicodeError(function: "ubidi_open", code: 7, name: "U_MEMORY_ALLOCATION_ERROR") }
        handle = opened
    }

    deinit { bubble_bidi_close(handle) }

    /// The paragraph's resolved base level (0 LTR, 1 RTL) and one level per UTF-16 unit.
    ///
    /// Text with no right-to-left character is answered without calling ICU.
    package func levels(of text: ArraySlice<UInt16>, direction: TextDirection) throws(UnicodeError) -> (base: UInt8, levels: [UInt8]) {
        let requested: UInt8 = direction == .rtl ? 1 : direction == .ltr ? 0 : 0xFE
        if direction != .rtl && !BidiResolver.mayContainRTL(text) {
            return (0, [UInt8](repeating: 0, count: text.count))
        }
        var levels = [UInt8](repeating: 0, count: text.count)
        var base: UInt8 = 0
        let handle = self.handle
        try checkICU("ubidi_setPara") { status in
            text.withUnsafeBufferPointer { bubble_bidi_set_paragraph(handle, $0.baseAddress, Int32($0.count), requested, &status) }
        }
        try checkICU("ubidi_getLevels") { status in
            levels.withUnsafeMutableBufferPointer { bubble_bidi_levels(handle, $0.baseAddress, Int32($0.count), &status) }
        }
        base = bubble_bidi_paragraph_level(handle)
        return (base, levels)
    }

    /// Visual order of runs given their levels (UAX #9 L2): `result[i]` is the logical index of the
    /// i-th run from the left.
    package static func visualOrder(levels: [UInt8]) -> [Int] {
        if levels.allSatisfy({ $0 == 0 }) { return Array(levels.indices) }
        var map = [Int32](repeating: 0, count: levels.count)
        levels.withUnsafeBufferPointer { l in
            map.withUnsafeMutableBufferPointer { bubble_bidi_reorder_visual(l.baseAddress, Int32(levels.count), $0.baseAddress) }
        }
        return map.map(Int.init)
    }

    /// Whether any unit could be right-to-left or a bidi control (Hebrew, Arabic, Syriac, Thaana, NKo…,
    /// their presentation forms, RLM/ALM and the embedding controls). A cheap pre-check.
    package static func mayContainRTL(_ text: ArraySlice<UInt16>) -> Bool {
        text.withUnsafeBufferPointer(mayContainRTL)
    }

    /// ``mayContainRTL(_:)`` over a buffer.
    package static func mayContainRTL(_ text: UnsafeBufferPointer<UInt16>) -> Bool {
        for u in text where u >= 0x0590 {
            if u <= 0x08FF || (u >= 0xFB1D && u <= 0xFDFF) || (u >= 0xFE70 && u <= 0xFEFF)
                || u == 0x200F || u == 0x061C || (u >= 0x202A && u <= 0x202E) || (u >= 0x2066 && u <= 0x2069)
                || (u >= 0xD802 && u <= 0xD803) || (u >= 0xD83A && u <= 0xD83B) { return true }
        }
        return false
    }
}
