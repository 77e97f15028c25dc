extension ShapedText {
    /// The narrowest layout with as many lines as `layout`: a binary search on the width, so the
    /// last line is not left with one lonely word (CSS `text-wrap: balance`). Called by ``layOut(_:)`` on
    /// the text with its images fitted.
    func balanced(_ layout: LineLayout) -> LineLayout {
        guard layout.lines.count > 1, !layout.truncated else { return layout }
        var lo = 0.0, hi = layout.constraints.maxWidth
        var best = layout
        for _ in 0..<12 where hi - lo > 0.5 {
            var c = layout.constraints
            c.maxWidth = (lo + hi) / 2
            let trial = breakLines(c)
            if trial.lines.count == layout.lines.count && trial.truncated == layout.truncated
                && trial.status?.inline == layout.status?.inline {
                best = trial
                hi = c.maxWidth
            } else {
                lo = c.maxWidth
            }
        }
        return best
    }
}
