import BubbleFonts
import BubbleUnicode

extension ShapedText {
    /// One line as breaking finds it: its text, where the next line starts (past a paragraph's break), its
    /// paragraph, whether the truncation token ends it, and its indent (first line, blockquote), px.
    typealias LineRange = (range: Range<Int>, end: Int, paragraph: Int, truncated: Bool, indent: Double)

    /// The shaped text laid out at `constraints`, without shaping again: images wider than the line fitted
    /// to it, lines broken, and with ``LayoutConstraints/balance`` the narrowest width that keeps the line
    /// count. Every path that reports a layout (one width, many widths, a long message's prefix) calls this
    /// one function, so they give one answer.
    public func layOut(_ constraints: LayoutConstraints) -> LineLayout {
        // Most texts have no image to fit: laid out as they are, not through a copy of themselves.
        guard constraints.maxWidth > 0, hasImage(wider: constraints.maxWidth) else { return layOutAsIs(constraints) }
        return fittingImages(to: constraints.maxWidth).layOutAsIs(constraints)
    }

    /// ``layOut(_:)`` with the images as they are.
    private func layOutAsIs(_ constraints: LayoutConstraints) -> LineLayout {
        let lines = breakLines(constraints)
        return constraints.balance ? balanced(lines) : lines
    }

    /// Breaks the text into lines at `constraints` as it is (images unfitted, no balancing).
    func breakLines(_ constraints: LayoutConstraints) -> LineLayout {
        breakLines(constraints, BreakingContext(self, constraints))
    }

    /// ``breakLines(_:)`` with what it needs that no width changes made before (a prepared message's,
    /// ``BreakingContext``): `context` must be this text's under constraints that differ from
    /// `constraints` at most in `maxWidth`.
    @inline(__always)
    func breakLines(_ constraints: LayoutConstraints, _ context: BreakingContext) -> LineLayout {
        var layout = LineLayout(shaped: self, constraints: constraints)
        let broken = lineRanges(constraints, context)
        layout.truncated = broken.truncated
        layout.visibleEnd = broken.visibleEnd
        place(broken.ranges, into: &layout, wrapper: context.wrapper, advanceSums: context.advanceSums)
        return layout
    }

    /// Where the lines of ``breakLines(_:_:)`` start and end, and where the text shown ends, without
    /// placing them: what ``LineLayout/unboundedFrom(_:)`` compares.
    @inline(__always)
    func lineRanges(_ constraints: LayoutConstraints, _ context: BreakingContext)
        -> (ranges: [LineRange], truncated: Bool, visibleEnd: Int) {
        let wrapper = context.wrapper
        let maxWidth = max(constraints.maxWidth, 0)
        var ranges: [LineRange] = []
        ranges.reserveCapacity(constraints.maxLines > 0 ? min(constraints.maxLines, 8) : 4)
        var truncated = false
        var visibleEnd = count
        let lastParagraph = context.lastParagraph
        let quoted = context.quoted
        let quoteIndent = BlockQuote.indent(fontSize: style.fontSize)

        for (p, paragraph) in paragraphs.enumerated() where !truncated && p <= lastParagraph {
            var start = paragraph.range.lowerBound
            var cursor = wrapper.paragraphBreaks(p).lowerBound
            repeat {
                let indent = (start == paragraph.range.lowerBound ? constraints.firstLineIndent : 0)
                    + (quoted?[p] == true ? quoteIndent : 0)
                let available = maxWidth - indent
                let isLastAllowed = constraints.maxLines > 0 && ranges.count + 1 == constraints.maxLines
                var end = paragraph.range.isEmpty ? start : wrapper.lineEnd(from: start, paragraph: p, range: paragraph.range, available: available, cursor: &cursor)
                let moreFollows = end < paragraph.range.upperBound || p < lastParagraph
                if isLastAllowed && moreFollows {
                    end = truncationCut(from: start, paragraph: paragraph, available: available - statusReserve(constraints),
                                        wrapper: wrapper)
                    ranges.append((start..<end, end, p, true, indent))
                    truncated = true
                    visibleEnd = end
                    break
                }
                let next = end >= paragraph.range.upperBound ? paragraph.end : end
                ranges.append((start..<end, next, p, false, indent))
                start = end
            } while start < paragraph.range.upperBound
        }
        return (ranges, truncated, visibleEnd)
    }

