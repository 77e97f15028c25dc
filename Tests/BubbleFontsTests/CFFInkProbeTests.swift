import BubbleFonts
import BubbleTestSupport
import Testing

/// The ink probe reads CFF charstrings with `pread` and answers only "inside": every glyph it settles must
/// be one HarfBuzz finds inside the face's metrics, and the box it reads must hold HarfBuzz's ink.
@Suite struct CFFInkProbeTests {
    /// Faces with a large `CFF ` table: Noto Sans CJK SC (regular and bold) and Noto Serif CJK SC.
    static let faces: [(path: String, index: Int)] = [(Fonts.notoSansCJK, 2), (Fonts.notoSansCJKBold, 2), (Fonts.notoSerifCJK, 2)]

    /// Every 7th glyph of each face (some 9,000 each, every range of the font), and every glyph HarfBuzz
    /// finds tall among the first 12,000: the probe's box holds HarfBuzz's ink (to its 1/1024 px rounding at
    /// 64 px), it settles a glyph only where HarfBuzz finds it inside, and it settles nearly all of them.
    @Test(arguments: 0..<3)
    func theProbeHoldsHarfBuzzsInkAndSettlesOnlyWhatIsInside(face k: Int) throws {
        let face = try FontFace(source: FontSource(path: CFFInkProbeTests.faces[k].path, index: CFFInkProbeTests.faces[k].index))
        let unit = 64 / Double(face.unitsPerEm), slack = 2.0 / 1024
        var followed = 0, settled = 0, sampled = 0, tallSeen = 0
        for g in 0..<UInt32(face.glyphCount) {
            let tall = g < 12_000 && face.reachesPastMetrics(glyph: g)
            guard g % 7 == 0 || tall else { continue }
            sampled += 1
            if tall { tallSeen += 1 }
            guard let box = face.probedExtent(of: g) else { continue }
            followed += 1
            if let ink = face.inkBounds(glyph: g, size: 64) {
                #expect(box.high * unit >= ink.above - slack, "glyph \(g): probe top \(box.high * unit) px, HarfBuzz \(ink.above)")
                #expect(-box.low * unit >= ink.below - slack, "glyph \(g): probe bottom \(-box.low * unit) px, HarfBuzz \(ink.below)")
            }
            if face.probedInside(g) {
                settled += 1
                #expect(!face.reachesPastMetrics(glyph: g), "glyph \(g) settled as inside, HarfBuzz finds it tall")
            }
        }
        #expect(tallSeen > 0)  // the faces have tall glyphs, and they were looked at
        #expect(followed * 100 >= sampled * 99, "\(followed) of \(sampled) followed")
        #expect(settled * 100 >= sampled * 90, "\(settled) of \(sampled) settled")
    }

    /// `isTall` gives HarfBuzz's answer whichever way it was reached, and settling a glyph maps nothing the
    /// outline table's pages would have to give back (the answers of a fresh face, glyph by glyph).
    @Test func isTallIsHarfBuzzsAnswer() throws {
        let face = try FontFace(source: FontSource(path: Fonts.notoSansCJK, index: 2))
        let reference = try FontFace(source: FontSource(path: Fonts.notoSansCJK, index: 2))
        for g in stride(from: UInt32(0), to: UInt32(face.glyphCount), by: 97) {
            #expect(face.isTall(g) == reference.reachesPastMetrics(glyph: g), "glyph \(g)")
        }
    }

    /// Faces without a `CFF ` table (DejaVu Sans's glyf, a color bitmap face) have no probe: HarfBuzz measures.
    @Test func facesWithoutACFFTableHaveNoProbe() throws {
        for path in [Fonts.dejaVuSans, Fonts.notoColorEmoji] {
            let face = try FontFace(source: FontSource(path: path, index: 0))
            #expect(face.probedExtent(of: 1) == nil)
            #expect(!face.probedInside(1))
        }
    }
}
