public import BubbleFonts
public import BubbleMapping

/// A message shaped once, ready to be laid out at any width (Skia's `kShaped`, parley's `build()`).
///
/// Holds flat arrays linked by ranges: paragraphs → runs → glyphs, and per UTF-16 unit the advance
/// that unit carries. Nothing in it depends on the width, so a server caches it and re-wraps for free.
public struct ShapedText: Sendable {
    /// The mapped text it was shaped from.
    public let mapped: MappedText
    public let style: ParagraphStyle
    public internal(set) var paragraphs: [ShapedParagraph] = []
    public internal(set) var runs: [ShapedRun] = []
    public internal(set) var glyphs = GlyphBuffer()
    /// Distinct styles in use; index 0 is the default style.
    public internal(set) var styles: [TextStyle] = [.plain]
    /// Inline boxes with resolved metrics, in text order.
    public internal(set) var placeholders: [ResolvedPlaceholder] = []
    /// `advanceBefore[i]` is the total advance of units 0..<i (logical order), px.
    public internal(set) var advanceBefore: [Double] = [0]
    /// Whether a grapheme cluster starts at each offset 0...count (UAX #29).
    public internal(set) var graphemeStarts: [Bool] = []
    /// Line-break opportunities of all paragraphs, ascending (UTF-16 offsets).
    public internal(set) var breaks: [Int] = []
    /// The primary face (first of the chain) and its metrics at the default size: empty lines,
    /// placeholder alignment and the truncation token use them.
    public let primaryFace: FontFace
    public let primaryMetrics: FontMetrics
    /// The truncation token, shaped.
    public internal(set) var token: ShapedSnippet
    /// Graphemes no installed font covers (drawn as the primary face's .notdef).
    public internal(set) var unresolvedGlyphs = 0
    /// Every face that drew something, in first-use order.
    public internal(set) var faces: [FontFace] = []

    init(mapped: MappedText, style: ParagraphStyle, primaryFace: FontFace, token: ShapedSnippet) {
        self.mapped = mapped
        self.style = style
        self.primaryFace = primaryFace
        self.primaryMetrics = primaryFace.metrics(size: style.fontSize)
        self.token = token
    }

    /// Number of UTF-16 units in the mapped text.
    public var count: Int { mapped.text.count }

    /// Advance of units `range` in logical order, px.
    @inline(__always)
    public func width(_ range: Range<Int>) -> Double { advanceBefore[range.upperBound] - advanceBefore[range.lowerBound] }
}
