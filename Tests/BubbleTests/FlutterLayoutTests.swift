import Bubble
import Testing

/// `lineMetrics: flutter`, `lineBreaking: flutter` and `fontFallback: cluster` against what SkParagraph
/// (skia-python 144.1, Skia m144, the same font files, 16 px) draws: the values below were measured there,
/// and `scripts/check-skparagraph` measures the corpus.
@Suite struct FlutterLayoutTests {
    static let engine = try! BubbleEngine()

    func layout(_ text: String, maxWidth: Double = 1000, metrics: LineMetrics = .flutter, breaking: LineBreaking = .flutter,
                fallback: FontFallback = .word) throws -> BubbleLayout {
        var options = BubbleOptions()
        options.lineMetrics = metrics
        options.lineBreaking = breaking
        options.fontFallback = fallback
        options.maxWidth = maxWidth
        options.padding = Padding(EdgeInsets(top: 0, right: 0, bottom: 0, left: 0))
        return try Self.engine.layout(text: text, options: options)
    }

    func starts(_ l: BubbleLayout) -> [Int] { l.lineLayout.lines.map(\.range.lowerBound) }

    /// Every line a whole number of px (DejaVu Sans: 14.85 + 3.77 = 18.625 → 19; Noto Sans Arabic:
    /// 21.98 + 11.81 → 34), the baseline at the unrounded ascent; `exact` keeps the fractions.
    @Test func linesAreRoundedToWholePixels() throws {
        let one = try layout("Hello world")
        #expect(one.size.height == 19)
        #expect(abs(one.lineLayout.lines[0].baseline - 14.85) < 0.01)
        let two = try layout("Hello world\nsecond line")
        #expect(two.size.height == 38)
        #expect(abs(two.lineLayout.lines[1].top - 19) < 0.001)
        #expect(try layout("میں ٹھیک کر رہا ہوں").size.height == 34)
        #expect(abs(try layout("Hello world", metrics: .exact).size.height - 18.625) < 0.01)
    }

    /// SkParagraph breaks after every run of spaces, even after an opening bracket (UAX #14's LB14 does
    /// not); `standard` keeps `{ const` together.
    @Test func breaksAfterSpacesAfterABracket() throws {
        let text = "fetch(url) { const res"
        let whole = try layout(text).size.width
        let width = try layout("fetch(url) {").size.width + 1
        #expect(width < whole)
        #expect(starts(try layout(text, maxWidth: width)) == [0, 13])
        #expect(starts(try layout(text, maxWidth: width, breaking: .standard)) == [0, 11])
    }

    /// SkParagraph breaks before the Japanese small kana (`ソフトウ|ェア`); `standard` (ICU's strict
    /// default) keeps `ウェ` together.
    @Test func breaksBeforeSmallKana() throws {
        let text = "ソフトウェア"
        let four = try layout("ソフトウ").size.width + 0.5
        #expect(starts(try layout(text, maxWidth: four)) == [0, 4])
        #expect(starts(try layout(text, maxWidth: four, breaking: .standard)) == [0, 3])
    }

    /// `cluster` falls back per cluster, as SkParagraph and Blink do: `رہا` is drawn in DejaVu Sans but
    /// for `ہ` (U+06C1), which only Noto Sans Arabic has; `word` draws the whole word in Noto Sans Arabic.
    @Test func clusterFallbackTakesTheFirstFaceOfEachCluster() throws {
        let families = { (l: BubbleLayout) in Set(l.shaped.faces.map(\.family)) }
        #expect(families(try layout("رہا", fallback: .word)) == ["Noto Sans Arabic"])
        #expect(families(try layout("رہا", fallback: .cluster)) == ["DejaVu Sans", "Noto Sans Arabic"])
        #expect(families(try layout("Hello", fallback: .cluster)) == ["DejaVu Sans"])
    }
}
