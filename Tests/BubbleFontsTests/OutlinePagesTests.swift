import BubbleFonts
import BubbleTestSupport
import Foundation
import Testing

/// The ink check reads glyph outlines, and a large face hands their pages back afterwards: what it
/// reads again must be the same bytes (they come back from the file), and the pages handed back after a
/// glyph must be the ones its outline lies in, which the face finds through the table's own index.
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
        for round in 0..<3 {
            if round == 0 { face.releaseOutlineTable() } else { glyphs.forEach(face.releaseOutline(of:)) }
            #expect(ink() == before)
            #expect(glyphs.map { face.reachesPastMetrics(glyph: $0) } == glyphs.map { _ in false })
        }
    }

    /// CFF: the CharStrings INDEX places every glyph's charstring right after the one before, each a
    /// Type 2 program ending in `endchar` (14) or in a call of a subroutine that does.
    @Test func cffCharStringsAreFoundThroughTheIndex() throws {
        let face = try FontFace(source: FontSource(path: Fonts.notoSansCJK, index: 2))
        var previousEnd: UnsafeRawPointer?
        for g in 0..<UInt32(face.glyphCount) {
            let bytes = try #require(face.outlineBytes(of: g))
            if let previousEnd { try #require(bytes.baseAddress == previousEnd) }
            previousEnd = bytes.baseAddress.map { $0 + bytes.count }
            #expect(bytes.count > 0 && [14, 10, 29].contains(bytes[bytes.count - 1]))
        }
        #expect(face.outlineBytes(of: UInt32(face.glyphCount)) == nil)
    }

    /// glyf: loca gives each glyph's bytes, whose header box is what HarfBuzz reports as its ink at a
    /// size of one pixel per font unit.
    @Test func glyfOutlinesAreFoundThroughLoca() throws {
        let face = try FontFace(source: FontSource(path: Fonts.dejaVuSans))
        #expect(face.releasableOutlineBytes > 0)
        let upem = Double(face.unitsPerEm)
        for scalar in Array("AÅgjyÉ$@".unicodeScalars) {
            let g = try #require(face.glyph(for: scalar.value))
            let bytes = try #require(face.outlineBytes(of: g))
            #expect(bytes.count >= 10)
            func int16(_ at: Int) -> Double { Double(Int16(bitPattern: UInt16(bytes[at]) << 8 | UInt16(bytes[at + 1]))) }
            let ink = try #require(face.inkBounds(glyph: g, size: upem))
            #expect(ink.above == int16(8), "yMax of \(scalar)")
            #expect(ink.below == -int16(4), "yMin of \(scalar)")
        }
    }

    /// After a glyph is measured and handed back, none of its outline's pages is mapped: the process's
    /// own page table says so (`/proc/self/pagemap`, whose present bit needs no privilege).
    @Test func aGlyphsOwnPagesGoBackAfterItsInk() throws {
        let face = try FontFace(source: FontSource(path: Fonts.notoSansCJK, index: 2))
        let g = try #require(face.glyph(for: 0x9F8D))  // 龍
        let page = try OutlinePage(of: g, in: face)
        _ = face.inkBounds(glyph: g, size: 16)
        #expect(try page.isMapped())
        face.releaseOutline(of: g)
        #expect(try !page.isMapped())
        _ = face.inkBounds(glyph: g, size: 16)
        #expect(try page.isMapped())
    }

    /// `isTall` reads a glyph's outline once per face, whichever typesetter or thread asks, and hands its
    /// pages back after that read: asked again, the face answers from memory, reading and handing back
    /// nothing (the page mapped meanwhile stays mapped).
    @Test func aGlyphsInkIsReadOncePerFace() throws {
        let face = try FontFace(source: FontSource(path: Fonts.notoSansCJK, index: 2))
        let g = try #require(face.glyph(for: 0x9F98))  // 龘
        let page = try OutlinePage(of: g, in: face)
        #expect(face.isTall(g) == face.reachesPastMetrics(glyph: g))
        face.releaseOutline(of: g)
        #expect(try !page.isMapped())
        _ = face.inkBounds(glyph: g, size: 16)
        #expect(try page.isMapped())
        let answers = (0..<4).map { _ in face.isTall(g) }
        #expect(Set(answers) == [false])  // an ideograph's ink stays inside the CJK face's metrics
        #expect(try page.isMapped())
        let dejaVu = try FontFace(source: FontSource(path: Fonts.dejaVuSans))
        let tall = try #require(dejaVu.glyph(for: 0x1EAA))  // Ẫ reaches above DejaVu Sans's ascent
        #expect(dejaVu.isTall(tall) && dejaVu.isTall(tall))
        #expect(!dejaVu.isTall(try #require(dejaVu.glyph(for: 0x78))))
    }
}

/// The page that holds the start of a glyph's outline in its face's mapping, and whether the process
/// maps it now.
private struct OutlinePage {
    let address: UInt64

    init(of glyph: UInt32, in face: FontFace) throws {
        address = UInt64(UInt(bitPattern: try #require(face.outlineBytes(of: glyph)).baseAddress))
    }

    func isMapped() throws -> Bool {
        let pagemap = try FileHandle(forReadingFrom: URL(fileURLWithPath: "/proc/self/pagemap"))
        defer { try? pagemap.close() }
        try pagemap.seek(toOffset: address / UInt64(sysconf(Int32(_SC_PAGESIZE))) * 8)
        let entry = try #require(try pagemap.read(upToCount: 8))
        return entry.withUnsafeBytes { $0.loadUnaligned(as: UInt64.self) } >> 63 == 1
    }
}
