import BubbleFonts
import BubbleMapping
import BubbleTypesetting
import Testing

/// A shared chain: loading fonts once keeps the suite fast.
let chain = try! FallbackChain()

func layOut(_ text: String, width: Double, maxLines: Int = 0, style: ParagraphStyle = ParagraphStyle()) throws -> LineLayout {
    let shaped = try Typesetter(fonts: chain).shape(MappedText(plain: text), style: style)
    return shaped.layOut(LayoutConstraints(maxWidth: width, maxLines: maxLines))
}

func lineTexts(_ layout: LineLayout) -> [String] {
    layout.lines.map { String(decoding: layout.shaped.mapped.text[$0.range], as: UTF16.self) }
}

@Suite struct LineWrappingTests {
    @Test func aKnownStringWrapsAtWordBoundaries() throws {
        // DejaVu Sans 16px: "The quick brown" is 132.13 px, "fox jumps over the" 150.26 px.
        let layout = try layOut("The quick brown fox jumps over the lazy dog", width: 140)
        #expect(lineTexts(layout) == ["The quick brown ", "fox jumps over ", "the lazy dog"])
        #expect(layout.lines.allSatisfy { $0.width <= 140 })
    }

    @Test func aHardBreakStartsANewLine() throws {
        let layout = try layOut("Hello\nworld", width: 280)
        #expect(lineTexts(layout) == ["Hello", "world"])
        #expect(layout.lines[1].top == layout.lines[0].height)
    }

    @Test func crlfAndParagraphSeparatorAreHardBreaks() throws {
        #expect(lineTexts(try layOut("a\r\nb\u{2029}c\u{2028}d", width: 280)) == ["a", "b", "c", "d"])
    }

    @Test func trailingSpacesHangPastTheWidth() throws {
        // "aaaa" is 39.22 px and "bbbb" 40.63 px: the five spaces after "aaaa" hang past 41.
        let layout = try layOut("aaaa     bbbb", width: 41)
        #expect(lineTexts(layout) == ["aaaa     ", "bbbb"])
        #expect(layout.lines[0].width < 41)
    }

    @Test func aWordWiderThanTheLineBreaksAtGraphemes() throws {
        let layout = try layOut("Supercalifragilisticexpialidocious", width: 60)
        #expect(layout.lines.count > 3)
        #expect(lineTexts(layout).joined() == "Supercalifragilisticexpialidocious")
        #expect(layout.lines.allSatisfy { $0.width <= 60 })
    }

    @Test func cjkLinesAreMeasuredWithTheCJKFace() throws {
        let layout = try layOut("Hello, world\n很久很久以前，在一个群里", width: 100)
        #expect(layout.lines.count >= 3)
        let cjkRuns = layout.shaped.runs.filter { layout.shaped.face(of: $0)?.family == "Noto Sans CJK SC" }
        #expect(!cjkRuns.isEmpty)
        #expect(layout.lines[1].height > layout.lines[0].height)  // the CJK face is taller
    }

    @Test func maxLinesTruncatesWithAnEllipsis() throws {
        let layout = try layOut("one two three four five six seven eight nine ten", width: 60, maxLines: 2)
        #expect(layout.lines.count == 2)
        #expect(layout.truncated)
        #expect(layout.lines[1].isTruncated)
        #expect(layout.lines[1].width <= 60)
    }

    @Test func theShapedTextLaysOutAtManyWidthsWithoutReshaping() throws {
        let shaped = try Typesetter(fonts: chain).shape(MappedText(plain: "The quick brown fox jumps over the lazy dog"))
        let glyphCount = shaped.glyphs.count
        let counts = [80.0, 160, 400].map { shaped.layOut(LayoutConstraints(maxWidth: $0)).lines.count }
        #expect(counts[0] > counts[1] && counts[1] > counts[2] && counts[2] == 1)
        #expect(shaped.glyphs.count == glyphCount)
    }
}

@Suite struct ExtremeSizeTests {
    /// Found by schemathesis through the server: a tiny font size once made HarfBuzz's scale 0 and
    /// every width NaN, and the report trapped. The library must stay finite without the options' check.
    @Test(arguments: [1e-5, 0.3, 999.0])
    func tinyAndHugeFontSizesStayFinite(size: Double) throws {
        var m = MappedText(plain: "see https://example.com now")
        m.links = [Link(kind: .url, range: MappedIndex(4)..<MappedIndex(23), target: "https://example.com")]
        let shaped = try Typesetter(fonts: chain).shape(m, style: ParagraphStyle(fontSize: size))
        let bubble = BubbleLayout(shaped.layOut(LayoutConstraints(maxWidth: 280)))
        #expect(bubble.size.width.isFinite && bubble.size.height.isFinite)
        #expect(bubble.links.allSatisfy { $0.rects.allSatisfy { $0.width.isFinite && $0.x.isFinite } })
    }
}
