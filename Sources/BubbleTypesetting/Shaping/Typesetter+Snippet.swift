import BubbleFonts
import BubbleMapping
import BubbleUnicode

/// A short text shaped on its own line: the truncation token.
extension Typesetter {
    /// Shapes a short text on its own line (the truncation token).
    func shapeSnippet(_ string: String, style: ParagraphStyle, _ ws: inout Workspace) -> ShapedSnippet {
        let units = Array(string.utf16)
        var inner = ShapedText.Content(mapped: MappedText(plain: string), style: ParagraphStyle(fontSize: style.fontSize, direction: style.direction,
                                truncationToken: "", language: style.language), primaryFace: fonts.faces[0],
                               primaryMetrics: ws.metrics(of: fonts.faces[0], size: style.fontSize),
                               token: .empty)
        var advances = [Double](repeating: 0, count: units.count)
        graphemeStarts(units, into: &inner.graphemeStarts)
        units.withUnsafeBufferPointer { buffer in
            _ = itemize(buffer, 0..<units.count, into: &inner, &ws)
            for r in inner.runs.indices { shapeRun(r, buffer, &inner, &advances, &ws) }
        }
        let ascent = inner.runs.map(\.ascent).max() ?? inner.primaryMetrics.ascent
        let descent = inner.runs.map(\.descent).max() ?? inner.primaryMetrics.descent
        return ShapedSnippet(text: units, runs: inner.runs, faces: inner.faces, glyphs: inner.glyphs, width: advances.reduce(0, +),
                             ascent: ascent, descent: descent)
    }
}
