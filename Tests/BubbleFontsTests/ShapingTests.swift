import BubbleFonts
import BubbleTestSupport
import Testing

@Suite struct ShapingTests {
    /// Shapes `text` with one face and returns its glyphs.
    func shape(_ text: String, face: FontFace, size: Double) -> GlyphBuffer {
        let units = Array(text.utf16)
        var glyphs = GlyphBuffer()
        units.withUnsafeBufferPointer {
            _ = Shaper().shape($0, run: 0..<units.count, as: ShapingRequest(face: face, size: size, script: 0x4C61_746E, rightToLeft: false), into: &glyphs)
        }
        return glyphs
    }

    @Test(arguments: [12.0, 16.0, 17.5, 40.0])
    func advancesEqualTheFontsHmtxAtTheSizeAsked(size: Double) throws {
        let path = try Fonts.require(Fonts.dejaVuSans, package: "fonts-dejavu-core")
        let tables = try OpenTypeTables(path: path)
        let face = try FontFace(source: FontSource(path: path))
        let text = "Bubble sizes chats"
        let glyphs = shape(text, face: face, size: size)
        #expect(glyphs.count == text.unicodeScalars.count)
        for (i, scalar) in text.unicodeScalars.enumerated() {
            let glyph = try #require(tables.glyph(for: scalar.value))
            #expect(Int(glyphs[i].id) == glyph)
            let expected = Double(tables.advance(glyph: glyph)) * size / Double(tables.unitsPerEm)
            #expect(abs(Double(glyphs[i].advance) - expected) < 1.0 / 512, "\(scalar) at \(size)px")
        }
    }

    @Test func kerningNarrowsAV() throws {
        let path = try Fonts.require(Fonts.dejaVuSans, package: "fonts-dejavu-core")
        let tables = try OpenTypeTables(path: path)
        let face = try FontFace(source: FontSource(path: path))
        let glyphs = shape("AV", face: face, size: 16)
        let plain = "AV".unicodeScalars.map { Double(tables.advance(glyph: tables.glyph(for: $0.value)!)) * 16 / Double(tables.unitsPerEm) }
        #expect(Double(glyphs[0].advance + glyphs[1].advance) < plain.reduce(0, +) - 0.1)
    }

    @Test func clustersAreUTF16OffsetsOfTheContext() throws {
        let face = try FontFace(source: FontSource(path: try Fonts.require(Fonts.dejaVuSans, package: "fonts-dejavu-core")))
        let units = Array("ab cd".utf16)
        var glyphs = GlyphBuffer()
        units.withUnsafeBufferPointer {
            _ = Shaper().shape($0, run: 3..<5, as: ShapingRequest(face: face, size: 16, script: 0x4C61_746E, rightToLeft: false), into: &glyphs)
        }
        #expect(glyphs.map(\.cluster) == [3, 4])
    }
}
