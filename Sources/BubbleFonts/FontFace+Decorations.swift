internal import CHarfBuzz

/// Where a face draws its underline and strikethrough at one size, px: offsets are the top of the
/// stroke above the baseline (negative below), as OpenType's `post` and `OS/2` tables give them.
package struct DecorationMetrics: Sendable, Equatable {
    package var underlineOffset: Double
    package var underlineThickness: Double
    package var strikeoutOffset: Double
    package var strikeoutThickness: Double
}

extension FontFace {
    /// The face's underline (`post`) and strikeout (`OS/2`) metrics at `size` px, through HarfBuzz, which
    /// synthesizes what a face lacks (a stroke of about 1/14 em under the baseline; a strikeout at half
    /// the x-height). Thicknesses are at least 1/32 em, so a stroke never vanishes. Not cached: a renderer
    /// asks once per face and size.
    package func decorationMetrics(size: Double) -> DecorationMetrics {
        let font = hbFont(size: size)
        defer { hb_font_destroy(font) }
        let scale = Double(FontFace.scale(size))
        func position(_ tag: hb_ot_metrics_tag_t) -> Double {
            var value: hb_position_t = 0
            hb_ot_metrics_get_position_with_fallback(font, tag, &value)
            return Double(value) / scale * size
        }
        let minimum = size / 32
        return DecorationMetrics(underlineOffset: position(HB_OT_METRICS_TAG_UNDERLINE_OFFSET),
                                 underlineThickness: max(position(HB_OT_METRICS_TAG_UNDERLINE_SIZE), minimum),
                                 strikeoutOffset: position(HB_OT_METRICS_TAG_STRIKEOUT_OFFSET),
                                 strikeoutThickness: max(position(HB_OT_METRICS_TAG_STRIKEOUT_SIZE), minimum))
    }
}