    /// The last paragraph holding more than white space, or 0: line feeds and spaces that end the
    /// message add no line (a browser draws `a\n` as one line).
    func lastParagraphWithContent() -> Int {
        let text = mapped.text
        var e = text.count
        while e > 0 {
            let u = text[e - 1]
            guard LineWrapper.hangs(u) || u == 0x0A || u == 0x0D || u == 0x0B || u == 0x0C || u == 0x85
                    || u == 0x2028 || u == 0x2029 else { break }
            e -= 1
        }
        guard e < text.count else { return paragraphs.count - 1 }
        var p = paragraphs.count - 1
        while p > 0 && paragraphs[p].range.lowerBound >= e { p -= 1 }
        return p
    }

    /// End of a truncated last line: as much of the rest of the paragraph as fits beside the token,
    /// cut at a grapheme boundary (a placeholder is one grapheme), trailing spaces dropped.
    private func truncationCut(from start: Int, paragraph: ShapedParagraph, available: Double, wrapper: LineWrapper) -> Int {
        let target = available - token.width
        var fit = start
        var g = start + 1
        while g <= paragraph.range.upperBound {
            if graphemeStarts[g] {
                if wrapper.advanceWidth(start..<g) > target + wrapper.fitSlack { break }
                fit = g
            }
            g += 1
        }
        return wrapper.trimmedEnd(start..<fit)
    }

