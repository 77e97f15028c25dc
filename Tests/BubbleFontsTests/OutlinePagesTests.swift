import BubbleFonts
import BubbleTestSupport
import Testing

/// The ink check reads glyph outlines, and a large face hands their pages back afterwards: what it
/// reads again must be the same bytes (they come back from the file).
@Suite struct OutlinePagesTests {
    @Test func inkIsTheSameAfterTheOutlinePagesGoBack() throws {
        let face = try FontFace(source: FontSource(path: Fonts.notoSansCJK, index: 2))
        #expect(face.releasableOutlineBytes > 1 << 20)  // its CFF table, in whole pages
        #expect(face.releasableOutlineBytes % 4096 == 0)
        let glyphs = (0x4E00..<0x4E80).compactMap { face.glyph(for: UInt32($0)) }
        #expect(glyphs.count == 0x80)
        func ink() -> [Double] {
            glyphs.flatMap { g -> [Double] in face.inkBounds(glyph: g, size: 16).map { [$0.above, $0.below] } ?? [.nan] }
        }
        let before = ink()
        #expect(!before.contains { $0.isNaN })  // every ideograph has ink
        for _ in 0..<3 {
            face.releaseOutlinePages(afterReading: 1)
            #expect(ink() == before)
            #expect(glyphs.map { face.reachesPastMetrics(glyph: $0) } == glyphs.map { _ in false })
        }
    }
}
