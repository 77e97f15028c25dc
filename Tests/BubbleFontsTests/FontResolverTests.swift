import BubbleFonts
import Testing

/// Fallback look-ups through fontconfig: a code point no installed font covers is answered from the union
/// of every font's coverage, without a sort of every font; one some font covers still finds its face.
@Suite struct FontResolverTests {
    @Test(arguments: [0x41, 0x416, 0x5D0, 0x627, 0x915, 0xB95, 0xD9A, 0x1000, 0x1780, 0x4E2D, 0x3042, 0xAC00, 0x1F600] as [UInt32])
    func aCoveredCodePointFindsAFaceThatHasIt(scalar: UInt32) throws {
        let source = try #require(FontResolver.shared.face(covering: scalar), "U+\(String(scalar, radix: 16))")
        let face = try FontFace(source: source)
        #expect(face.glyph(for: scalar) != nil)
    }

    @Test(arguments: [0x10FFFD, 0xFFFFF, 0xE0FFF, 0x110000, 0xFFFF_FFFF] as [UInt32])
    func aCodePointNoFontCoversIsNil(scalar: UInt32) {
        #expect(FontResolver.shared.face(covering: scalar) == nil)
        #expect(FontResolver.shared.face(covering: [0x41, scalar], language: nil) == nil)
    }

    /// A cluster is answered only by one face covering all of it, so one covered code point beside an
    /// uncovered one finds nothing, and two covered ones find a face with both.
    @Test func aClusterNeedsOneFaceForAllItsScalars() throws {
        let tamil: [UInt32] = [0xB95, 0xBCA]
        let source = try #require(FontResolver.shared.face(covering: tamil, language: "ta"))
        let face = try FontFace(source: source)
        #expect(tamil.allSatisfy { face.glyph(for: $0) != nil })
    }

    /// The Urdu full stop `۔` (U+06D4) is also in Noto Sans Hanifi Rohingya, which fontconfig sorts first
    /// near DejaVu Sans; for Arabic-script text the face made for the language (Noto Sans Arabic) wins,
    /// and with no language the old answer stands.
    @Test func aFaceMadeForTheLanguageWinsOverAnotherScriptsFace() throws {
        let source = try #require(FontResolver.shared.face(covering: [0x6D4], language: "ar", near: "DejaVu Sans"))
        #expect(try FontFace(source: source).family == "Noto Sans Arabic")
        let danda = try #require(FontResolver.shared.face(covering: [0x964], language: "bn", near: "DejaVu Sans"))
        #expect(try FontFace(source: danda).family == "Noto Sans Bengali")
    }
}