    /// Builds fragments in visual order and places every line vertically and horizontally.
    private func place(_ ranges: [LineRange],
                       into layout: inout LineLayout, wrapper: LineWrapper, advanceSums: [Double]) {
        let c = layout.constraints
        var y = 0.0
        var widest = 0.0
        let web = c.lineMetrics == .web
        let flutter = c.lineMetrics == .flutter
        var flutterGaps: [(face: ObjectIdentifier, size: Double, gap: Double)] = []
        var webMemo: [(face: ObjectIdentifier, size: Double, extent: VerticalExtent)] = []
        let strut = web ? webTextExtent(primaryFace, size: style.fontSize, memo: &webMemo) : VerticalExtent(ascent: 0, descent: 0)
        if web && !placeholders.isEmpty { layout.webBoxAscents = placeholders.map(\.ascent) }
        layout.lines.reserveCapacity(ranges.count)
        layout.fragments.reserveCapacity(runs.count + 2 * ranges.count)
        for (i, entry) in ranges.enumerated() {
            let paragraph = paragraphs[entry.paragraph]
            let visibleEnd = wrapper.trimmedEnd(entry.range)
            let fragmentStart = layout.fragments.count
            var ascent = 0.0, descent = 0.0
            var inkAbove = 0.0, inkBelow = 0.0
            var logicalX = 0.0  // where each tab starts, from the line's start
            if web {  // the block's primary font is a strut on every line
                ascent = strut.ascent
                descent = strut.descent
            }
            // Runs overlapping the visible part of the line, in logical order.
            var r = firstRun(in: paragraph, atOrAfter: entry.range.lowerBound)
            while r < paragraph.runs.upperBound && runs[r].range.lowerBound < max(visibleEnd, entry.range.lowerBound + 1) {
                let run = runs[r]
                let lo = max(run.range.lowerBound, entry.range.lowerBound), hi = min(run.range.upperBound, visibleEnd)
                if lo < hi || (run.range.lowerBound >= entry.range.lowerBound && entry.range.isEmpty) {
                    if web {
                        let e = webExtent(of: run, faces: faces, memo: &webMemo)
                        ascent = max(ascent, e.ascent)
                        descent = max(descent, e.descent)
                        if let p = run.placeholder { layout.webBoxAscents[p] = webBox(of: run).ascent }
                    } else if flutter {
                        let e = flutterExtent(of: run, gaps: &flutterGaps)
                        ascent = max(ascent, e.ascent)
                        descent = max(descent, e.descent)
                    } else {
                        ascent = max(ascent, run.ascent)
                        descent = max(descent, run.descent)
                    }
                }
                if lo < hi {
                    if let p = run.placeholder {
                        layout.fragments.append(LineFragment(kind: .placeholder(index: p), range: lo..<hi, x: 0, width: placeholders[p].width, level: run.level))
                        logicalX += placeholders[p].width
                    } else if run.isTab {
                        var w = 0.0
                        for _ in lo..<hi { w += tabAdvance(at: logicalX + w) }
                        layout.fragments.append(LineFragment(kind: .glyphs(run: r, glyphs: run.glyphRange), range: lo..<hi, x: 0, width: w, level: run.level))
                        logicalX += w
                    } else {
                        let g = glyphs(of: run, in: lo..<hi)
                        var w = advanceSums.isEmpty ? glyphs.advanceSum(g)
                            : advanceSums[g.upperBound] - advanceSums[g.lowerBound]
                        var pen = 0.0
                        if hi == visibleEnd && hi < paragraph.range.upperBound && !entry.truncated {
                            let kerning = wrapper.kerning(before: hi)
                            w -= kerning
                            if run.isRightToLeft { pen = -kerning }
                        }
                        layout.fragments.append(LineFragment(kind: .glyphs(run: r, glyphs: g), range: lo..<hi, x: 0, width: w, level: run.level,
                                                             penOffset: pen))
                        // Added from the local, not read back from the fragment just appended: that read
                        // waited on the append's stores, the costliest instruction of a re-layout.
                        logicalX += w
                        if run.inkAscent > run.ascent || run.inkDescent > run.descent {
                            let ink = inkExtent(of: run, glyphs: g)
                            inkAbove = max(inkAbove, ink.above)
                            inkBelow = max(inkBelow, ink.below)
                        }
                    }
                }
                r += 1
            }
            if entry.truncated {
                appendToken(at: entry.range.upperBound, level: paragraph.baseLevel, web: web, into: &layout,
                            ascent: &ascent, descent: &descent, memo: &webMemo)
            }
            if ascent == 0 && descent == 0 {
                let size = styles.count > 1 ? (runs.first.flatMap { styles[$0.style].fontSize } ?? style.fontSize) : style.fontSize
                let m = size == style.fontSize ? primaryMetrics : primaryFace.metrics(size: size)
                ascent = m.ascent
                descent = m.descent
            }
            // Visual order (UAX #9 L2) and x positions.
            ShapedText.reorder(&layout.fragments, fragmentStart..<layout.fragments.count)
            var x = 0.0
            for f in fragmentStart..<layout.fragments.count {
                layout.fragments[f].x = x
                x += layout.fragments[f].width
            }
            var height = ascent + descent
            var baselineOffset = ascent
            if flutter {
                (height, baselineOffset) = flutterBox(ascent: ascent, descent: descent, lineHeight: c.lineHeight)
            } else if let lh = c.lineHeight {
                let fixed: Double
                switch lh {
                case .multiple(let m): fixed = m * style.fontSize
                case .pixels(let px): fixed = px
                }
                baselineOffset = (fixed - height) / 2 + ascent
                height = fixed
            }
            // Ink that would leave the line box by more than the allowance (stacked marks, tall glyphs)
            // grows it: what is drawn stays inside the size reported.
            inkAbove -= c.inkAllowanceAbove
            inkBelow -= c.inkAllowanceBelow
            if flutter {  // SkParagraph's line box holds its ink or not; it never grows
                inkAbove = 0
                inkBelow = 0
            }
            if inkAbove > baselineOffset {
                height += inkAbove - baselineOffset
                baselineOffset = inkAbove
            }
            if inkBelow > height - baselineOffset { height = baselineOffset + inkBelow }
            if i > 0 {
                y += c.lineSpacing
                if entry.paragraph != ranges[i - 1].paragraph { y += c.paragraphSpacing }
            }
            let line = Line(range: entry.range, end: entry.end, fragments: fragmentStart..<layout.fragments.count,
                            paragraph: entry.paragraph, top: y, baseline: y + baselineOffset, height: height,
                            ascent: ascent, descent: descent, width: x, x: entry.indent, isTruncated: entry.truncated)
            y += height
            // A line that fits by the slack alone reaches past the width by less than it: the box is
            // the width, as a browser's is (the overflow draws no visible ink).
            let extent = x + entry.indent, limit = max(c.maxWidth, 0)
            widest = max(widest, extent > limit && extent <= limit + wrapper.fitSlack ? limit : extent)
            layout.lines.append(line)
        }
        layout.width = widest
        layout.height = y
        if let slot = c.statusSlot { placeStatus(slot, in: &layout) }
        align(&layout)
        paginate(&layout)
    }

