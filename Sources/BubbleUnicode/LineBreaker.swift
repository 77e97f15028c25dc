internal import CICU

/// A place where a line may (or must) end, as UAX #14 finds it.
package struct BreakOpportunity: Sendable, Equatable {
    /// UTF-16 offset of the break: the line ends before this unit.
    package var offset: Int
    /// A mandatory break (after BK, CR, LF, NL: `\n`, `\r\n`, U+2028, U+2029…).
    package var isMandatory: Bool

    package init(offset: Int, isMandatory: Bool) {
        self.offset = offset
        self.isMandatory = isMandatory
    }
}

/// Finds line-break opportunities (UAX #14) with ICU's line break iterator.
///
/// Not thread-safe: each thread (or each engine worker) owns its own breaker.
package final class LineBreaker {
    private let iterator: BreakIterator

    /// - Parameter locale: an ICU locale id; the root locale ("") gives the default UAX #14 rules.
    package init(locale: String = "") throws(UnicodeError) {
        iterator = try BreakIterator(kind: Int32(BUBBLE_BREAK_LINE), locale: locale)
    }

    /// Every opportunity in `text` (UTF-16), in order; the end of the text is always the last one.
    package func opportunities(in text: [UInt16]) -> [BreakOpportunity] {
        var result: [BreakOpportunity] = []
        result.reserveCapacity(text.count / 4 + 1)
        iterator.setText(text)
        iterator.forEachBoundary { result.append(BreakOpportunity(offset: $0, isMandatory: $1)) }
        return result
    }

    /// Appends `base +` the offset of every opportunity in `text` (the end included) to `offsets`,
    /// reading `text` in place: no copy of it and no array of opportunities.
    package func appendOpportunities(in text: UnsafeBufferPointer<UInt16>, base: Int, to offsets: inout [Int]) {
        iterator.withText(text) {
            iterator.forEachBoundary { offset, _ in offsets.append(base + offset) }
        }
    }
}

/// Finds extended grapheme cluster boundaries (UAX #29) with ICU's character break iterator.
///
/// Not thread-safe: each thread owns its own.
package final class GraphemeBreaker {
    private let iterator: BreakIterator

    package init() throws(UnicodeError) {
        iterator = try BreakIterator(kind: Int32(BUBBLE_BREAK_CHARACTER))
    }

    /// Every boundary of `text` after 0, in order (the last is `text.count`).
    package func boundaries(in text: [UInt16]) -> [Int] {
        var result: [Int] = []
        result.reserveCapacity(text.count)
        iterator.setText(text)
        iterator.forEachBoundary { offset, _ in result.append(offset) }
        return result
    }
}
