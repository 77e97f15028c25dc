import BubbleFonts
import BubbleRendering
import BubbleTestSupport
import Testing

@Suite struct GlyphOutlineTests {
    @Test func anOutlineIsClosedContoursInFontUnits() throws {
        let face = try FontFace(source: FontSource(path: try Fonts.require(Fonts.dejaVuSans, package: "fonts-dejavu-core")))
        let glyph = try #require(face.glyph(for: UInt32(("H" as Unicode.Scalar).value)))
        let outline = try #require(face.outline(glyph: glyph))
        // DejaVu Sans's H is one contour of 12 straight segments, 1493 units (0.729 em) tall.
        #expect(outline.commands.first == .moveTo(x: 201, y: 1493))
        #expect(outline.commands.last == .close)
        #expect(outline.commands.filter { $0 == .close }.count == 1)
        let ys = outline.commands.compactMap { if case let .lineTo(_, y) = $0 { y } else { nil } }
        #expect(ys.max() == 1493 && ys.min() == 0)
        #expect(outline.svgPathData(scale: 0.5).hasPrefix("M100.5 -746.5L"))
    }

    @Test func aSpaceHasAnEmptyOutlineAndAColorGlyphHasAPNG() throws {
        let face = try FontFace(source: FontSource(path: try Fonts.require(Fonts.dejaVuSans, package: "fonts-dejavu-core")))
        let space = try #require(face.glyph(for: 0x20))
        #expect(face.outline(glyph: space)?.isEmpty == true)
        #expect(face.pngImage(glyph: space, size: 16) == nil)
        let emoji = try FontFace(source: FontSource(path: try Fonts.require(Fonts.notoColorEmoji, package: "fonts-noto-color-emoji")))
        let grin = try #require(emoji.glyph(for: 0x1F600))
        let image = try #require(emoji.pngImage(glyph: grin, size: 16))
        #expect(image.png.starts(with: [0x89, 0x50, 0x4E, 0x47]))
        #expect(image.width > 16 && image.width < 22 && image.height > 14 && image.height < 22)
        #expect(image.top > 10)
    }
}