    /// The truncation token's fragments at the end of a cut line, and its extent in the line's.
    @inline(never)  // one line of a few messages
    private func appendToken(at offset: Int, level: UInt8, web: Bool, into layout: inout LineLayout,
                             ascent: inout Double, descent: inout Double,
                             memo: inout [(face: ObjectIdentifier, size: Double, extent: VerticalExtent)]) {
        for (k, run) in token.runs.enumerated() {
            layout.fragments.append(LineFragment(kind: .token(run: k, glyphs: run.glyphRange), range: offset..<offset,
                                                 x: 0, width: tokenWidth(run), level: level))
        }
        if web {
            for run in token.runs {
                let e = webExtent(of: run, faces: token.faces, memo: &memo)
                ascent = max(ascent, e.ascent)
                descent = max(descent, e.descent)
            }
        } else {
            ascent = max(ascent, token.ascent)
            descent = max(descent, token.descent)
        }
    }

    /// How far the ink of `glyphs` of `run` reaches above and below the baseline, px.
    func inkExtent(of run: ShapedRun, glyphs range: Range<Int>) -> (above: Double, below: Double) {
        if range == run.glyphRange { return (run.inkAscent, run.inkDescent) }
        let tall = inkOfTallGlyphs
        var lo = 0, hi = tall.count
        while lo < hi {
            let mid = (lo + hi) / 2
            if Int(tall[mid].glyph) < range.lowerBound { lo = mid + 1 } else { hi = mid }
        }
        var above = 0.0, below = 0.0
        while lo < tall.count && Int(tall[lo].glyph) < range.upperBound {
            above = max(above, Double(tall[lo].above))
            below = max(below, Double(tall[lo].below))
            lo += 1
        }
        return (above, below)
    }

    /// A run's extent under ``LineMetrics/web``: a text run's face rounded as Blink rounds it, an inline
    /// box by `vertical-align`; either in a span of another size or family also holds the span's primary
    /// font at the run's size (its strut: `bubble html` puts both in such a span).
    @inline(never)  // web metrics only: out of the exact profile's line loop
    private func webExtent(of run: ShapedRun, faces: [FontFace],
                           memo: inout [(face: ObjectIdentifier, size: Double, extent: VerticalExtent)]) -> VerticalExtent {
        var e: VerticalExtent
        if run.placeholder != nil {
            e = webBox(of: run)
        } else if run.faceIndex >= 0 {
            e = webTextExtent(faces[Int(run.faceIndex)], size: run.fontSize, memo: &memo)
        } else {
            return VerticalExtent(ascent: run.ascent, descent: run.descent)
        }
        let strut = strutFace(ofStyle: Int(run.style))
        if run.fontSize != style.fontSize || strut !== primaryFace {
            let s = webTextExtent(strut, size: run.fontSize, memo: &memo)
            e = VerticalExtent(ascent: max(e.ascent, s.ascent), descent: max(e.descent, s.descent))
        }
        return e
    }

    /// A placeholder run's box under ``LineMetrics/web``: its explicit ascent and descent, or
    /// `vertical-align` against its span's primary font (the run's size and family).
    private func webBox(of run: ShapedRun) -> VerticalExtent {
        let resolved = placeholders[run.placeholder!]
        let box = resolved.placeholder
        if box.ascent != nil || box.descent != nil { return VerticalExtent(ascent: resolved.ascent, descent: resolved.descent) }
        let face = strutFace(ofStyle: Int(run.style))
        let parent = run.fontSize == style.fontSize && face === primaryFace ? primaryMetrics : face.metrics(size: run.fontSize)
        return WebLineMetrics.box(height: resolved.ascent + resolved.descent, alignment: box.alignment ?? style.emojiAlign,
                                  parentAscent: parent.ascent, parentDescent: parent.descent, parentXHeight: parent.webXHeight)
    }

