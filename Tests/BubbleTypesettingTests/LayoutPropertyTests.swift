import BubbleFonts
import BubbleMapping
import BubbleTestSupport
import BubbleTypesetting
import Testing


/// Random chat-like text: words of several scripts, emoji sequences, combining marks, placeholders, breaks.
func randomMessage(_ g: inout SeededGenerator) -> (text: String, placeholders: [Int]) {
    let pieces = ["hello", "world", "Bubble", "很久很久", "以前", "こんにちは", "안녕하세요", "שלום", "مرحبا", "Привет",
                  "e\u{301}te\u{301}", "👨‍👩‍👧", "🇯🇵", "👍🏽", "❤️", "https://example.com/a/b?c=d", "supercalifragilistic",
                  "\u{FFFC}", "\u{FFFC}", ",", "!", "。", "  "]
    var text = ""
    for i in 0..<Int.random(in: 1...40, using: &g) {
        if i > 0 { text += Int.random(in: 0..<12, using: &g) == 0 ? "\n" : " " }
        text += pieces.randomElement(using: &g)!
    }
    let units = Array(text.utf16)
    return (text, units.indices.filter { units[$0] == 0xFFFC })
}

func mapped(_ text: String, placeholders: [Int]) -> MappedText {
    var m = MappedText(plain: text)
    m.placeholders = placeholders.map { Placeholder(index: MappedIndex($0), content: .image(source: "box"), width: 20, height: 20) }
    return m
}

@Suite struct LayoutPropertyTests {
    @Test func layingOutAgainAtTheMeasuredWidthGivesTheSameLines() throws {
        var g = SeededGenerator(seed: 20261122)
        let typesetter = try Typesetter(fonts: chain)
        for _ in 0..<300 {
            let (text, boxes) = randomMessage(&g)
            let shaped = typesetter.shape(mapped(text, placeholders: boxes))
            let width = Double.random(in: 40...400, using: &g)
            let first = shaped.layOut(LayoutConstraints(maxWidth: width))
            let again = shaped.layOut(LayoutConstraints(maxWidth: first.width))
            #expect(again.lines.map(\.range) == first.lines.map(\.range), "\(text.debugDescription) at \(width)")
        }
    }

    @Test func truncationNeverSplitsAGraphemeOrAPlaceholder() throws {
        var g = SeededGenerator(seed: 7)
        let typesetter = try Typesetter(fonts: chain)
        for _ in 0..<300 {
            let (text, boxes) = randomMessage(&g)
            let shaped = typesetter.shape(mapped(text, placeholders: boxes))
            let layout = shaped.layOut(LayoutConstraints(maxWidth: Double.random(in: 40...300, using: &g), maxLines: Int.random(in: 1...3, using: &g)))
            #expect(shaped.graphemeStarts[layout.visibleEnd], "visible end \(layout.visibleEnd) splits a grapheme of \(text.debugDescription)")
            for line in layout.lines {
                #expect(shaped.graphemeStarts[line.range.lowerBound] && shaped.graphemeStarts[line.range.upperBound])
            }
            // Swift's own grapheme segmentation agrees that the visible text ends on a boundary.
            let visible = String(decoding: shaped.mapped.text[..<layout.visibleEnd], as: UTF16.self)
            #expect(text.hasPrefix(visible) && String(text.utf16.dropFirst(layout.visibleEnd)) != nil)
        }
    }

    @Test func lineHeightsAndSpacingAddUpToTheHeight() throws {
        var g = SeededGenerator(seed: 99)
        let typesetter = try Typesetter(fonts: chain)
        for _ in 0..<200 {
            let (text, boxes) = randomMessage(&g)
            let shaped = typesetter.shape(mapped(text, placeholders: boxes))
            var c = LayoutConstraints(maxWidth: Double.random(in: 60...300, using: &g))
            c.lineSpacing = Double(Int.random(in: 0...4, using: &g))
            c.paragraphSpacing = Double(Int.random(in: 0...8, using: &g))
            let layout = shaped.layOut(c)
            var expected = layout.lines.reduce(0) { $0 + $1.height }
            for (i, line) in layout.lines.enumerated() where i > 0 {
                expected += c.lineSpacing + (line.paragraph != layout.lines[i - 1].paragraph ? c.paragraphSpacing : 0)
            }
            #expect(abs(expected - layout.height) < 1e-6)
        }
    }

    @Test func everyFragmentAndEveryRectLiesInsideTheBubble() throws {
        var g = SeededGenerator(seed: 42)
        let typesetter = try Typesetter(fonts: chain)
        for _ in 0..<200 {
            let (text, boxes) = randomMessage(&g)
            let shaped = typesetter.shape(mapped(text, placeholders: boxes))
            let width = Double.random(in: 60...300, using: &g)
            let lines = shaped.layOut(LayoutConstraints(maxWidth: width, maxLines: Int.random(in: 0...4, using: &g)))
            let bubble = BubbleLayout(lines, padding: EdgeInsets(top: 8, right: 12, bottom: 8, left: 12))
            let eps = 0.001
            #expect(bubble.size.width <= width + 24 + eps)
            for f in lines.fragments {
                #expect(f.x >= -eps && f.x + f.width <= lines.width + eps, "fragment outside in \(text.debugDescription)")
            }
            for r in bubble.emoji.map(\.rect) + bubble.links.flatMap(\.rects) {
                #expect(r.x >= -eps && r.maxX <= bubble.size.width + eps && r.y >= -eps && r.maxY <= bubble.size.height + eps)
            }
        }
    }
}
