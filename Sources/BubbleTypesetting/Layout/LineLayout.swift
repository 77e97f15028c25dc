import BubbleMapping

/// A shaped message broken into lines at one width (Skia's `kLineBroken`, parley's `break_all_lines`).
///
/// Flat arrays linked by ranges: lines → fragments → glyphs of ``ShapedText``. Geometry is CSS px
/// with the origin at the top-left of the text box (inside any padding), y growing downward.
public struct LineLayout: Sendable {
    /// What was laid out.
    package let shaped: ShapedText
    public internal(set) var constraints: LayoutConstraints
    public internal(set) var lines: [Line] = []
    /// Every line's fragments, line after line, each line's in visual order (left to right).
    package internal(set) var fragments: [LineFragment] = []
    /// Width of the widest line, indent included: the shrink-wrapped text width, px.
    public internal(set) var width: Double = 0
    /// Height of all lines with their spacing, px.
    public internal(set) var height: Double = 0
    /// Whether `maxLines` cut the message.
    public internal(set) var truncated = false
    /// End of the text shown (UTF-16, mapped text); the whole text when not truncated.
    public internal(set) var visibleEnd: Int = 0
    /// Pages when `pageHeight` was given (else one page holding everything).
    public var pages: [Page] { splitPages.isEmpty ? [page(0)] : splitPages }
    /// How many ``pages``: 1 unless `pageHeight` split the lines.
    public var pageCount: Int { Swift.max(splitPages.count, 1) }
    /// ``pages``' `index`th, without the array.
    public func page(_ index: Int) -> Page { splitPages.isEmpty ? page(lines: lines.indices) : splitPages[index] }
    /// ``pages`` when `pageHeight` split the lines into more than one; else empty, and the one page is made
    /// from the lines when asked for: most layouts have one, and an array would be made with each layout
    /// and counted with each copy of it.
    package internal(set) var splitPages: [Page] = []
    /// Where the status slot went, when the constraints ask for one (its room is in ``width`` and ``height``).
    public internal(set) var status: StatusPlacement?
    /// Under ``LineMetrics/web``, how far each inline box (by placeholder index) reaches above its line's
    /// baseline where `vertical-align` puts it; empty under ``LineMetrics/exact``, where it is the
    /// placeholder's own ascent.
    package internal(set) var webBoxAscents: [Double] = []

    /// How far placeholder `index`'s box reaches above its line's baseline, px.
    package func boxAscent(_ index: Int) -> Double {
        webBoxAscents.isEmpty ? shaped.placeholders[index].ascent : webBoxAscents[index]
    }
}

/// One line of a ``LineLayout``.
public struct Line: Sendable, Equatable {
    /// Text on the line (UTF-16, mapped text), trailing spaces included, the hard break excluded.
    public var range: Range<Int>
    /// Where the next line starts: after the hard break that ends this one, if any.
    public var end: Int
    /// The line's fragments in ``LineLayout/fragments``.
    package var fragments: Range<Int>
    public var paragraph: Int
    /// Top of the line box, px from the top of the text box.
    public var top: Double
    /// Baseline, px from the top of the text box.
    public var baseline: Double
    /// Line box height (ascent + descent, or the fixed line height).
    public var height: Double
    /// Tallest ascent and deepest descent over the line's runs and boxes.
    public var ascent: Double
    public var descent: Double
    /// Advance of the visible content, hanging trailing spaces excluded, px.
    public var width: Double
    /// x of the content's left edge, px (indent and alignment applied).
    public var x: Double
    /// This line ends with the truncation token.
    public var isTruncated: Bool
}

/// A piece of one line drawn from one source: glyphs of one run, an inline box, or the truncation token.
package struct LineFragment: Sendable, Equatable {
    package enum Kind: Sendable, Equatable {
        /// Glyphs `glyphs` of run `run` (indices into ``ShapedText/runs`` and ``ShapedText/glyphs``).
        case glyphs(run: Int, glyphs: Range<Int>)
        /// Inline box `index` of ``ShapedText/placeholders``.
        case placeholder(index: Int)
        /// Glyphs of run `run` of the shaped truncation token (``ShapedText/token``).
        case token(run: Int, glyphs: Range<Int>)
    }

    package var kind: Kind
    /// Mapped text covered (empty for the token, which sits at the visible end).
    package var range: Range<Int>
    /// Left edge, px from the text box's left.
    package var x: Double
    package var width: Double
    /// Bidi level; odd is right-to-left.
    package var level: UInt8
    /// Where drawing starts, px from ``x``: 0, except for a right-to-left fragment that ends its line
    /// inside a kerned pair. HarfBuzz moved that line's visually first glyph and shortened its advance
    /// by the pair's kerning (``LineWrapper/kerning(before:)``), which belongs to neither line: its
    /// width leaves the kerning out, and drawing from `x + penOffset` puts every glyph where the
    /// line's text shaped alone would.
    package var penOffset: Double = 0
}

/// A page of lines (seeds 001 and 003).
public struct Page: Sendable, Equatable {
    /// Mapped text on the page.
    public var range: Range<Int>
    public var lines: Range<Int>
    /// Top of its first line and its height, px.
    public var top: Double
    public var height: Double
}

extension LineLayout {
    /// The page holding `lines` (indices in ``lines``, ascending): from its first line's text to where the
    /// next page starts, or for the last to the end of the text shown.
    package func page(lines range: Range<Int>) -> Page {
        guard !range.isEmpty else { return Page(range: 0..<0, lines: 0..<0, top: 0, height: 0) }
        let a = lines[range.lowerBound], b = lines[range.upperBound - 1]
        let end = range.upperBound == lines.count ? (truncated ? visibleEnd : shaped.count) : b.end
        return Page(range: a.range.lowerBound..<end, lines: range, top: a.top, height: b.top + b.height - a.top)
    }
}
