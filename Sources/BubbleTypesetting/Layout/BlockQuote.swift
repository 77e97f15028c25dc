/// How a block quote (a `blockquote` entity) sits in the bubble, declared once for the layout, the
/// report and the renderers: its lines start `indent` after the text's start edge (the right edge in a
/// right-to-left paragraph), with a bar `barWidth` wide at that edge, and lose that much width.
public enum BlockQuote {
    /// The indent in em: the bar, then the gap before the text (12 px at 16 px).
    public static let indentEm = 0.75
    /// The bar's width in em (3 px at 16 px).
    public static let barEm = 0.1875

    public static func indent(fontSize: Double) -> Double { indentEm * fontSize }
    public static func barWidth(fontSize: Double) -> Double { barEm * fontSize }
}

extension ShapedText {
    /// For each paragraph, whether a block quote holds it (nil when the text has no quote).
    func quotedParagraphs() -> [Bool]? {
        let quotes = mapped.quotes
        guard !quotes.isEmpty else { return nil }
        var q = 0
        return paragraphs.map { p in
            let start = p.range.lowerBound
            while q < quotes.count && quotes[q].upperBound.utf16 <= start { q += 1 }
            return q < quotes.count && quotes[q].lowerBound.utf16 <= start && (start < quotes[q].upperBound.utf16 || p.range.isEmpty)
        }
    }
}
