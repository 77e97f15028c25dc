import BubbleFonts
import BubbleTestSupport
import Foundation
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

/// A hostile or broken `CFF ` table (a font file given by path outside the service) makes the probe give
/// up on a glyph, never trap or run away: calls nested past the limit, calls that multiply at every level,
/// a number cut short, an overfull stack, a glyph past the table.
@Suite struct CFFInkProbeHostileTests {
    /// One byte per operand from -107 to 107, as Type 2 encodes them.
    static func int(_ v: Int) -> [UInt8] { [UInt8(v + 139)] }

    /// An INDEX of `items` with 4-byte offsets.
    static func index(_ items: [[UInt8]]) -> [UInt8] {
        guard !items.isEmpty else { return [0, 0] }
        var out: [UInt8] = [UInt8(items.count >> 8), UInt8(items.count & 0xFF), 4]
        var offset = 1
        for k in 0...items.count {
            out += [UInt8(offset >> 24), UInt8(offset >> 16 & 0xFF), UInt8(offset >> 8 & 0xFF), UInt8(offset & 0xFF)]
            if k < items.count { offset += items[k].count }
        }
        return items.reduce(out, +)
    }

    /// A CFF table (header, names, a Top DICT naming the CharStrings, no strings) with these global
    /// subroutines and charstrings.
    static func table(subroutines: [[UInt8]], glyphs: [[UInt8]]) -> [UInt8] {
        let head: [UInt8] = [1, 0, 4, 4] + index([[0x41]])
        let topSize = 6  // an int32 operand (29 and four bytes), then operator 17
        let before = head.count + index([[UInt8](repeating: 0, count: topSize)]).count + index([]).count + index(subroutines).count
        let top: [UInt8] = [29, UInt8(before >> 24), UInt8(before >> 16 & 0xFF), UInt8(before >> 8 & 0xFF), UInt8(before & 0xFF), 17]
        return head + index([top]) + index([]) + index(subroutines) + index(glyphs)
    }

    @Test(.timeLimit(.minutes(1))) func aBrokenCharstringIsGivenUpOn() throws {
        let bias = 107
        let callNext = { (k: Int) -> [UInt8] in Array(repeating: Self.int(k + 1 - bias) + [29], count: 60).flatMap { $0 } + [11] }
        let subroutines: [[UInt8]] = [Self.int(0 - bias) + [29, 11]]  // 0 calls itself
            + (1..<9).map { callNext($0) } + [[11]]  // 1 to 8: sixty calls of the next each, nine deep in all
        let glyphs: [[UInt8]] = [
            Self.int(0) + Self.int(0) + [21] + Self.int(10) + [247, 0x58] + [5, 14],  // rmoveto 0 0, rlineto 10 196, endchar
            Self.int(0 - bias) + [29, 14],  // calls into the endless recursion
            Self.int(1 - bias) + [29, 14],  // 60^8 calls, within the nesting limit: the operator budget stops it
            [28, 1],  // a number cut short
            Array(repeating: Self.int(1), count: 60).flatMap { $0 } + [14],  // more operands than the stack holds
        ]
        let bytes = CFFInkProbeHostileTests.table(subroutines: subroutines, glyphs: glyphs)
        let path = NSTemporaryDirectory() + "bubble-cff-\(getpid()).bin"
        try Data(bytes).write(to: URL(fileURLWithPath: path))
        defer { try? FileManager.default.removeItem(atPath: path) }
        let probe = try #require(CFFInkProbe(path: path, tableStart: 0, tableLength: bytes.count))
        let first = try #require(probe.verticalExtent(of: 0))
        #expect(first.low == 0 && first.high == 196)
        for g in 1..<UInt32(glyphs.count + 2) { #expect(probe.verticalExtent(of: g) == nil, "glyph \(g)") }
        #expect(CFFInkProbe(path: path, tableStart: 0, tableLength: 3) == nil)  // the header cut short
        #expect(CFFInkProbe(path: path + ".missing", tableStart: 0, tableLength: bytes.count) == nil)
    }
}

/// The probe against HarfBuzz on tables built here (``CFFReference``: HarfBuzz's reading of a bare table,
/// which the `cff` fuzz target also checks the probe against): each operator family the probe follows gives
/// HarfBuzz's extent, to HarfBuzz's rounding to whole units.
@Suite struct CFFReferenceTests {
    static func n(_ v: Int) -> [UInt8] {
        (-107...107).contains(v) ? [UInt8(v + 139)] : [28, UInt8(UInt16(bitPattern: Int16(v)) >> 8), UInt8(UInt16(bitPattern: Int16(v)) & 0xFF)]
    }

