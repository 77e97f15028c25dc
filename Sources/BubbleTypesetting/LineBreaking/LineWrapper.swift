import BubbleMapping

/// Chooses where each line ends: greedy first fit at UAX #14 opportunities outside unbreakable ranges,
/// trailing spaces hanging, and an emergency break (at URL separators, then grapheme boundaries) for a word
/// or unbreakable range wider than the line.
///
/// Holds the two arrays it reads on every step (breaks, advances), so its loops index them directly
/// rather than through the ``ShapedText`` box; reads the others (units, grapheme starts, tabs) through
/// the box, once or twice a line: copies of them cost a retain and a release each per message.
package struct LineWrapper: Sendable {
    /// `ShapedText.breaks` (with ``LineBreaking/web``, as ``WebBreakRules`` changes them) and `.advanceBefore`.
    let breaks: [Int]
    /// Each paragraph's opportunities in ``breaks``, by paragraph index, when they are not the
    /// paragraphs' own (``LineBreaking/web``).
    private let adjustedParagraphBreaks: [Range<Int>]?
    let advanceBefore: [Double]
    var graphemeStarts: [Bool] { _read { yield shaped.graphemeStarts } }
    /// The mapped text's UTF-16 units.
    var text: [UInt16] { _read { yield shaped.mapped.text } }
    /// Unbreakable ranges, in text order and never overlapping: no UAX #14 opportunity strictly inside one is
    /// used; a range wider than the line still breaks, at graphemes (``emergencyBreak(_:available:)``). Atomic
    /// links (``Link/isAtomic``, with `atomicLinks`) and URLs with `keepURLsWhole`.
    let unbreakable: [Range<Int>]
    /// URL ranges, whose emergency breaks go after `/ ? & = -` first (none with ``LineBreaking/web``).
    let urls: [Range<Int>]
    /// Tab offsets (ascending): a tab's advance depends on where its line starts.
    var tabs: [Int] { _read { yield shaped.tabs } }
    /// The text, for its runs and glyphs at a break (kerning across it).
    let shaped: ShapedText
    /// How far past `available` a line may reach and still fit (``LineMetrics/fitSlack``).
    let fitSlack: Double

    init(shaped: borrowing ShapedText, atomicLinks: Bool, keepURLsWhole: Bool = false, rules: LineBreaking = .standard,
         fitSlack: Double = LineWrapper.tolerance) {
        self.fitSlack = fitSlack
        if rules == .web, let adjusted = WebBreakRules.apply(to: shaped) {
            breaks = adjusted.breaks
            adjustedParagraphBreaks = adjusted.ranges
        } else if rules == .flutter,
                  let adjusted = WebBreakRules.apply(to: shaped, rule: { FlutterBreakRules.skParagraph($0, at: $1, paragraphStart: $2) }) {
            breaks = adjusted.breaks
            adjustedParagraphBreaks = adjusted.ranges
        } else {
            breaks = shaped.breaks
            adjustedParagraphBreaks = nil
        }
        advanceBefore = shaped.advanceBefore
        self.shaped = copy shaped
        var unbreakable: [Range<Int>] = [], urls: [Range<Int>] = []
        for link in shaped.mapped.links {
            let r = link.range.lowerBound.utf16..<link.range.upperBound.utf16
            if link.kind == .url && rules == .standard { urls.append(r) }
            if (link.isAtomic && atomicLinks) || (link.kind == .url && keepURLsWhole && rules == .standard) { unbreakable.append(r) }
        }
        self.unbreakable = unbreakable
        self.urls = urls
    }

    /// Paragraph `p`'s opportunities: a range of indices into ``breaks``.
    func paragraphBreaks(_ p: Int) -> Range<Int> { adjustedParagraphBreaks?[p] ?? shaped.paragraphs[p].breaks }

    /// The end of the line starting at `start` in paragraph `p`, given `available` px.
    /// - Parameter cursor: index into ``breaks`` where the search starts (``paragraphBreaks(_:)``' lower bound
    ///   for a paragraph's first line); advanced past used breaks.
    func lineEnd(from start: Int, paragraph p: Int, range: Range<Int>, available: Double, cursor: inout Int) -> Int {
        let end = range.upperBound
        let paragraphBreaks = self.paragraphBreaks(p)
        var lastFit: Int?
        var k = cursor
        while k < paragraphBreaks.upperBound && breaks[k] <= start { k += 1 }
        var firstCandidate: Int?
        if unbreakable.isEmpty && tabs.isEmpty {
            if k < paragraphBreaks.upperBound { firstCandidate = breaks[k] }
            lastFit = greedyFit(from: start, breaks: &k, upTo: paragraphBreaks.upperBound, end: end, limit: available + fitSlack)
        } else {
            while k < paragraphBreaks.upperBound {
                let b = breaks[k]
                if isProtected(b) { k += 1; continue }
                if firstCandidate == nil { firstCandidate = b }
                if advanceWidth(start..<b) <= available + fitSlack {
                    lastFit = b
                    k += 1
                    if b >= end { break }
                } else {
                    break
                }
            }
        }
        cursor = k
        if let fit = lastFit, fit < end, kerning(before: fit) != 0 {
            // The greedy pass measured with the kerning across each break; without it the last fit may
            // not fit: step back to an earlier break that does.
            var j = k - 1
            while j >= paragraphBreaks.lowerBound && breaks[j] > start {
                let b = breaks[j]
                if b <= fit && !isProtected(b) && visibleWidth(start..<b) <= available + fitSlack { return b }
                j -= 1
            }
            return emergencyBreak(start..<(firstCandidate ?? end), available: available)
        }
        if let lastFit { return lastFit }
        // Nothing fits: the first word is wider than the line.
        return emergencyBreak(start..<(firstCandidate ?? end), available: available)
    }

    /// The greedy pass of ``lineEnd(from:paragraph:range:available:cursor:)`` for text with no unbreakable
    /// range and no tab, where every break is a candidate and a width is a difference of two prefix sums
    /// (``advanceWidth(_:)``'s, the same two numbers): the last break from index `k` on whose line, its
    /// trailing spaces hanging, is at most `limit` wide, `k` left past it as the general loop leaves it.
    /// Read through buffer pointers: it runs at every break opportunity of every line (each ideograph's,
    /// in CJK), where the arrays' bounds checks cost as much as the measure.
    @inline(__always)
    private func greedyFit(from start: Int, breaks k: inout Int, upTo upper: Int, end: Int, limit: Double) -> Int? {
        breaks.withUnsafeBufferPointer { breaks in
            text.withUnsafeBufferPointer { text in
                advanceBefore.withUnsafeBufferPointer { before in
                    let origin = before[start]
                    var lastFit: Int?
                    while k < upper {
                        let b = breaks[k]
                        var e = b
                        while e > start && LineWrapper.hangs(text[e - 1]) { e -= 1 }
                        guard before[e] - origin <= limit else { break }
                        lastFit = b
                        k += 1
                        if b >= end { break }
                    }
                    return lastFit
                }
            }
        }
    }

    /// Widths within this of the limit still fit (absorbs float noise in summed advances).
    static let tolerance = 1e-6

    /// ``visibleWidth(_:)`` with the kerning across the line's end left in: what the greedy pass
    /// compares, since that kerning is only looked up at the break it chose.
    @inline(__always)
    func advanceWidth(_ range: Range<Int>) -> Double {
        measure(range.lowerBound, trimmedEnd(range))
    }

    /// Advance of `range` without its trailing spaces (they hang past the line's end), tabs measured
    /// from the range's start, and without the kerning between its last glyph and the next line's first.
    func visibleWidth(_ range: Range<Int>) -> Double {
        let end = trimmedEnd(range)
        return measure(range.lowerBound, end) - kerning(before: end)
    }

    /// Advance from `start` to `end` as one line: tabs reach the next tab stop counted from `start`.
    @inline(__always)
    func measure(_ start: Int, _ end: Int) -> Double {
        guard !tabs.isEmpty, end > start else { return advanceBefore[end] - advanceBefore[start] }
        return measureWithTabs(start, end)
    }

    /// ``measure(_:_:)`` of text with tabs (out of line: most text has none).
    @inline(never)
    private func measureWithTabs(_ start: Int, _ end: Int) -> Double {
        var lo = 0, hi = tabs.count
        while lo < hi {
            let mid = (lo + hi) / 2
            if tabs[mid] < start { lo = mid + 1 } else { hi = mid }
        }
        var x = 0.0, from = start
        while lo < tabs.count && tabs[lo] < end {
            let t = tabs[lo]
            x += advanceBefore[t] - advanceBefore[from]
            x += shaped.tabAdvance(at: x)
            from = t + 1
            lo += 1
        }
        return x + advanceBefore[end] - advanceBefore[from]
    }

    /// The kerning (or other pair adjustment) HarfBuzz put between the glyph ending at `end` and the one
    /// after it, when a line ends there: it belongs to neither line. Only a break inside one run, not
    /// after a space (a space's own advance already hangs), can carry one. HarfBuzz puts a pair's
    /// adjustment on the logically first glyph's advance (in a right-to-left run also on its x offset,
    /// the way fonts such as Noto Sans Hebrew kern), so it is that advance less the glyph's own (hmtx)
    /// advance. In a left-to-right run that glyph is the last one before the first glyph of a cluster at
    /// or after `end`; in a right-to-left run the glyph order is reversed, so the cluster before `end`
    /// comes just after the last glyph of a cluster at or after `end`, and its glyphs that advance (the
    /// base, not its marks) carry it (``LineFragment/penOffset`` then draws the line's visually first
    /// glyph where the line's text alone would put it). CJK ideographs are full-width and shaped one by one in the word cache: no pair
    /// adjustment reaches across them, and they are most breaks of CJK text.
    func kerning(before end: Int) -> Double {
        // Before a hanging space the pair is the last glyph and that space, inside the line (most lines end so).
        guard end > 0, end < text.count, !LineWrapper.hangs(text[end - 1]), !LineWrapper.hangs(text[end]),
              !LineWrapper.endsParagraph(text[end]), graphemeStarts[end],
              !Typesetter.isWordOfItsOwn(text[end - 1]), !Typesetter.isWordOfItsOwn(text[end]) else { return 0 }
        let runs = shaped.runs
        var lo = 0, hi = runs.count
        while lo < hi {
            let mid = (lo + hi) / 2
            if runs[mid].range.upperBound <= end - 1 { lo = mid + 1 } else { hi = mid }
        }
        guard lo < runs.count else { return 0 }
        let run = runs[lo]
        guard run.range.contains(end - 1), run.range.contains(end), !run.isTab,
              let face = shaped.face(of: run), !run.glyphRange.isEmpty else { return 0 }
        let glyphs = shaped.glyphs
        let rtl = run.isRightToLeft
        // The first glyph of the run's tail past the break's side: clusters ascend in a left-to-right
        // run (the tail is at or after `end`) and descend in a right-to-left one (the tail is before it).
        let a = shaped.glyphIndex(in: run, at: end)
        guard a > run.glyphRange.lowerBound, a < run.glyphRange.upperBound else { return 0 }
        guard rtl else {
            let glyph = glyphs[a - 1]  // the last glyph of the cluster ending at `end`
            guard glyph.advance != 0 else { return 0 }
            return Double(glyph.advance) - face.advance(glyph: glyph.id, size: run.fontSize)
        }
        // The cluster ending at `end` starts at `a`; its glyphs that advance (the base, not its marks).
        let cluster = glyphs[a].cluster
        var adjustment = 0.0
        var k = a
        while k < run.glyphRange.upperBound && glyphs[k].cluster == cluster {
            let glyph = glyphs[k]
            if glyph.advance != 0 { adjustment += Double(glyph.advance) - face.advance(glyph: glyph.id, size: run.fontSize) }
            k += 1
        }
        return adjustment
    }

    func trimmedEnd(_ range: Range<Int>) -> Int {
        var e = range.upperBound
        while e > range.lowerBound && LineWrapper.hangs(text[e - 1]) { e -= 1 }
        return e
    }

    /// UAX #14's mandatory breaks (`Typesetter.paragraph`'s): no glyph follows one on its line.
    @inline(__always)
    static func endsParagraph(_ u: UInt16) -> Bool {
        u == 0x0A || u == 0x0D || u == 0x0B || u == 0x0C || u == 0x85 || u == 0x2028 || u == 0x2029
    }

    /// Whether `u` is a space that hangs past a line's end: U+0020, tab, U+1680, U+2000–U+200A but
    /// U+2007 (figure space, no break), U+205F, U+3000. Letters, digits and ideographs, nearly every unit
    /// asked about, leave at the first or second comparison.
    @inline(__always)
    package static func hangs(_ u: UInt16) -> Bool {
        if u <= 0x20 { return u == 0x20 || u == 0x09 }
        if u < 0x1680 { return false }
        if u >= 0x3000 { return u == 0x3000 }
        return u == 0x1680 || (u >= 0x2000 && u <= 0x200A && u != 0x2007) || u == 0x205F
    }

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
                // Past the width no separator can fit: stop, so a URL without one costs a line, not the rest of it.
                if advanceBefore[i] - advanceBefore[word.lowerBound] > available + fitSlack { break }
                let u = text[i]
                if (u == 0x2F || u == 0x3F || u == 0x26 || u == 0x3D || u == 0x2D) && i + 1 > word.lowerBound {
                    if visibleWidth(word.lowerBound..<(i + 1)) <= available + fitSlack { best = i + 1 } else { break }
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
                if visibleWidth(word.lowerBound..<g) > available + fitSlack { break }
                fit = g
            }
            g += 1
        }
        if fit > word.lowerBound { return fit }
        // Not even one grapheme fits: take one anyway, so every line makes progress, and the spaces
        // after it, which hang like any trailing space rather than lead the next line.
        var one = word.lowerBound + 1
        while one < word.upperBound && !graphemeStarts[one] { one += 1 }
        while one < word.upperBound && LineWrapper.hangs(text[one]) { one += 1 }
        return one
    }
}
