package import BubbleFonts
public import BubbleMapping

/// A message shaped once, ready to be laid out at any width (Skia's `kShaped`, parley's `build()`).
///
/// Holds flat arrays linked by ranges: paragraphs → runs → glyphs, and per UTF-16 unit the advance
/// that unit carries. Nothing in it depends on the width, so a server caches it and re-wraps for free.
///
/// An immutable value whose arrays sit in one shared box: the line layout and the report each hold it,
/// and a copy costs one reference count, not one per array. The typesetter fills a `Content` and
/// boxes it once.
public struct ShapedText: Sendable {
    /// What the typesetter fills in, field by field, before it is boxed.
    struct Content: Sendable {
        let mapped: MappedText
        let style: ParagraphStyle
        var paragraphs: [ShapedParagraph] = []
        var runs: [ShapedRun] = []
        var glyphs = GlyphBuffer()
        var styles: [TextStyle] = Content.plainOnly
        var placeholders: [ResolvedPlaceholder] = []
        /// Filled by the typesetter (starting with 0), at its final size at once.
        var advanceBefore: [Double] = []
        var graphemeStarts: [Bool] = []
        var breaks: [Int] = []
        let primaryFace: FontFace
        let primaryMetrics: FontMetrics
        var token: ShapedSnippet
        var unresolvedGlyphs = 0
        var faces: [FontFace] = []
        /// Per style, the index in `faces` of the face its family names (`code`, `pre`, a markup or span
        /// face), or -1: in a browser that face is the span's primary font, whose metrics are the strut
        /// of the span's inline box. Empty when no style names a family.
        var styleFaces: [Int32] = []
        /// Offsets of the tabs, ascending (empty for most messages).
        var tabs: [Int] = []
        /// Tab stop interval and the space advance it is measured in, px (0 when no tab).
        var tabStop = 0.0
        var spaceAdvance = 0.0
        /// Marks past `maxMarksPerCluster` in their cluster: not shaped, not drawn (ascending ranges).
        var hiddenMarks: [Range<Int>] = []
        /// The glyphs whose ink reaches past their run's ascent or descent, by glyph index (ascending).
        var inkOfTallGlyphs: [TallGlyphInk] = []

        /// The default style alone, shared: most messages use no other, and a literal would allocate per message.
        static let plainOnly: [TextStyle] = [.plain]

        init(mapped: MappedText, style: ParagraphStyle, primaryFace: FontFace, primaryMetrics: FontMetrics, token: ShapedSnippet) {
            self.mapped = mapped
            self.style = style
            self.primaryFace = primaryFace
            self.primaryMetrics = primaryMetrics
            self.token = token
        }
    }

    private final class Box: Sendable {
        let content: Content
        init(_ content: consuming Content) { self.content = content }
    }

    private var box: Box

    init(_ content: consuming Content) { box = Box(content) }

    /// Gives the arrays to `spares` when this value is the box's only holder (no copy of it, no line
    /// layout, no report sees them): dropped after, it frees none of them.
    mutating func giveBackArrays(to spares: inout Typesetter.SpareArrays) {
        if isKnownUniquelyReferenced(&box) { spares.keep(self) }
    }

    /// The fields, for a transform that makes a new shaped text from this one.
    var content: Content { box.content }

    /// The mapped text it was shaped from.
    public var mapped: MappedText { _read { yield box.content.mapped } }
    public var style: ParagraphStyle { _read { yield box.content.style } }
    package var paragraphs: [ShapedParagraph] { _read { yield box.content.paragraphs } }
    package var runs: [ShapedRun] { _read { yield box.content.runs } }
    package var glyphs: GlyphBuffer { _read { yield box.content.glyphs } }
    /// Distinct styles in use; index 0 is the default style.
    package var styles: [TextStyle] { _read { yield box.content.styles } }
    /// Inline boxes with resolved metrics, in text order.
    package var placeholders: [ResolvedPlaceholder] { _read { yield box.content.placeholders } }
    /// `advanceBefore[i]` is the total advance of units 0..<i (logical order), px.
    package var advanceBefore: [Double] { _read { yield box.content.advanceBefore } }
    /// Whether a grapheme cluster starts at each offset 0...count (UAX #29).
    package var graphemeStarts: [Bool] { _read { yield box.content.graphemeStarts } }
    /// Line-break opportunities of all paragraphs, ascending (UTF-16 offsets).
    package var breaks: [Int] { _read { yield box.content.breaks } }
    /// The primary face (first of the chain) and its metrics at the default size: empty lines,
    /// placeholder alignment and the truncation token use them.
    package var primaryFace: FontFace { box.content.primaryFace }
    package var primaryMetrics: FontMetrics { box.content.primaryMetrics }
    /// The truncation token, shaped.
    package var token: ShapedSnippet { _read { yield box.content.token } }
    /// `.notdef` glyphs among the shaped glyphs, from any face: characters no installed font draws.
    public var unresolvedGlyphs: Int { box.content.unresolvedGlyphs }
    /// Offsets of the message's tabs (UTF-16, mapped text), ascending.
    package var tabs: [Int] { _read { yield box.content.tabs } }
    /// Distance between two tab stops, px (``ParagraphStyle/tabSize`` spaces of the primary face).
    package var tabStop: Double { box.content.tabStop }
    /// The glyphs whose ink reaches past their run's ascent or descent (ascending glyph indices).
    package var inkOfTallGlyphs: [TallGlyphInk] { _read { yield box.content.inkOfTallGlyphs } }
    /// Ranges of combining marks dropped by ``ParagraphStyle/maxMarksPerCluster`` (UTF-16, mapped text).
    package var hiddenMarks: [Range<Int>] { _read { yield box.content.hiddenMarks } }

    /// The advance of a tab that starts `x` px after its line's start: to the next tab stop, or the one
    /// after when the next is nearer than half a space (CSS Text 3 § 4.2, which says 0.5ch).
    @inline(__always)
    package func tabAdvance(at x: Double) -> Double {
        ShapedText.tabAdvance(at: x, stop: box.content.tabStop, space: box.content.spaceAdvance)
    }

    @inline(__always)
    static func tabAdvance(at x: Double, stop: Double, space: Double) -> Double {
        guard stop > 0, x.isFinite else { return 0 }
        var next = ((x / stop).rounded(.down) + 1) * stop
        if next - x < space / 2 { next += stop }
        return next - x
    }
    /// Every face that drew something, in first-use order, then any face a style names only as its spans' strut.
    package var faces: [FontFace] { _read { yield box.content.faces } }
    /// See ``Content/styleFaces``.
    package var styleFaces: [Int32] { _read { yield box.content.styleFaces } }

    /// The face whose metrics are the strut of style `style`'s spans: its family's face, else the primary.
    package func strutFace(ofStyle style: Int) -> FontFace {
        let k = styleFaces.isEmpty ? -1 : Int(styleFaces[style])
        return k >= 0 ? faces[k] : primaryFace
    }

    /// Number of UTF-16 units in the mapped text.
    package var count: Int { box.content.mapped.text.count }

    /// The face of `run` (one of ``runs``), or nil for a placeholder.
    package func face(of run: ShapedRun) -> FontFace? {
        run.faceIndex >= 0 ? box.content.faces[Int(run.faceIndex)] : nil
    }

    /// Advance of units `range` in logical order, px.
    @inline(__always)
    package func width(_ range: Range<Int>) -> Double {
        box.content.advanceBefore[range.upperBound] - box.content.advanceBefore[range.lowerBound]
    }
}
