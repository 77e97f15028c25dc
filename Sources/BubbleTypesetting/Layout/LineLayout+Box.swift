extension LineLayout {
    /// `span` (line space, px) with what a line that fit by the slack puts past the box's edges cut off:
    /// under `lineMetrics: web` a line may end up to 1/64 px past the width (``LineMetrics/fitSlack``)
    /// while the box is the width, and reported rects stay inside the box. Anything farther out (a
    /// grapheme wider than the line widens the box itself) is left as it is.
    func withinBox(_ span: ClosedRange<Double>) -> ClosedRange<Double> {
        let slack = constraints.lineMetrics.fitSlack
        let lo = span.lowerBound < 0 && span.lowerBound >= -slack ? 0 : span.lowerBound
        let hi = span.upperBound > width && span.upperBound <= width + slack ? width : span.upperBound
        return lo...max(lo, hi)
    }
}
