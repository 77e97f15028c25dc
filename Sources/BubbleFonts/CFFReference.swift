internal import CHarfBuzz

/// HarfBuzz's reading of a bare `CFF ` table, in a face of its own (the table, and a `maxp` with its glyph
/// count, which HarfBuzz requires to match the CharStrings INDEX): the reference ``CFFInkProbe`` is checked
/// against where no font file holds the table (the `cff` fuzz target, hand-built tables in tests).
package final class CFFReference: @unchecked Sendable {
    private let face: OpaquePointer
    private let font: OpaquePointer

    /// nil when HarfBuzz cannot make a face of it (`glyphCount` 1 to 65,535).
    package init?(table: [UInt8], glyphCount: Int) {
        guard (1...0xFFFF).contains(glyphCount), let builder = hb_face_builder_create() else { return nil }
        defer { hb_face_destroy(builder) }
        let maxp: [UInt8] = [0, 0, 0x50, 0, UInt8(glyphCount >> 8), UInt8(glyphCount & 0xFF)]  // version 0.5: the count alone
        for (tag, bytes) in [(UInt32(0x4346_4620), table), (0x6D61_7870, maxp)] {  // 'CFF ', 'maxp'
            let blob = bytes.withUnsafeBytes {
                hb_blob_create($0.baseAddress?.assumingMemoryBound(to: CChar.self), UInt32($0.count), HB_MEMORY_MODE_DUPLICATE, nil, nil)
            }
            defer { hb_blob_destroy(blob) }
            guard hb_face_builder_add_table(builder, tag, blob) != 0 else { return nil }
        }
        guard let file = hb_face_reference_blob(builder) else { return nil }
        defer { hb_blob_destroy(file) }
        guard let face = hb_face_create(file, 0) else { return nil }
        guard let font = hb_font_create(face) else {
            hb_face_destroy(face)
            return nil
        }
        self.face = face
        self.font = font  // at its face's units per em (1,000 with no `head`): extents in design units
    }

    deinit {
        hb_font_destroy(font)
        hb_face_destroy(face)
    }

    /// The lowest and highest y of HarfBuzz's extents of `glyph`, design units, which HarfBuzz rounds to
    /// whole units; nil where it gives none.
    package func verticalExtent(of glyph: UInt32) -> (low: Double, high: Double)? {
        var e = hb_glyph_extents_t()
        guard hb_font_get_glyph_extents(font, glyph, &e) != 0 else { return nil }
        return (Double(e.y_bearing + e.height), Double(e.y_bearing))
    }
}

extension CFFReference {
    /// What must hold of the probe of a table (its `bytes`, in the file at `path`) for each of `glyphs`, or
    /// what broke; nil as well when the probe does not take the table. Each glyph's extent is asked twice
    /// (the second from the subroutines the probe keeps, and must be the first), must be finite with low ≤
    /// high, and where HarfBuzz reads the glyph too must hold HarfBuzz's, to its rounding to whole units:
    /// the probe settles a glyph as inside the face's metrics on that extent alone. What the `cff` fuzz
    /// target checks of every input, and `CFFRegressionTests` of each input it once failed on.
    package static func problem(table bytes: [UInt8], at path: String, glyphs: [UInt32]) -> String? {
        guard let probe = CFFInkProbe(path: path, tableStart: 0, tableLength: bytes.count) else { return nil }
        let reference = CFFReference(table: bytes, glyphCount: probe.glyphCount)
        for glyph in glyphs {
            let first = probe.verticalExtent(of: glyph), again = probe.verticalExtent(of: glyph)
            guard first?.low == again?.low && first?.high == again?.high else {
                return "glyph \(glyph): \(String(describing: first)), then \(String(describing: again))"
            }
            guard let e = first else { continue }
            guard e.low.isFinite && e.high.isFinite && e.low <= e.high else { return "glyph \(glyph): extent \(e.low)...\(e.high)" }
            if let ink = reference?.verticalExtent(of: glyph), ink.low < ink.high, e.low > ink.low + 1 || e.high < ink.high - 1 {
                return "glyph \(glyph): the probe's extent \(e.low)...\(e.high) does not hold HarfBuzz's \(ink.low)...\(ink.high)"
            }
        }
        return nil
    }
}
