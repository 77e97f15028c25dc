import BubbleMapping

/// How a line's height is measured: the profile of the client that will draw the text.
public enum LineMetrics: String, Sendable, Codable, CaseIterable {
    /// Each run's fractional ascent and descent, as the font gives them: what CoreText (iOS, macOS) and
    /// Android's `StaticLayout` with `includeFontPadding=false` measure.
    case exact
    /// What Blink (Chrome, Edge, Electron, Android WebView) measures for `line-height: normal`: each
    /// face's ascent and descent rounded to whole px, its line gap split into half-leading, the block's
    /// primary font as a strut on every line, inline boxes aligned as CSS `vertical-align` aligns them.
    case web
    /// What Flutter's SkParagraph measures with its default `TextStyle` (no `height`, proportional
    /// leading, `TextHeightBehavior` all on) and no strut: each run's ascent and descent with the font's
    /// line gap split evenly above and below, and each line's height rounded to a whole px
    /// (`round(descent − ascent + leading)`), the baseline at the unrounded ascent. No line grows for
    /// ink past its box (SkParagraph's does not). With ``LineBreaking/flutter``, its breaks too.
    case flutter

    /// How far past its width a line may reach and still fit: float noise only for `exact`; for `web`,
    /// one LayoutUnit, as Blink's line breaker allows (it measures a line in LayoutUnits and gives it one
    /// more to absorb their rounding), so a line that ends within 1/64 px past the edge stays whole.
    var fitSlack: Double { self == .web ? WebLineMetrics.fitSlack : LineWrapper.tolerance }
}

/// A run's vertical extent above and below the baseline, px.
struct VerticalExtent {
    var ascent: Double
    var descent: Double
}

/// SkParagraph's line box (Skia's `modules/skparagraph`, `Run::calculateMetrics` and
/// `InternalLineMetrics`), read from its source and measured by `scripts/check-skparagraph`.
enum FlutterLineMetrics {
    /// A run's extent: its ascent and descent, the face's line gap split in two around them.
    @inline(__always)
    static func text(ascent: Double, descent: Double, lineGap: Double) -> VerticalExtent {
        let half = max(lineGap, 0) / 2
        return VerticalExtent(ascent: ascent + half, descent: descent + half)
    }

    /// A line's height: its extent rounded to a whole px, half away from zero.
    @inline(__always)
    static func height(ascent: Double, descent: Double) -> Double { (ascent + descent).rounded() }

    /// `TextStyle.height` (a multiple of the font size) with Flutter's default proportional leading:
    /// the run's ascent and descent scaled together to `multiple × size`.
    static func scaled(_ e: VerticalExtent, multiple: Double, size: Double) -> VerticalExtent {
        let total = e.ascent + e.descent
        guard total > 0 else { return e }
        let k = multiple * size / total
        return VerticalExtent(ascent: e.ascent * k, descent: e.descent * k)
    }
}

/// Blink's rules for `line-height: normal`, read from its source (third_party/blink/renderer/platform/fonts
/// and core/layout/inline), not fitted to data.
enum WebLineMetrics {
    /// Blink lays out in LayoutUnits of 1/64 px.
    static let unit = 64.0
    /// One LayoutUnit: the slack Blink's line breaker gives a line's available width.
    static let fitSlack = 1 / unit

    /// A face's extent in a line box: `SimpleFontData` rounds the ascent and descent half away from zero
    /// (`FontMetrics::AscentDescentWithHacks`); `line-height: normal` is their sum plus the rounded line
    /// gap, and the difference is leading split in two, the upper half truncated to a LayoutUnit
    /// (`CalculateLeadingSpace`).
    static func text(ascent: Double, descent: Double, lineGap: Double) -> VerticalExtent {
        let a = ascent.rounded(), d = descent.rounded()
        let leading = max(lineGap, 0).rounded()
        let above = (leading * unit / 2).rounded(.towardZero) / unit
        return VerticalExtent(ascent: a + above, descent: d + leading - above)
    }

    /// An inline box (an `<img>`, baseline at its bottom edge) `height` px tall, shifted as
    /// `vertical-align` shifts it against its parent's primary font (`InlineBoxState`'s baseline shift):
    /// `middle` puts its middle half the x-height above the baseline; `text-top` and `text-bottom` align
    /// it with the parent's rounded ascent or descent.
    static func box(height: Double, alignment: PlaceholderAlignment, parentAscent: Double, parentDescent: Double,
                    parentXHeight: Double) -> VerticalExtent {
        let h = (height * unit).rounded() / unit
        switch alignment {
        case .baseline:
            return VerticalExtent(ascent: h, descent: 0)
        case .center:
            let shift = (h * unit / 2).rounded(.towardZero) / unit - (parentXHeight / 2 * unit).rounded() / unit
            return VerticalExtent(ascent: h - shift, descent: shift)
        case .top:
            let a = parentAscent.rounded()
            return VerticalExtent(ascent: a, descent: h - a)
        case .bottom:
            let d = parentDescent.rounded()
            return VerticalExtent(ascent: h - d, descent: d)
        }
    }
}
