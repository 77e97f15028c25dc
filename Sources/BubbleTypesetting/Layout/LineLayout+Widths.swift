extension LineLayout {
    /// Whether laying the same shaped text out again at `maxWidth` (text width, px) gives these very
    /// lines, so a layout at another bubble width can be this one.
    ///
    /// True when nothing here depended on the width: every paragraph shown is one line (none wrapped, none
    /// cut), no image was shrunk to fit, and the widest line fits `maxWidth`. Greedy breaking then puts
    /// every paragraph on one line at `maxWidth` too, and lines are placed and aligned in the
    /// shrink-wrapped width, not the maximum. A status slot decides inline or not by the width, so a
    /// layout with one never qualifies.
    /// - Parameter original: the shaped text before images were fitted to this layout's width.
    package func holds(atMaxWidth maxWidth: Double, original: ShapedText) -> Bool {
        guard !truncated, constraints.statusSlot == nil, width <= maxWidth else { return false }
        // A web line that fit by the slack reports the width it was given, not its own: at another width
        // its box would be its own, so it is laid out again.
        guard !(constraints.lineMetrics == .web && width == constraints.maxWidth) else { return false }
        // Each line a whole paragraph (paragraphs left out, trailing breaks, are left out at any width).
        var previous = -1
        for line in lines {
            let paragraph = shaped.paragraphs[line.paragraph].range
            guard line.paragraph != previous, line.range == paragraph else { return false }
            previous = line.paragraph
        }
        let fittedTo = constraints.maxWidth
        return !original.placeholders.contains { $0.isImage && $0.width > min(fittedTo, maxWidth) }
    }
}
