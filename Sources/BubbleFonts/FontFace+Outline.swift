internal import CHarfBuzz

extension FontFace {
    /// The outline of `glyph` in font design units (y up), or nil when the glyph has no outline
    /// (a bitmap-only color glyph) or FreeType cannot load it. A space gives an empty outline.
    ///
    /// Loads with `FT_LOAD_NO_SCALE | FT_LOAD_NO_BITMAP` and decomposes with `FT_Outline_Decompose`,
    /// all under FreeType's lock; the points are copied out before the lock is released.
    package func outline(glyph: UInt32) -> GlyphOutline? {
        FreeType.shared.withLock { () -> GlyphOutline? in
            guard let ftFace = openFreeTypeFaceLocked() else { return nil }
            let flags = FT_Int32(FT_LOAD_NO_SCALE) | FT_Int32(FT_LOAD_NO_BITMAP)
            guard FT_Load_Glyph(ftFace, glyph, flags) == 0, let slot = ftFace.pointee.glyph,
                  slot.pointee.format == FT_GLYPH_FORMAT_OUTLINE else { return nil }
            let sink = OutlineSink()
            var funcs = FT_Outline_Funcs(
                move_to: { to, user in OutlineSink.from(user).move(to) },
                line_to: { to, user in OutlineSink.from(user).line(to) },
                conic_to: { control, to, user in OutlineSink.from(user).quad(control, to) },
                cubic_to: { c1, c2, to, user in OutlineSink.from(user).cubic(c1, c2, to) },
                shift: 0, delta: 0)
            let error = withExtendedLifetime(sink) {
                FT_Outline_Decompose(&slot.pointee.outline, &funcs, Unmanaged.passUnretained(sink).toOpaque())
            }
            guard error == 0 else { return nil }
            sink.closeContour()
            return GlyphOutline(commands: sink.commands, unitsPerEm: unitsPerEm)
        }
    }

    /// The PNG image of color glyph `glyph` and its placement at `size` px, or nil when the face
    /// has no PNG for it (HarfBuzz's `hb_ot_color_glyph_reference_png`; Noto Color Emoji is CBDT).
    package func pngImage(glyph: UInt32, size: Double) -> GlyphImage? {
        guard hasPNGGlyphs else { return nil }
        let font = hbFont(size: size)
        defer { hb_font_destroy(font) }
        guard let blob = hb_ot_color_glyph_reference_png(font, glyph) else { return nil }
        defer { hb_blob_destroy(blob) }
        var length: UInt32 = 0
        guard let data = hb_blob_get_data(blob, &length), length > 0 else { return nil }
        let png = [UInt8](UnsafeRawBufferPointer(start: data, count: Int(length)))
        var extents = hb_glyph_extents_t()
        guard hb_font_get_glyph_extents(font, glyph, &extents) != 0 else { return nil }
        let k = size / Double(FontFace.scale(size))  // HarfBuzz units → px
        return GlyphImage(png: png, x: Double(extents.x_bearing) * k, top: Double(extents.y_bearing) * k,
                          width: Double(extents.width) * k, height: -Double(extents.height) * k)
    }

    /// The FreeType face, opened on first use. The caller holds `FreeType.shared.lock`.
    private func openFreeTypeFaceLocked() -> FT_Face? {
        if freeTypeFaceTried { return freeTypeFace }
        freeTypeFaceTried = true
        var ftFace: FT_Face?
        guard FT_New_Face(FreeType.shared.library, source.path, FT_Long(source.index), &ftFace) == 0 else { return nil }
        freeTypeFace = ftFace
        return ftFace
    }
}

/// Collects FreeType's decomposition callbacks into ``GlyphOutline`` commands.
private final class OutlineSink {
    var commands: [GlyphOutline.Command] = []
    private var open = false

    static func from(_ user: UnsafeMutableRawPointer?) -> OutlineSink {
        Unmanaged<OutlineSink>.fromOpaque(user!).takeUnretainedValue()
    }

    func closeContour() {
        if open { commands.append(.close); open = false }
    }

    func move(_ to: UnsafePointer<FT_Vector>?) -> Int32 {
        guard let to else { return 1 }
        closeContour()
        commands.append(.moveTo(x: Double(to.pointee.x), y: Double(to.pointee.y)))
        open = true
        return 0
    }

    func line(_ to: UnsafePointer<FT_Vector>?) -> Int32 {
        guard let to else { return 1 }
        commands.append(.lineTo(x: Double(to.pointee.x), y: Double(to.pointee.y)))
        return 0
    }

    func quad(_ control: UnsafePointer<FT_Vector>?, _ to: UnsafePointer<FT_Vector>?) -> Int32 {
        guard let control, let to else { return 1 }
        commands.append(.quadTo(cx: Double(control.pointee.x), cy: Double(control.pointee.y),
                                x: Double(to.pointee.x), y: Double(to.pointee.y)))
        return 0
    }

    func cubic(_ c1: UnsafePointer<FT_Vector>?, _ c2: UnsafePointer<FT_Vector>?, _ to: UnsafePointer<FT_Vector>?) -> Int32 {
        guard let c1, let c2, let to else { return 1 }
        commands.append(.cubicTo(c1x: Double(c1.pointee.x), c1y: Double(c1.pointee.y),
                                 c2x: Double(c2.pointee.x), c2y: Double(c2.pointee.y),
                                 x: Double(to.pointee.x), y: Double(to.pointee.y)))
        return 0
    }
}
