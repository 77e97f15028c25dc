package import BubbleFonts

/// One glyph of a line where it is drawn.
package struct PlacedGlyph {
    /// Index into the glyphs it came from: ``ShapedText/glyphs``, or the token's for a token fragment.
    package var index: Int
    package var glyph: Glyph
    /// Pen position, px from the origin asked for (the text box's left by default): where the glyph's
    /// advance starts, its own offset not added.
    package var x: Double
    /// Its advance as reported, px from the text box's left: ordered and cut to the box
    /// (``LineLayout/reportedSpan(x:width:)``).
    package var span: ClosedRange<Double>

    package var advance: Double { Double(glyph.advance) }
    /// The mapped text offset (UTF-16) of its cluster.
    package var cluster: Int { Int(glyph.cluster) }
}

/// The glyphs of one fragment in visual order, each placed; a sequence, so nothing is allocated.
package struct PlacedGlyphs: Sequence, IteratorProtocol {
    private let glyphs: GlyphBuffer
    private var k: Int
    private let end: Int
    private var x: Double
    private let origin: Double
    private let cut: BoxCut

    init(_ glyphs: GlyphBuffer, _ range: Range<Int>, x: Double, origin: Double, cut: BoxCut) {
        self.glyphs = glyphs
        k = range.lowerBound
        end = range.upperBound
        self.x = x
        self.origin = origin
        self.cut = cut
    }

    package mutating func next() -> PlacedGlyph? {
        guard k < end else { return nil }
        let g = glyphs[k]
        let advance = Double(g.advance)
        defer { k += 1; x += advance }
        return PlacedGlyph(index: k, glyph: g, x: x, span: cut.span(x: x - origin, width: advance))
    }
}

/// What a span is cut to: the box's width and the slack a line may reach past it.
struct BoxCut {
    let width: Double
    let slack: Double

    /// `x` to `x + width` as a closed range whatever the sign of `width` (a font may give negative
    /// advances; non-finite values collapse to `x`), with what a line that fit by the slack puts past
    /// the box's edges cut off: under `lineMetrics: web` a line may end up to 1/64 px past the width
    /// (``LineMetrics/fitSlack``) while the box is the width, and reported rects stay inside the box.
    /// Anything farther out (a grapheme wider than the line widens the box itself) is left as it is.
    func span(x: Double, width w: Double) -> ClosedRange<Double> {
        guard w.isFinite, x.isFinite else { let p = x.isFinite ? x : 0; return p...p }
        var lo = min(x, x + w), hi = max(x, x + w)
        if lo < 0 && lo >= -slack { lo = 0 }
        if hi > width && hi <= width + slack { hi = width }
        return lo...max(lo, hi)
    }
}

/// The positioned view of a laid-out line: where each glyph, box and token is drawn and what span it
/// covers in a report. SVG, the link, highlight and emoji rects, touch targets and the hit test read
/// lines through it, so a fragment's ``LineFragment/penOffset`` is added in one place
/// (``glyphs(of:)``), the box cut applied in one place (``reportedSpan(x:width:)``), and a glyph's
/// grapheme found in one place (``grapheme(of:in:)``).
extension LineLayout {
    /// The glyphs of a glyph or token fragment where they are drawn, left to right; none for a box.
    /// - Parameter originX: where the text box's left edge is in the caller's space (the bubble's left
    ///   padding for a renderer), added to every ``PlacedGlyph/x``.
    package func glyphs(of fragment: LineFragment, originX: Double = 0) -> PlacedGlyphs {
        let x = originX + fragment.x + fragment.penOffset
        switch fragment.kind {
        case let .glyphs(_, range): return PlacedGlyphs(shaped.glyphs, range, x: x, origin: originX, cut: boxCut)
        case let .token(_, range): return PlacedGlyphs(shaped.token.glyphs, range, x: x, origin: originX, cut: boxCut)
        case .placeholder: return PlacedGlyphs(shaped.glyphs, 0..<0, x: x, origin: originX, cut: boxCut)
        }
    }

    /// `x` to `x + width` (line space, px) as a report gives it: ordered, and inside the box where a line
    /// fit by the slack.
    package func reportedSpan(x: Double, width: Double) -> ClosedRange<Double> {
        boxCut.span(x: x, width: width)
    }

    /// The grapheme holding mapped offset `offset` (a glyph's cluster), within `fragment`'s text.
    package func grapheme(of offset: Int, in fragment: LineFragment) -> Range<Int> {
        let starts = shaped.graphemeStarts
        var start = offset
        while start > fragment.range.lowerBound && !starts[start] { start -= 1 }
        var end = start + 1
        while end < fragment.range.upperBound && !starts[end] { end += 1 }
        return start..<end
    }

    private var boxCut: BoxCut { BoxCut(width: width, slack: constraints.lineMetrics.fitSlack) }
}
