/// Grapheme-cluster indices of the source message, on request (Unicode UAX #29, as Swift's `Character`).
///
/// Built once per message in O(n); each look-up is a binary search.
package struct SourceGraphemes: Sendable {
    /// UTF-16 offset in the source at which each grapheme cluster starts, ascending.
    package let starts: [Int]
    /// UTF-16 length of the source.
    package let utf16Count: Int

    package init(_ source: String) {
        var starts: [Int] = []
        var offset = 0
        for character in source {
            starts.append(offset)
            offset += character.utf16.count
        }
        self.starts = starts
        self.utf16Count = offset
    }

    /// Number of grapheme clusters.
    package var count: Int { starts.count }

    /// The index of the grapheme cluster holding source offset `index` (UTF-16 units from the source's
    /// start); the source's end gives ``count``.
    package func graphemeIndex(of index: SourceIndex) -> Int {
        var lo = 0, hi = starts.count
        while lo < hi {  // number of clusters starting at or before the offset
            let mid = (lo + hi) / 2
            if starts[mid] <= index.utf16 { lo = mid + 1 } else { hi = mid }
        }
        return index.utf16 >= utf16Count ? starts.count : max(0, lo - 1)
    }

    /// Whether a source offset falls between two grapheme clusters (or at either end).
    package func isBoundary(_ index: SourceIndex) -> Bool {
        if index.utf16 == utf16Count || index.utf16 == 0 { return true }
        var lo = 0, hi = starts.count
        while lo < hi {
            let mid = (lo + hi) / 2
            if starts[mid] < index.utf16 { lo = mid + 1 } else { hi = mid }
        }
        return lo < starts.count && starts[lo] == index.utf16
    }
}

extension MappedText {
    /// A mapped range reported in the source message's offsets of `unit` (start and end).
    package func sourceRange(_ range: Range<MappedIndex>, in unit: OffsetUnit) -> Range<Int> {
        let source = offsets.source(range)
        return offsets.report(source.lowerBound, in: unit)..<offsets.report(source.upperBound, in: unit)
    }
}