    /// A run's extent under ``LineMetrics/flutter``: its ascent and descent with half its face's line gap
    /// on each side (a placeholder's box as it is).
    @inline(never)  // flutter metrics only: out of the exact profile's line loop
    private func flutterExtent(of run: ShapedRun, gaps: inout [(face: ObjectIdentifier, size: Double, gap: Double)]) -> VerticalExtent {
        guard run.placeholder == nil, run.faceIndex >= 0 else { return VerticalExtent(ascent: run.ascent, descent: run.descent) }
        let face = faces[Int(run.faceIndex)]
        let id = ObjectIdentifier(face)
        let gap: Double
        if let known = gaps.first(where: { $0.face == id && $0.size == run.fontSize }) {
            gap = known.gap
        } else {
            gap = (face === primaryFace && run.fontSize == style.fontSize ? primaryMetrics : face.metrics(size: run.fontSize)).lineGap
            gaps.append((id, run.fontSize, gap))
        }
        return FlutterLineMetrics.text(ascent: run.ascent, descent: run.descent, lineGap: gap)
    }

    /// A line's height and baseline under ``LineMetrics/flutter``: its extent (scaled to `lineHeight`
    /// as `TextStyle.height` scales it, proportionally), rounded to a whole px; the baseline unrounded.
    private func flutterBox(ascent: Double, descent: Double, lineHeight: LineHeight?) -> (height: Double, baseline: Double) {
        var e = VerticalExtent(ascent: ascent, descent: descent)
        switch lineHeight {
        case .multiple(let m): e = FlutterLineMetrics.scaled(e, multiple: m, size: style.fontSize)
        case .pixels(let px): e = FlutterLineMetrics.scaled(e, multiple: px / style.fontSize, size: style.fontSize)
        case nil: break
        }
        return (FlutterLineMetrics.height(ascent: e.ascent, descent: e.descent), e.ascent)
    }

    private func webTextExtent(_ face: FontFace, size: Double,
                               memo: inout [(face: ObjectIdentifier, size: Double, extent: VerticalExtent)]) -> VerticalExtent {
        let id = ObjectIdentifier(face)
        for m in memo where m.face == id && m.size == size { return m.extent }
        let m = face === primaryFace && size == style.fontSize ? primaryMetrics : face.metrics(size: size)
        let e = WebLineMetrics.text(ascent: m.ascent, descent: m.descent, lineGap: m.lineGap)
        memo.append((id, size, e))
        return e
    }

    /// Puts a line's fragments, given in logical order, in visual order (UAX #9 L2). A line of one
    /// level needs no reordering table: left to right it stays, right to left it is reversed.
    static func reorder(_ fragments: inout [LineFragment], _ line: Range<Int>) {
        guard line.count > 1 else { return }
        let first = fragments[line.lowerBound].level
        if !fragments[line].contains(where: { $0.level != first }) {
            if first & 1 == 1 { fragments[line].reverse() }
            return
        }
        let order = BidiResolver.visualOrder(levels: fragments[line].map(\.level))
        let logical = Array(fragments[line])
        for (k, from) in order.enumerated() { fragments[line.lowerBound + k] = logical[from] }
    }

    private func tokenWidth(_ run: ShapedRun) -> Double {
        var w = 0.0
        for k in run.glyphRange { w += Double(token.glyphs[k].advance) }
        return w
    }

    /// Index of the first run of `paragraph` ending after `offset`.
    private func firstRun(in paragraph: ShapedParagraph, atOrAfter offset: Int) -> Int {
        var lo = paragraph.runs.lowerBound, hi = paragraph.runs.upperBound
        while lo < hi {
            let mid = (lo + hi) / 2
            if runs[mid].range.upperBound <= offset { lo = mid + 1 } else { hi = mid }
        }
        return lo
    }

