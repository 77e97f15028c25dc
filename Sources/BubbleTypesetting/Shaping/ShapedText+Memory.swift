package import BubbleMapping

extension ShapedText {
    /// The heap bytes this shaped text holds, estimated from its arrays' capacities and the mapped text
    /// it keeps (see `MemoryEstimate`): what the server's shaped-message cache charges it. The faces are
    /// shared by every message and not counted; the truncation token is counted, though the word cache
    /// shares it.
    package var estimatedBytes: Int {
        let c = content
        var total = 2 * MemoryLayout<Int>.stride + MemoryLayout<Content>.stride  // the box: object header and fields
        total += MemoryEstimate.array(c.paragraphs) + MemoryEstimate.array(c.runs) + MemoryEstimate.array(c.glyphs.glyphs)
            + MemoryEstimate.array(c.styles) + MemoryEstimate.array(c.placeholders) + MemoryEstimate.array(c.advanceBefore)
            + MemoryEstimate.array(c.graphemeStarts) + MemoryEstimate.array(c.breaks) + MemoryEstimate.array(c.faces)
            + MemoryEstimate.array(c.styleFaces) + MemoryEstimate.array(c.tabs) + MemoryEstimate.array(c.hiddenMarks)
            + MemoryEstimate.array(c.inkOfTallGlyphs)
        total += MemoryEstimate.array(c.token.text) + MemoryEstimate.array(c.token.runs) + MemoryEstimate.array(c.token.faces)
            + MemoryEstimate.array(c.token.glyphs.glyphs)
        return total + c.mapped.estimatedBytes
    }
}
