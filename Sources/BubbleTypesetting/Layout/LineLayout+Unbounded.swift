extension LineLayout {
    /// For lines laid out with no width limit (`maxWidth` infinite): the least text width, px, from which
    /// they are the layout at every width, or nil when some finite width could still change them. A
    /// prepared message answers every width from there up with these lines and their report, without
    /// breaking or placing again (most chat messages are one line on any phone).
    ///
    /// With no limit, each paragraph shown is one line. At a text width at least as wide as the widest
    /// of them and every image, greedy breaking keeps each paragraph whole, no image is fitted, and lines
    /// are placed and aligned in the shrink-wrapped width, never the maximum: the lines, fragments, size
    /// and report are the same at every such width. Nil when
    /// - `maxLines` cuts the text even so (where the cut falls depends on the width);
    /// - a status slot is asked for (it goes inline or below by the room left on the last line);
    /// - `balance` narrows more than one line (its search starts from the width);
    /// - a paragraph is more than one line even so.
    ///
    /// The least width is checked, not assumed: the lines are broken once at it and must be these (a glyph
    /// with a negative advance could make a prefix of a paragraph wider than the whole). Every wider width
    /// breaks alike then, since the greedy breaker ends a line early only at a prefix wider than the line.
    /// The check breaks with `context` (this text's ``BreakingContext``, under these constraints but for
    /// the width) and compares where the lines fall: nothing is placed.
    package func unboundedFrom(_ context: BreakingContext) -> Double? {
        guard constraints.maxWidth == .infinity, constraints.statusSlot == nil, !truncated,
              !(constraints.balance && lines.count > 1),
              lines.allSatisfy({ $0.range == shaped.paragraphs[$0.paragraph].range }) else { return nil }
        var from = width
        for p in shaped.placeholders where p.isImage { from = max(from, p.width) }
        guard from.isFinite else { return nil }
        var at = constraints
        at.maxWidth = from
        let check = shaped.lineRanges(at, context)
        guard !check.truncated, check.ranges.count == lines.count,
              zip(check.ranges, lines).allSatisfy({ $0.range == $1.range && $0.end == $1.end }) else { return nil }
        return from
    }
}