    /// The glyphs of `run` whose clusters fall in `range` (contiguous: clusters are monotone, ascending
    /// left to right, descending right to left), found by binary search: a run of a whole 64 KB word
    /// broken into thousands of lines costs a logarithm per line, not the run's length.
    func glyphs(of run: ShapedRun, in range: Range<Int>) -> Range<Int> {
        if range == run.range { return run.glyphRange }
        let rtl = run.isRightToLeft
        let first = run.glyphRange.lowerBound, end = run.glyphRange.upperBound
        func boundary(_ offset: Int) -> Int { glyphIndex(in: run, at: offset) }
        // A line holds a run's start or its end far more often than neither: that side needs no search.
        let fromStart = range.lowerBound <= run.range.lowerBound, toEnd = range.upperBound >= run.range.upperBound
        let a = rtl ? (toEnd ? first : boundary(range.upperBound)) : (fromStart ? first : boundary(range.lowerBound))
        let b = rtl ? (fromStart ? end : boundary(range.lowerBound)) : (toEnd ? end : boundary(range.upperBound))
        return a < b ? a..<b : first..<first
    }

    /// The first glyph of `run` whose cluster is at or past `offset` in the run's glyph order (clusters
    /// ascend in a left-to-right run and descend in a right-to-left one): where a line starting or ending
    /// at `offset` cuts the run. Guessed first as one glyph per unit (most text), checked and walked a few
    /// glyphs, else found by bisection: a bisection's branches were the layout's costliest mispredictions.
    package func glyphIndex(in run: ShapedRun, at offset: Int) -> Int {
        let g = glyphs
        let rtl = run.isRightToLeft
        let first = run.glyphRange.lowerBound, end = run.glyphRange.upperBound
        /// Whether glyph `k` comes before `offset` (true for a prefix of the run's glyphs).
        @inline(__always) func before(_ k: Int) -> Bool {
            let c = Int(g[k].cluster)
            return rtl ? c >= offset : c < offset
        }
        let units = offset - run.range.lowerBound
        var k = min(max(rtl ? end - units : first + units, first), end)
        for _ in 0..<4 {
            if k > first && !before(k - 1) { k -= 1 } else if k < end && before(k) { k += 1 } else { return k }
        }
        var lo = first, hi = end
        while lo < hi {
            let mid = (lo + hi) / 2
            if before(mid) { lo = mid + 1 } else { hi = mid }
        }
        return lo
    }

    /// Moves each line inside the shrink-wrapped width by the paragraph's direction and the alignment.
    private func align(_ layout: inout LineLayout) {
        let c = layout.constraints
        for i in layout.lines.indices {
            let line = layout.lines[i]
            let rtl = paragraphs[line.paragraph].baseLevel & 1 == 1
            let reserved = layout.status == nil ? 0 : ShapedText.statusAdvance(layout, line: i)
            let free = layout.width - line.width - line.x - reserved
            let factor: Double
            switch c.alignment {
            case .start: factor = rtl ? 1 : 0
            case .end: factor = rtl ? 0 : 1
            case .center: factor = 0.5
            }
            // The indent sits on the paragraph's start side.
            let x = rtl ? reserved + factor * free : line.x + factor * free
            layout.lines[i].x = x
            for f in line.fragments { layout.fragments[f].x += x }
        }
    }

    /// Splits lines into pages no taller than `pageHeight` (a line taller than a page gets a page of its own).
    /// One page (no `pageHeight`, or lines that fit it) is kept as none: ``LineLayout/page(_:)`` makes it.
    private func paginate(_ layout: inout LineLayout) {
        guard let limit = layout.constraints.pageHeight else { return }
        var first = 0
        for i in layout.lines.indices {
            let bottom = layout.lines[i].top + layout.lines[i].height
            if i > first && bottom - layout.lines[first].top > limit {
                layout.splitPages.append(layout.page(lines: first..<i))
                first = i
            }
        }
        guard first > 0 else { return }
        layout.splitPages.append(layout.page(lines: first..<layout.lines.count))
    }
}
