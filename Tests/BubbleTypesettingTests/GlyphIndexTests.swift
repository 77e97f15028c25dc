import BubbleFonts
import BubbleMapping
import BubbleTestSupport
import BubbleTypesetting
import Testing

/// Where a line cuts a run: `glyphIndex(in:at:)` guesses one glyph per unit and walks, so it must agree with
/// a plain scan wherever glyphs and units do not pair off (ligatures, conjuncts, marks, emoji sequences,
/// right-to-left runs).
@Suite struct GlyphIndexTests {
    let typesetter = try! Typesetter(fonts: chain)

    @Test(arguments: [
        "office affluent waffle", "Привет, как дела?", "שלום עולם, מה נשמע", "مرحبا بالعالم كيف الحال",
        "नमस्ते दुनिया क्षत्रिय", "வணக்கம் உலகம்", "Z̷̢̛̛͓̗a̴l̶g̸o̵ text", "👨‍👩‍👧‍👦 family 🇯🇵 flags 1️⃣",
        "中文字符和かなカナ 한국어", "mixed עברית and English مع العربية",
    ])
    func agreesWithAScanAtEveryOffset(text: String) throws {
        let shaped = typesetter.shape(try Mapper().map(Message(text: text)))
        let glyphs = shaped.glyphs
        for run in shaped.runs where !run.glyphRange.isEmpty {
            for offset in run.range.lowerBound...run.range.upperBound {
                // The first glyph that does not come before `offset` in the run's glyph order.
                var expected = run.glyphRange.upperBound
                for k in run.glyphRange {
                    let c = Int(glyphs[k].cluster)
                    if run.isRightToLeft ? c < offset : c >= offset { expected = k; break }
                }
                #expect(shaped.glyphIndex(in: run, at: offset) == expected, "\(text) run \(run.range) offset \(offset)")
            }
        }
    }
}
