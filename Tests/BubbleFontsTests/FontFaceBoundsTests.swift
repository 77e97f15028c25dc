import Foundation
import BubbleFonts
import BubbleTestSupport
import Testing

@Suite struct FontFaceBoundsTests {
    @Test func aFileWithoutGlyphsIsAnError() throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("bubble-no-glyphs-\(getpid()).ttf").path
        // A TrueType header with no tables: HarfBuzz opens it as an empty face.
        var bytes: [UInt8] = [0x00, 0x01, 0x00, 0x00, 0, 0, 0, 0, 0, 0, 0, 0]
        bytes += [UInt8](repeating: 0, count: 64)
        FileManager.default.createFile(atPath: path, contents: Data(bytes))
        defer { try? FileManager.default.removeItem(atPath: path) }
        for _ in 0..<3 {
            #expect(throws: FontError.self) { try FontFace(source: FontSource(path: path)) }
        }
    }

    @Test func harfBuzzFontsPerSizeStayFew() throws {
        let face = try FallbackChain().faces[0]
        let shaper = Shaper()
        let text = Array("Hello".utf16)
        for k in 0..<500 {
            var glyphs = GlyphBuffer()
            let size = 8 + Double(k) / 7
            text.withUnsafeBufferPointer {
                shaper.shape($0, run: 0..<text.count, as: ShapingRequest(face: face, size: size, script: 0x4C61_746E, rightToLeft: false),
                             into: &glyphs)
            }
            #expect(glyphs.count == 5)
            _ = face.metrics(size: size)
        }
        #expect(face.sizedFontCount <= 8)
    }

    @Test func scaleIsTotal() {
        #expect(FontFace.scale(3_000_000) == 1 << 24)
        #expect(FontFace.scale(.infinity) == 1 << 24)
        #expect(FontFace.scale(.nan) == 1)
        #expect(FontFace.scale(-5) == 1)
        #expect(FontFace.scale(16) == 16 * 1024)
    }
}

/// Underline and strikeout metrics come from the face's own `post` and `OS/2` tables (read here without
/// HarfBuzz or FreeType), scaled to the size.
@Suite struct DecorationMetricsTests {
    @Test(arguments: [12.0, 16, 23.5])
    func decorationsAreTheFontsOwnNumbers(size: Double) throws {
        let path = try Fonts.require(Fonts.dejaVuSans, package: "fonts-dejavu-core")
        let tables = try OpenTypeTables(path: path)
        let d = tables.decorations
        let m = try FontFace(source: FontSource(path: path)).decorationMetrics(size: size)
        let px = { (units: Int) in Double(units) * size / Double(tables.unitsPerEm) }
        let tolerance = 1.0 / 32  // HarfBuzz works in 26.6 fixed point at the size
        #expect(abs(m.underlineOffset - px(d.underlinePosition)) < tolerance, "\(m) \(d)")
        #expect(abs(m.underlineThickness - max(px(d.underlineThickness), size / 32)) < tolerance)
        #expect(abs(m.strikeoutOffset - px(d.strikeoutPosition)) < tolerance)
        #expect(abs(m.strikeoutThickness - max(px(d.strikeoutSize), size / 32)) < tolerance)
        #expect(m.underlineOffset < 0 && m.strikeoutOffset > 0)
    }
}
