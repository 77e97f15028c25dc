/// What lies under a point of the bubble.
public struct HitResult: Sendable, Equatable {
    /// The grapheme boundary nearest the point (UTF-16, mapped text).
    public var offset: Int
    /// Whether the point is on the trailing half of the grapheme before `offset` (the caret belongs
    /// to the text before), or the leading half of the one after it.
    public var affinity: Affinity
    /// Index into ``BubbleLayout/links`` of the link under the point.
    public var link: Int?
    /// Index into ``BubbleLayout/emoji`` of the emoji under the point.
    public var emoji: Int?
    /// Index into ``BubbleLayout/highlights``.
    public var highlight: Int?
    /// The line the point was resolved to.
    public var line: Int

    /// Which side of `offset` the point fell on: the grapheme after it (`leading`) or before it (`trailing`).
    public enum Affinity: String, Sendable, Equatable { case leading, trailing }
}

extension BubbleLayout {
    /// The text position and the link, emoji or highlight under a point (bubble space, px).
    ///
    /// A point between two lines goes to the nearer line; a point outside the bubble finds nothing. A link,
    /// emoji or highlight is found only where its own glyphs are: the point lies in one of its rects and the
    /// grapheme under the point (the one before `offset` for `trailing`, after it for `leading`) is in its
    /// range, so the shared edge of two neighbours goes to the grapheme the offset names. The `more` token
    /// is found by its rect.
    public func hitTest(x: Double, y: Double) -> HitResult? {
        guard x >= 0, y >= 0, x <= size.width, y <= size.height, !lineLayout.lines.isEmpty else { return nil }
        let tx = x - padding.left, ty = y - padding.top
        var best = 0
        var bestDistance = Double.infinity
        for (i, line) in lineLayout.lines.enumerated() {
            let d = ty < line.top ? line.top - ty : ty > line.top + line.height ? ty - line.top - line.height : 0
            if d < bestDistance { bestDistance = d; best = i }
        }
        let line = lineLayout.lines[best]
        let (offset, affinity) = textOffset(atX: tx, in: line)
        let inside = { (r: Rect) in r.contains(x: x, y: y) }
        let under = affinity == .leading ? offset : offset - 1
        // Touch rects, when on, instead of the glyph rects: they reach past the text, and never overlap.
        let touch = touchHit(x: x, y: y)
        let link = touch.map(\.link) ?? links.firstIndex {
            ($0.range.isEmpty || $0.range.contains(under)) && $0.rects.contains(where: inside)
        }
        let emojiIndex = touch.map(\.emoji) ?? emoji.firstIndex { $0.range.contains(under) && inside($0.rect) }
        let highlight = highlights.firstIndex { $0.range.contains(under) && $0.rects.contains(where: inside) }
        return HitResult(offset: offset, affinity: affinity, link: link, emoji: emojiIndex, highlight: highlight, line: best)
    }

    /// The grapheme boundary nearest `x` (text-box space) on `line`.
    func textOffset(atX x: Double, in line: Line) -> (Int, HitResult.Affinity) {
        let fragments = lineLayout.fragments[line.fragments]
        guard let first = fragments.first, let last = fragments.last else { return (line.range.lowerBound, .leading) }
        if x <= first.x { return edge(of: first, left: true, line: line) }
        if x >= last.x + last.width { return edge(of: last, left: false, line: line) }
        for f in fragments where x >= f.x && x <= f.x + f.width {
            switch f.kind {
            case .placeholder, .token:
                let before = x < f.x + f.width / 2
                if case .token = f.kind { return (lineLayout.visibleEnd, .trailing) }
                let rtl = f.level & 1 == 1
                return before != rtl ? (f.range.lowerBound, .leading) : (f.range.upperBound, .trailing)
            case let .glyphs(runIndex, _):
                let rtl = shaped.runs[runIndex].isRightToLeft
                for glyph in lineLayout.glyphs(of: f) where x <= glyph.x + glyph.advance {
                    let grapheme = lineLayout.grapheme(of: glyph.cluster, in: f)
                    let leftHalf = x < glyph.x + glyph.advance / 2
                    return leftHalf != rtl ? (grapheme.lowerBound, .leading) : (grapheme.upperBound, .trailing)
                }
            }
        }
        return (line.range.upperBound, .trailing)
    }

    private func edge(of f: LineFragment, left: Bool, line: Line) -> (Int, HitResult.Affinity) {
        let rtl = f.level & 1 == 1
        return left != rtl ? (f.range.lowerBound, .leading) : (f.range.upperBound, .trailing)
    }
}
