import BubbleFonts
import BubbleMapping
import BubbleTestSupport
import BubbleTypesetting
import Foundation
import Testing

/// Tabs, trailing breaks, hanging spaces, kerning at breaks, honest `.notdef` counts, capped marks and
/// ink inside the line (issue 15).
@Suite struct WhitespaceAndInkTests {
    static let space: Double = {
        let face = chain.faces[0]
        return face.advance(glyph: face.glyph(for: 0x20)!, size: 16)
    }()

    func width(_ text: String) throws -> Double {
        try layOut(text, width: 10_000).lines[0].width
    }

    @Test func aTabReachesTheNextTabStopOfEightSpaces() throws {
        let stop = 8 * Self.space
        let b = try width("b")
        #expect(abs(try width("a\tb") - (stop + b)) < 0.01)
        #expect(abs(try width("\tb") - (stop + b)) < 0.01)
        #expect(abs(try width("a\t\tb") - (2 * stop + b)) < 0.01)
        // Nearer than half a space to the stop: the one after.
        let eight = String(repeating: "a", count: Int((stop / (try width("a"))).rounded(.down)))
        #expect(try width(eight + "\tb") >= stop + b - 0.01)
        let shaped = try Typesetter(fonts: chain).shape(MappedText(plain: "a\tb"))
        #expect(shaped.unresolvedGlyphs == 0)
        #expect(!shaped.glyphs.contains { $0.id == 0 }, "a tab draws no .notdef")
    }

    @Test func tabSizeSetsTheStops() throws {
        let layout = try layOut("\tb", width: 10_000, style: ParagraphStyle(tabSize: 2))
        #expect(abs(layout.lines[0].width - (2 * Self.space + (try width("b")))) < 0.01)
    }

    @Test func aTabOnALaterLineCountsFromThatLine() throws {
        let layout = try layOut("aaaa aaaa aaaa\tb", width: 100)
        let last = try #require(layout.lines.last)
        let text = String(decoding: layout.shaped.mapped.text[last.range], as: UTF16.self)
        let alone = try layOut(text, width: 10_000).lines[0].width
        #expect(abs(last.width - alone) < 0.01, "\(text): \(last.width) vs \(alone)")
    }

    @Test func trailingLineFeedsAndSpacesAddNoLine() throws {
        #expect(try layOut("a\n", width: 280).lines.count == 1)
        #expect(try layOut("a\n\n  \n ", width: 280).lines.count == 1)
        #expect(try layOut("a\n\nb", width: 280).lines.count == 3)
        #expect(try layOut("\n", width: 280).lines.count == 1)
        #expect(try layOut("", width: 280).lines.count == 1)
        let shaped = try Typesetter(fonts: chain).shape(MappedText(plain: "a\n\n"))
        var keep = LayoutConstraints(maxWidth: 280)
        keep.keepTrailingBreaks = true
        #expect(shaped.layOut(keep).lines.count == 3)
    }

    @Test func spacesAfterAnItemWiderThanTheLineHang() throws {
        let layout = try layOut("ab   cd", width: 1)
        let texts = lineTexts(layout)
        #expect(texts.joined() == "ab   cd")
        #expect(!texts.contains { $0.first == " " }, "\(texts)")
        #expect(!texts.contains { $0.allSatisfy { $0 == " " } }, "\(texts)")
    }

    /// A line ending inside a kerned pair ("AV"): its width is the width of its text alone.
    @Test func kerningAcrossABreakCountsInNeitherLine() throws {
        let text = String(repeating: "AV", count: 12)
        for width in stride(from: 30.0, through: 120, by: 7) {
            let layout = try layOut(text, width: width)
            for line in layout.lines {
                let piece = String(decoding: layout.shaped.mapped.text[line.range], as: UTF16.self)
                let alone = try layOut(piece, width: 10_000).lines[0].width
                #expect(abs(line.width - alone) < 0.01, "\(piece) at \(width): \(line.width) vs \(alone)")
                #expect(line.width <= width + 1e-6 || piece.count == 1)
            }
        }
    }

