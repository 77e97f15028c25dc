import BubbleMapping

/// Chooses where each line ends: greedy first fit at UAX #14 opportunities outside unbreakable ranges,
/// trailing spaces hanging, and an emergency break (at URL separators, then grapheme boundaries) for a word
/// or unbreakable range wider than the line.
///
/// Holds the four arrays it reads on every step, so its loops index them directly rather than through
/// the ``ShapedText`` box.
struct LineWrapper {
    /// `ShapedText.breaks`, `.advanceBefore`, `.graphemeStarts` and the mapped text's UTF-16 units.
    let breaks: [Int]
    let advanceBefore: [Double]
    let graphemeStarts: [Bool]
    let text: [UInt16]
    /// Unbreakable ranges, in text order and never overlapping: no UAX #14 opportunity strictly inside one is
    /// used; a range wider than the line still breaks, at graphemes (``emergencyBreak(_:available:)``). Atomic
    /// links (``Link/isAtomic``, with `atomicLinks`) and URLs with `keepURLsWhole`.
    let unbreakable: [Range<Int>]
    /// URL ranges, whose emergency breaks go after `/ ? & = -` first.
    let urls: [Range<Int>]

    init(shaped: borrowing ShapedText, atomicLinks: Bool, keepURLsWhole: Bool = false) {
        breaks = shaped.breaks
        advanceBefore = shaped.advanceBefore
        graphemeStarts = shaped.graphemeStarts
        text = shaped.mapped.text
        var unbreakable: [Range<Int>] = [], urls: [Range<Int>] = []
        for link in shaped.mapped.links {
            let r = link.range.lowerBound.utf16..<link.range.upperBound.utf16
            if link.kind == .url { urls.append(r) }
            if (link.isAtomic && atomicLinks) || (link.kind == .url && keepURLsWhole) { unbreakable.append(r) }
        }
        self.unbreakable = unbreakable
        self.urls = urls
    }

    /// The end of the line starting at `start` in `paragraph`, given `available` px.
    /// - Parameter cursor: index into `shaped.breaks` where the search starts; advanced past used breaks.
    func lineEnd(from start: Int, paragraph: ShapedParagraph, available: Double, cursor: inout Int) -> Int {
        let end = paragraph.range.upperBound
        var lastFit: Int?
        var k = cursor
        while k < paragraph.breaks.upperBound && breaks[k] <= start { k += 1 }
        var firstCandidate: Int?
        while k < paragraph.breaks.upperBound {
            let b = breaks[k]
            if isProtected(b) { k += 1; continue }
            if firstCandidate == nil { firstCandidate = b }
            if visibleWidth(start..<b) <= available + LineWrapper.tolerance {
                lastFit = b
                k += 1
                if b >= end { break }
            } else {
                break
            }
        }
        cursor = k
        if let lastFit { return lastFit }
        // Nothing fits: the first word is wider than the line.
        return emergencyBreak(start..<(firstCandidate ?? end), available: available)
    }

    /// Widths within this of the limit still fit (absorbs float noise in summed advances).
    static let tolerance = 1e-6

    /// Advance of `range` without its trailing spaces (they hang past the line's end).
    func visibleWidth(_ range: Range<Int>) -> Double {
        advanceBefore[trimmedEnd(range)] - advanceBefore[range.lowerBound]
    }

    func trimmedEnd(_ range: Range<Int>) -> Int {
        var e = range.upperBound
        while e > range.lowerBound && LineWrapper.hangs(text[e - 1]) { e -= 1 }
        return e
    }

    static func hangs(_ u: UInt16) -> Bool { u == 0x20 || u == 0x09 || u == 0x3000 || u == 0x1680 || (u >= 0x2000 && u <= 0x2006) || u == 0x2008 || u == 0x2009 || u == 0x200A || u == 0x205F }

    /// Whether break `b` falls strictly inside an unbreakable range (a binary search: the ranges are sorted
    /// and disjoint, and a message may hold hundreds of mentions).
    private func isProtected(_ b: Int) -> Bool {
        var lo = 0, hi = unbreakable.count
        while lo < hi {  // first range ending after b
            let mid = (lo + hi) / 2
            if unbreakable[mid].upperBound <= b { lo = mid + 1 } else { hi = mid }
        }
        return lo < unbreakable.count && unbreakable[lo].lowerBound < b
    }

    /// The farthest break inside `word` that fits, never less than one grapheme.
    func emergencyBreak(_ word: Range<Int>, available: Double) -> Int {
        if let url = urls.first(where: { $0.overlaps(word) }) {
            var best: Int?
            var i = max(word.lowerBound, url.lowerBound)
            while i < min(word.upperBound, url.upperBound) {
                let u = text[i]
                if (u == 0x2F || u == 0x3F || u == 0x26 || u == 0x3D || u == 0x2D) && i + 1 > word.lowerBound {
                    if visibleWidth(word.lowerBound..<(i + 1)) <= available + LineWrapper.tolerance { best = i + 1 } else { break }
                }
                i += 1
            }
            if let best, best < word.upperBound { return best }
        }
        var fit = word.lowerBound
        var g = word.lowerBound + 1
        while g <= word.upperBound {
            if graphemeStarts[g] {
                // Spaces hang here too, so a cut never pushes a space onto the next line.
                if visibleWidth(word.lowerBound..<g) > available + LineWrapper.tolerance { break }
                fit = g
            }
            g += 1
        }
        if fit > word.lowerBound { return fit }
        // Not even one grapheme fits: take one anyway, so every line makes progress.
        var one = word.lowerBound + 1
        while one < word.upperBound && !graphemeStarts[one] { one += 1 }
        return one
    }
}
