@testable import BubbleFonts
import BubbleTestSupport
import Testing

/// ``FontFace/advance(glyph:size:)`` reads `hmtx` and scales as HarfBuzz does (``NominalAdvances``): the
/// kerning a line break drops is the shaped advance less this one, so the two must agree to the unit.
@Suite struct FontFaceAdvanceTests {
    static let faces: [(path: String, index: Int, package: String, italic: Bool)] = [
        (Fonts.dejaVuSans, 0, "fonts-dejavu-core", false),
        (Fonts.dejaVuSans, 0, "fonts-dejavu-core", true),  // synthetic slant: advances unchanged
        (Fonts.notoSansCJK, 2, "fonts-noto-cjk", false),
        (Fonts.notoColorEmoji, 0, "fonts-noto-color-emoji", false),
        ("/usr/share/fonts/truetype/noto/NotoNastaliqUrdu-Regular.ttf", 0, "fonts-noto-core", false),
        ("/usr/share/fonts/truetype/noto/NotoNaskhArabic-Regular.ttf", 0, "fonts-noto-core", false),
    ]

    @Test(arguments: 0..<faces.count)
    func everyGlyphAtEverySizeAsHarfBuzzGivesIt(_ k: Int) throws {
        let spec = FontFaceAdvanceTests.faces[k]
        let face = try FontFace(source: FontSource(path: try Fonts.require(spec.path, package: spec.package), index: spec.index),
                                syntheticItalic: spec.italic)
        #expect(face.readsAdvancesFromTable)
        var differing: [String] = []
        for size in [4.0, 7.5, 11, 13.3, 16, 28.25, 96, 333.7] {
            for glyph in 0..<UInt32(face.glyphCount + 2) {  // two past the last: HarfBuzz's answer for those
                let own = face.advance(glyph: glyph, size: size), hb = face.harfBuzzAdvance(glyph: glyph, size: size)
                if own != hb && differing.count < 5 { differing.append("glyph \(glyph) at \(size) px: \(own) against \(hb)") }
            }
        }
        #expect(differing.isEmpty, "\(spec.path): \(differing)")
    }
}
