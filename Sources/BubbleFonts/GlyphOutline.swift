/// A glyph's outline as path commands, in font design units (y up, origin on the baseline at the pen).
///
/// Made by ``FontFace/outline(glyph:)`` from FreeType's decomposition; contours are closed
/// explicitly, so the SVG path needs no implicit-close rules.
package struct GlyphOutline: Sendable, Equatable {
    /// One drawing command; points are in font units, y up.
    package enum Command: Sendable, Equatable {
        case moveTo(x: Double, y: Double)
        case lineTo(x: Double, y: Double)
        /// A quadratic Bézier (TrueType's conic) with one control point.
        case quadTo(cx: Double, cy: Double, x: Double, y: Double)
        /// A cubic Bézier (CFF) with two control points.
        case cubicTo(c1x: Double, c1y: Double, c2x: Double, c2y: Double, x: Double, y: Double)
        case close
    }

    package var commands: [Command]
    /// The face's design units per em, so ``svgPathData(scale:)`` callers can normalize.
    package var unitsPerEm: Int

    package init(commands: [Command], unitsPerEm: Int) {
        self.commands = commands
        self.unitsPerEm = unitsPerEm
    }

    /// Whether the glyph draws nothing (a space, or a bitmap-only glyph).
    package var isEmpty: Bool { commands.isEmpty }
}

/// A color glyph's PNG image (from a CBDT or sbix table) and where it sits, at one font size.
package struct GlyphImage: Sendable, Equatable {
    /// The PNG file's bytes, exactly as the font stores them.
    package var png: [UInt8]
    /// Left edge relative to the pen, px (HarfBuzz `x_bearing`).
    package var x: Double
    /// Top edge above the baseline, px (HarfBuzz `y_bearing`, y up).
    package var top: Double
    /// Size the image is drawn at, px (positive; y down).
    package var width: Double
    package var height: Double
}