    @Test func theProbeReadsHarfBuzzsExtentForEachOperatorFamily() throws {
        let n = Self.n
        let bias = 107
        let glyphs: [[UInt8]] = [
            n(0) + n(0) + [21] + n(100) + n(700) + [5] + n(-100) + n(-700) + [5, 14],  // rmoveto, rlineto
            n(50) + n(10) + n(-20) + [21] + n(10) + n(20) + n(30) + n(40) + n(50) + n(60) + [8]  // a width, rrcurveto
                + n(10) + n(20) + n(30) + n(40) + [27] + n(5) + n(6) + n(7) + n(8) + [31]  // hhcurveto, hvcurveto
                + n(1) + n(2) + n(3) + n(-40) + [30] + n(1) + n(2) + n(3) + n(4) + n(5) + [26, 14],  // vhcurveto, vvcurveto
            n(0) + [22] + (1...12).flatMap { n($0 * 10) } + n(50) + [12, 35]  // hmoveto, flex
                + (1...7).flatMap { n($0 * -9) } + [12, 34] + (1...9).flatMap { n($0 * 7) } + [12, 36]  // hflex, hflex1
                + (1...11).flatMap { n($0 * -5) } + [12, 37, 14],  // flex1
            n(10) + n(20) + n(30) + n(40) + [18] + n(5) + n(15) + [23, 19, 0xE0]  // hstemhm, vstemhm, hintmask
                + n(-30) + [4] + n(300) + [6] + n(-250) + [7, 14],  // vmoveto, hlineto, vlineto
            n(0) + n(0) + [21] + n(500) + n(-600) + n(200) + n(900) + [5] + [255, 0, 12, 0x80, 0] + n(-30) + [5, 14],  // 2-byte numbers, a fixed
            n(0 - bias) + [29] + n(40) + n(80) + [5, 14],  // callgsubr, then a line
        ]
        let subroutines: [[UInt8]] = [n(5) + n(-5) + [21] + n(20) + n(-200) + [5, 11]]
        let bytes = CFFInkProbeHostileTests.table(subroutines: subroutines, glyphs: glyphs)
        let path = NSTemporaryDirectory() + "bubble-cff-reference-\(getpid()).bin"
        try Data(bytes).write(to: URL(fileURLWithPath: path))
        defer { try? FileManager.default.removeItem(atPath: path) }
        let probe = try #require(CFFInkProbe(path: path, tableStart: 0, tableLength: bytes.count))
        #expect(probe.glyphCount == glyphs.count)
        let reference = try #require(CFFReference(table: bytes, glyphCount: probe.glyphCount))
        for g in 0..<UInt32(glyphs.count) {
            let box = try #require(probe.verticalExtent(of: g), "glyph \(g): the probe gave up")
            let ink = try #require(reference.verticalExtent(of: g), "glyph \(g): HarfBuzz gave no extents")
            #expect(ink.low < ink.high, "glyph \(g): HarfBuzz drew nothing")
            // Every point of these outlines is one HarfBuzz counts too (each moveto is followed by a
            // drawing), so the two boxes are the same but for HarfBuzz's rounding.
            #expect(abs(box.low - ink.low) <= 1 && abs(box.high - ink.high) <= 1, "glyph \(g): probe \(box), HarfBuzz \(ink)")
        }
        // HarfBuzz wants the glyph count its `maxp` names to be the table's.
        #expect(CFFReference(table: bytes, glyphCount: glyphs.count + 1)?.verticalExtent(of: 0) == nil)
    }
}
