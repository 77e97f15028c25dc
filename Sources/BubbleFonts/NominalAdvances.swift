internal import CHarfBuzz

/// A face's horizontal advances in design units, read from its `hmtx` table as HarfBuzz's OpenType
/// functions read them, and scaled to a size as HarfBuzz scales them: what ``FontFace/advance(glyph:size:)``
/// answers without a HarfBuzz font.
///
/// Only for a face without variations (no `fvar`: HarfBuzz would add `HVAR` deltas) whose `hmtx` holds a
/// record for every glyph; any other face, and any glyph past the table, asks HarfBuzz.
/// `FontFaceAdvanceTests` hold the two equal for every glyph of the installed test fonts at several sizes.
struct NominalAdvances: @unchecked Sendable {
    private let table: OpaquePointer
    private let bytes: UnsafeRawPointer
    /// Glyphs with an advance record of their own (`hhea.numberOfHMetrics`); the rest take the last one's.
    private let longMetrics: Int
    private let glyphCount: Int

    init?(_ face: OpaquePointer) {
        guard hb_face_reference_table(face, 0x6676_6172).map({ blob in  // 'fvar'
            defer { hb_blob_destroy(blob) }
            return hb_blob_get_length(blob) == 0
        }) ?? true else { return nil }
        guard let hhea = hb_face_reference_table(face, 0x6868_6561) else { return nil }  // 'hhea'
        defer { hb_blob_destroy(hhea) }
        var hheaLength: UInt32 = 0
        guard let header = hb_blob_get_data(hhea, &hheaLength), hheaLength >= 36 else { return nil }
        let raw = UnsafeRawPointer(header)
        let count = Int(raw.load(fromByteOffset: 34, as: UInt8.self)) << 8 | Int(raw.load(fromByteOffset: 35, as: UInt8.self))
        let glyphs = Int(hb_face_get_glyph_count(face))
        guard count > 0, glyphs > 0, let hmtx = hb_face_reference_table(face, 0x686D_7478) else { return nil }  // 'hmtx'
        var length: UInt32 = 0
        let longMetrics = min(count, glyphs)
        guard let data = hb_blob_get_data(hmtx, &length), Int(length) >= 4 * longMetrics + 2 * (glyphs - longMetrics) else {
            hb_blob_destroy(hmtx)
            return nil
        }
        table = hmtx
        bytes = UnsafeRawPointer(data)
        self.longMetrics = longMetrics
        glyphCount = glyphs
    }

    /// Lets the table go (the face's deinit).
    func release() { hb_blob_destroy(table) }

    /// The advance of `glyph` in design units; nil past the face's glyphs or beyond what HarfBuzz scales
    /// as a signed 16-bit value.
    @inline(__always)
    func units(of glyph: UInt32) -> Int? {
        guard Int(glyph) < glyphCount else { return nil }
        let at = 4 * min(Int(glyph), longMetrics - 1)
        let units = Int(bytes.load(fromByteOffset: at, as: UInt8.self)) << 8 | Int(bytes.load(fromByteOffset: at + 1, as: UInt8.self))
        return units <= Int(Int16.max) ? units : nil
    }

    /// `units` at HarfBuzz scale `scale` (a font's `x_scale`) for a face of `unitsPerEm`: HarfBuzz's
    /// `em_mult`, a 16.16 multiplier (made by dividing in single precision) and the product rounded.
    @inline(__always)
    static func scaled(_ units: Int, scale: Int32, unitsPerEm: Int) -> Int32 {
        let multiplier = Int64(Float(Int64(scale) << 16) / Float(unitsPerEm))
        return Int32(truncatingIfNeeded: (Int64(units) * multiplier + 32768) >> 16)
    }
}
