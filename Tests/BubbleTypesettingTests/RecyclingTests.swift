import BubbleFonts
import BubbleMapping
import BubbleTestSupport
@testable import BubbleTypesetting
import Testing

/// `Typesetter.recycle`: the arrays of lines a caller is done with serve the next message, which shapes
/// and breaks as it would from new arrays; lines someone still holds give nothing back.
@Suite struct RecyclingTests {
    /// What a shaping and its lines are, compared whole: glyphs, runs, paragraphs, breaks, advances,
    /// grapheme starts, faces, boxes, and the lines' ranges and geometry.
    struct Fingerprint: Equatable {
        var glyphs: [UInt32], clusters: [Int32], advances: [Float]
        var runs: [Range<Int>], paragraphs: [Range<Int>], breaks: [Int]
        var advanceBefore: [Double], graphemeStarts: [Bool], faces: [ObjectIdentifier], boxes: [Double]
        var lines: [Line], width: Double, height: Double

        init(_ lines: LineLayout) {
            let s = lines.shaped
            glyphs = s.glyphs.map(\.id)
            clusters = s.glyphs.map(\.cluster)
            advances = s.glyphs.map(\.advance)
            runs = s.runs.map(\.range)
            paragraphs = s.paragraphs.map(\.range)
            breaks = s.breaks
            advanceBefore = s.advanceBefore
            graphemeStarts = s.graphemeStarts
            faces = s.faces.map(ObjectIdentifier.init)
            boxes = s.placeholders.map(\.width)
            self.lines = lines.lines
            width = lines.width
            height = lines.height
        }
    }

    /// Texts of every shape in turn: Latin, emoji boxes, right to left, CJK, tabs, several paragraphs,
    /// one long enough that its arrays are freed rather than kept, then short ones again.
    static let texts: [String] = {
        var t = (try? Corpus.texts(limit: 300)) ?? []
        t += ["مرحبا بالعالم hello", "漢字とかなの文章です。", "a\tb\tc", "one\n\ntwo\nthree",
              String(repeating: "a long message whose arrays pass the bound ", count: 600), "ok", "", "👍🏽 fine"]
        return t
    }()

    /// Every fifth message carries two inline boxes, so placeholders come and go between messages.
    func message(_ text: String, _ k: Int) -> MappedText {
        k % 5 == 0 ? mapped("\u{FFFC}" + text + "\u{FFFC}", placeholders: [0, text.utf16.count + 1]) : MappedText(plain: text)
    }

    /// A typesetter given back every message's lines shapes and breaks each next message as a fresh
    /// typesetter does, at several widths.
    @Test func recycledArraysShapeAsNewOnes() throws {
        #expect(Self.texts.count > 300, "bench/corpus/messages.jsonl is needed")
        let recycling = try Typesetter(fonts: chain)
        for (k, text) in Self.texts.enumerated() {
            let width = [90.0, 240, 600][k % 3]
            let fresh = try Typesetter(fonts: chain).shape(message(text, k)).layOut(LayoutConstraints(maxWidth: width))
            let lines = recycling.shape(message(text, k)).layOut(LayoutConstraints(maxWidth: width))
            #expect(Fingerprint(lines) == Fingerprint(fresh), "\(text.prefix(40).debugDescription) at \(width)")
            recycling.recycle(lines)
        }
    }

    /// Lines whose shaped text is still held elsewhere (a kept copy, a report) give back nothing: the
    /// next message leaves what the holder sees as it was.
    @Test func heldLinesKeepTheirArrays() throws {
        let typesetter = try Typesetter(fonts: chain)
        let held = typesetter.shape(MappedText(plain: "kept by its caller, every glyph of it")).layOut(LayoutConstraints(maxWidth: 120))
        let before = Fingerprint(held)
        let copy = held
        typesetter.recycle(copy)
        for text in Self.texts.prefix(40) {
            let other = typesetter.shape(MappedText(plain: text)).layOut(LayoutConstraints(maxWidth: 200))
            typesetter.recycle(other)
        }
        #expect(Fingerprint(held) == before)
    }
}