    /// The same in right-to-left text, where the glyph order is reversed: Noto Sans Hebrew kerns ג
    /// before י (HarfBuzz moves ג and shortens its advance). A long word breaks at graphemes, inside
    /// kerned pairs and outside them; each line is as wide as its text alone and draws each glyph
    /// where its text alone would.
    @Test func kerningAcrossARightToLeftBreakCountsInNeitherLine() throws {
        let hebrew = try FallbackChain(families: ["Noto Sans Hebrew"])
        let style = ParagraphStyle(fontSize: 40)
        let typesetter = try Typesetter(fonts: hebrew)
        func shape(_ text: String) -> ShapedText { typesetter.shape(MappedText(plain: text), style: style) }
        let pair = shape("גי")
        #expect(pair.glyphs.count == 2)
        #expect(abs(pair.width(0..<2) - (shape("ג").width(0..<1) + shape("י").width(0..<1))) > 1, "the pair kerns")

        let text = String(repeating: "גי", count: 10)
        let utf16 = Array(text.utf16)
        let shaped = shape(text)
        var kernedBreaks = 0
        for width in stride(from: 60.0, through: 240, by: 9) {  // the whole word is about 255 px
            let layout = shaped.layOut(LayoutConstraints(maxWidth: width))
            #expect(layout.lines.count > 1)
            for line in layout.lines {
                let units = Array(utf16[line.range])
                if line.range.upperBound < utf16.count && units.last == 0x05D2 { kernedBreaks += 1 }  // ends on ג, before י
                let piece = String(decoding: units, as: UTF16.self)
                let alone = shape(piece).layOut(LayoutConstraints(maxWidth: 10_000))
                #expect(abs(line.width - alone.lines[0].width) < 0.01, "\(piece) at \(width): \(line.width) vs \(alone.lines[0].width)")
                #expect(line.width <= width + 1e-6 || units.count == 1)
                #expect(drawnPositions(layout, line) .elementsEqual(drawnPositions(alone, alone.lines[0])) { abs($0 - $1) < 0.01 },
                        "\(piece) at \(width): \(drawnPositions(layout, line)) vs \(drawnPositions(alone, alone.lines[0]))")
            }
        }
        #expect(kernedBreaks > 5)
    }

    /// Each glyph's drawn x, from its line's first fragment's left edge, as the SVG draws it.
    func drawnPositions(_ layout: LineLayout, _ line: Line) -> [Double] {
        var xs: [Double] = []
        let origin = layout.fragments[line.fragments.lowerBound].x
        for f in line.fragments {
            let fragment = layout.fragments[f]
            guard case let .glyphs(_, glyphs) = fragment.kind else { continue }
            var x = fragment.x + fragment.penOffset - origin
            for k in glyphs {
                xs.append(x + Double(layout.shaped.glyphs[k].offsetX))
                x += Double(layout.shaped.glyphs[k].advance)
            }
        }
        return xs
    }

    @Test func unresolvedGlyphsCountsEveryNotdef() throws {
        // U+0378 is unassigned: no font has it.
        let shaped = try Typesetter(fonts: chain).shape(MappedText(plain: "a\u{378}b\u{378}"))
        #expect(shaped.unresolvedGlyphs == shaped.glyphs.filter { $0.id == 0 }.count)
        #expect(shaped.unresolvedGlyphs == 2)
    }

    @Test func marksPastTheCapAreNotDrawn() throws {
        let text = "q" + String(repeating: "\u{301}\u{316}", count: 25) + " ok"  // no precomposed q́
        let shaped = try Typesetter(fonts: chain).shape(MappedText(plain: text), style: ParagraphStyle(maxMarksPerCluster: 8))
        let cluster = shaped.glyphs.filter { $0.cluster < 51 }
        #expect(cluster.count == 9, "the base and 8 marks")
        #expect(shaped.hiddenMarks.reduce(0) { $0 + $1.count } == 42)
    }

    /// Every glyph's ink lies inside its line box, for stacked marks and tall scripts alike.
    @Test(arguments: [
        "Z" + String(repeating: "\u{30D}\u{317}\u{34E}", count: 10) + "a̸̢̛̗̖͉͎̫̱̩͕̟̮̱͙̠̣͖̤͙̣ͭ͑ͯ͒̽̾ͤ͑̒̊͗ͨ̀̍̚͟͠",
        "ཧྐྵྨླྺྼཱྀཻཾ བསྒྲུབས", "ꦲꦏ꧀ꦱꦫꦗꦮ", "မြန်မာ ဘာသာ",
    ])
    func inkStaysInsideTheLine(text: String) throws {
        let layout = try layOut(text, width: 200, style: ParagraphStyle(maxMarksPerCluster: 30))
        let shaped = layout.shaped
        for line in layout.lines {
            for f in line.fragments {
                guard case let .glyphs(r, glyphs) = layout.fragments[f].kind, let face = shaped.face(of: shaped.runs[r]) else { continue }
                for k in glyphs {
                    let g = shaped.glyphs[k]
                    guard let ink = face.inkBounds(glyph: g.id, size: shaped.runs[r].fontSize) else { continue }
                    let top = line.baseline - ink.above - Double(g.offsetY), bottom = line.baseline + ink.below - Double(g.offsetY)
                    #expect(top >= line.top - 0.01 && bottom <= line.top + line.height + 0.01,
                            "\(face.family) glyph \(g.id): ink \(top)...\(bottom), line \(line.top)...\(line.top + line.height)")
                }
            }
        }
    }

    /// The word cache shapes a word alone; for a seeded sample of corpus messages (and the scripts the
    /// corpus lacks), every word's width through the cache equals its width shaped in context.
    @Test func cachedWordsMeasureAsShapedInContext() throws {
        var texts = try Corpus.texts()
        var random = SeededGenerator(seed: 15)
        texts.shuffle(using: &random)
        var sample = Array(texts.prefix(400))
        sample += ["ہیلو، آپ کیسے ہیں؟", "வணக்கம் எப்படி", "नमस्ते, आप कैसे हैं?", "নমস্কার আপনি", "ආයුබෝවන් ඔබට", "မင်္ဂလာပါ", "សួស្តី តើអ្នក",
                   "abc١٢٣ سلام ۱۲۳دنیا", "ہیلوabcہیلو"]
        let typesetter = try Typesetter(fonts: chain)
        let cache = ShapeCache()
        var words = 0
        for text in sample {
            let mapped = MappedText(plain: text)
            _ = typesetter.shape(mapped, cache: cache)  // fill the cache first, so the second pass hits it
            let cached = typesetter.shape(mapped, cache: cache)
            let inContext = typesetter.shape(mapped)
            let units = mapped.text
            var start = 0
            for i in 1...units.count where i == units.count || (units[i - 1] == 0x20 && units[i] != 0x20) {
                // A word with the spaces after it, as the cache cuts them; its width without those spaces.
                var end = i
                while end > start && units[end - 1] == 0x20 { end -= 1 }
                if end > start {
                    words += 1
                    let a = cached.width(start..<end), b = inContext.width(start..<end)
                    #expect(abs(a - b) < 0.01, "\(String(decoding: units[start..<end], as: UTF16.self)): \(a) cached, \(b) in context")
                }
                start = i
            }
        }
        #expect(words > 2000)
    }
}
