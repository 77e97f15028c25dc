import Foundation

/// Reads a few OpenType tables straight from a font file, independently of HarfBuzz and FreeType,
/// so tests can check shaping results against the font's own numbers.
package struct OpenTypeTables {
    package let unitsPerEm: Int
    private let data: [UInt8]
    private let tables: [String: Int]  // tag → offset

    package init(path: String) throws {
        guard let d = FileManager.default.contents(atPath: path) else { throw Fonts.Missing(path: path, package: "fonts-dejavu-core") }
        data = [UInt8](d)
        var tables: [String: Int] = [:]
        let count = Int(OpenTypeTables.u16(data, 4))
        for i in 0..<count {
            let record = 12 + 16 * i
            let tag = String(decoding: data[record..<record + 4], as: UTF8.self)
            tables[tag] = Int(OpenTypeTables.u32(data, record + 8))
        }
        self.tables = tables
        unitsPerEm = Int(OpenTypeTables.u16(data, tables["head"]! + 18))
    }

    /// Advance width in font units of `glyph` (hmtx).
    package func advance(glyph: Int) -> Int {
        let hhea = tables["hhea"]!, hmtx = tables["hmtx"]!
        let metrics = Int(OpenTypeTables.u16(data, hhea + 34))
        let index = min(glyph, metrics - 1)
        return Int(OpenTypeTables.u16(data, hmtx + 4 * index))
    }

    /// Glyph of a BMP code point from the cmap's format 4 subtable.
    package func glyph(for scalar: UInt32) -> Int? {
        let cmap = tables["cmap"]!
        let count = Int(OpenTypeTables.u16(data, cmap + 2))
        for i in 0..<count {
            let platform = OpenTypeTables.u16(data, cmap + 4 + 8 * i), encoding = OpenTypeTables.u16(data, cmap + 6 + 8 * i)
            guard platform == 3 && encoding == 1 else { continue }
            let sub = cmap + Int(OpenTypeTables.u32(data, cmap + 8 + 8 * i))
            guard OpenTypeTables.u16(data, sub) == 4 else { continue }
            let segX2 = Int(OpenTypeTables.u16(data, sub + 6))
            let ends = sub + 14, starts = ends + segX2 + 2, deltas = starts + segX2, rangeOffsets = deltas + segX2
            for s in stride(from: 0, to: segX2, by: 2) where UInt32(OpenTypeTables.u16(data, ends + s)) >= scalar {
                let start = UInt32(OpenTypeTables.u16(data, starts + s))
                guard start <= scalar else { return nil }
                let delta = Int(OpenTypeTables.u16(data, deltas + s)), ro = Int(OpenTypeTables.u16(data, rangeOffsets + s))
                if ro == 0 { return (Int(scalar) + delta) & 0xFFFF }
                let g = Int(OpenTypeTables.u16(data, rangeOffsets + s + ro + 2 * Int(scalar - start)))
                return g == 0 ? nil : (g + delta) & 0xFFFF
            }
        }
        return nil
    }

    /// `post`'s underline position and thickness and `OS/2`'s strikeout position and size, font units
    /// (positions are the top of the stroke above the baseline, negative below).
    public var decorations: (underlinePosition: Int, underlineThickness: Int, strikeoutPosition: Int, strikeoutSize: Int) {
        let post = tables["post"]!, os2 = tables["OS/2"]!
        func s16(_ o: Int) -> Int { Int(Int16(bitPattern: OpenTypeTables.u16(data, o))) }
        return (s16(post + 8), s16(post + 10), s16(os2 + 28), s16(os2 + 26))
    }

    static func u16(_ d: [UInt8], _ o: Int) -> UInt16 { UInt16(d[o]) << 8 | UInt16(d[o + 1]) }
    static func u32(_ d: [UInt8], _ o: Int) -> UInt32 { UInt32(u16(d, o)) << 16 | UInt32(u16(d, o + 2)) }
}

/// The fonts tests use, located by path; a missing one fails with its Debian package's name.
package enum Fonts {
    package static let dejaVuSans = "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf"
    package static let notoSansCJK = "/usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc"
    package static let notoSansCJKBold = "/usr/share/fonts/opentype/noto/NotoSansCJK-Bold.ttc"
    package static let notoSerifCJK = "/usr/share/fonts/opentype/noto/NotoSerifCJK-Regular.ttc"
    package static let notoColorEmoji = "/usr/share/fonts/truetype/noto/NotoColorEmoji.ttf"

    package struct Missing: Error, CustomStringConvertible {
        package let path: String
        package let package: String
        package var description: String { "\(path) is missing: apt-get install \(package)" }
    }

    /// `path`, or a `Missing` error naming `package`.
    package static func require(_ path: String, package: String) throws -> String {
        guard FileManager.default.fileExists(atPath: path) else { throw Missing(path: path, package: package) }
        return path
    }
}
