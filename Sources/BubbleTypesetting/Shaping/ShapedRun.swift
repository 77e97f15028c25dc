package import BubbleFonts
package import BubbleMapping

/// A stretch of one face, size, script, bidi level and style, shaped as a unit.
package struct ShapedRun: Sendable {
    /// UTF-16 range of the mapped text.
    package var range: Range<Int>
    /// Its glyphs in ``ShapedText/glyphs`` (visual order inside the run); empty for a placeholder.
    package var glyphRange: Range<Int>
    /// Index of the face in its text's `faces` (``ShapedText/face(of:)``), or -1 for a placeholder run:
    /// an index, not a reference, so copying a run costs no reference count.
    package var faceIndex: Int32
    package var fontSize: Double
    /// Bidi embedding level: odd is right-to-left.
    package var level: UInt8
    /// ISO 15924 script tag, packed big-endian (`Latn`; `Zyyy` when only common characters).
    package var script: UInt32
    /// The style of the run (index into ``ShapedText/styles``; 0 is the default style).
    package var style: Int
    /// Index into ``ShapedText/placeholders`` when this run is an inline box.
    package var placeholder: Int?
    /// px above and below the baseline this run needs.
    package var ascent: Double
    package var descent: Double
    /// A run of one tab: no glyphs, its advance reaches the next tab stop of its line (``ShapedText/tabStop``).
    package var isTab = false
    /// Ink above and below the baseline when a glyph of the run reaches past ``ascent`` or ``descent``
    /// (stacked marks, tall glyphs), else equal to them: layout grows a line to hold it.
    package var inkAscent: Double = 0
    package var inkDescent: Double = 0

    package var isRightToLeft: Bool { level & 1 == 1 }
}

/// An inline box with the metrics the typesetter resolved for it (CoreText run-delegate semantics).
package struct ResolvedPlaceholder: Sendable {
    package var placeholder: Placeholder
    package var width: Double
    package var ascent: Double
    package var descent: Double
}

/// A paragraph: text between hard breaks.
package struct ShapedParagraph: Sendable {
    /// Content range (UTF-16, mapped text), without its terminating break.
    package var range: Range<Int>
    /// End of the paragraph including its terminating break (`\n`, `\r\n`, U+2028, U+2029).
    package var end: Int
    /// Runs of the paragraph in ``ShapedText/runs``.
    package var runs: Range<Int>
    /// Base level: 1 for a right-to-left paragraph.
    package var baseLevel: UInt8
    /// Line-break opportunities inside it (UTF-16 offsets into the mapped text, ascending).
    package var breaks: Range<Int>
}

/// A short text shaped on its own, such as the truncation token.
///
/// A class, shaped once per style and shared by every message's shaped text (through the word cache):
/// a struct of four arrays cost four reference counts to copy into each message and four to drop.
package final class ShapedSnippet: Sendable {
    package let text: [UInt16]
    package let runs: [ShapedRun]
    /// The faces its runs name by index.
    package let faces: [FontFace]
    package let glyphs: GlyphBuffer
    package let width: Double
    package let ascent: Double
    package let descent: Double

    package init(text: [UInt16], runs: [ShapedRun], faces: [FontFace], glyphs: GlyphBuffer, width: Double, ascent: Double, descent: Double) {
        self.text = text
        self.runs = runs
        self.faces = faces
        self.glyphs = glyphs
        self.width = width
        self.ascent = ascent
        self.descent = descent
    }

    /// The snippet of no text, for the shaping of a snippet itself.
    static let empty = ShapedSnippet(text: [], runs: [], faces: [], glyphs: GlyphBuffer(), width: 0, ascent: 0, descent: 0)
}

extension ShapedSnippet {
    /// The face of `run` (one of ``runs``), or nil for a placeholder.
    package func face(of run: ShapedRun) -> FontFace? { run.faceIndex >= 0 ? faces[Int(run.faceIndex)] : nil }
}

/// How far the ink of one glyph reaches above and below the baseline, px, when that is past its run's
/// ascent or descent (stacked marks, tall glyphs).
package struct TallGlyphInk: Sendable {
    /// Index into ``ShapedText/glyphs``.
    package var glyph: Int32
    package var above: Float
    package var below: Float
}

/// What shaping checks of the glyphs it draws: `.notdef` glyphs (counted in `unresolvedGlyphs`) and
/// whether any glyph is moved up or down or reaches past its face's metrics (its ink is then kept,
/// ``Typesetter`` `keepTallInk`). The word cache keeps each word's check, so a word seen before is not
/// looked at glyph by glyph again.
struct GlyphCheck: Equatable {
    var notdef = 0
    var tall = false

    init() {}

    /// The check from ``packed``.
    @inline(__always)
    init(packed: UInt16) {
        notdef = Int(packed & 0x7FFF)
        tall = packed & 0x8000 != 0
    }

    /// Two bytes: the `.notdef` count (a word holds far fewer than 32,767 glyphs) and the tall bit.
    var packed: UInt16 { UInt16(min(notdef, 0x7FFF)) | (tall ? 0x8000 : 0) }

    @inline(__always)
    mutating func add(_ other: GlyphCheck) {
        notdef += other.notdef
        tall = tall || other.tall
    }
}
