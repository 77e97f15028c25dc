/// A glyph's outline as path commands, in font design units (y up, origin on the baseline at the pen).
///
/// Made by ``FontFace/outline(glyph:)`` from FreeType's decomposition; contours are closed
/// explicitly, so the SVG path needs no implicit-close rules.
public struct GlyphOutline: Sendable, Equatable {
    /// One drawing command; points are in font units, y up.
    public enum Command: Sendable, Equatable {
        case moveTo(x: Double, y: Double)
        case lineTo(x: Double, y: Double)
        /// A quadratic Bézier (TrueType's conic) with one control point.
        case quadTo(cx: Double, cy: Double, x: Double, y: Double)
        /// A cubic Bézier (CFF) with two control points.
        case cubicTo(c1x: Double, c1y: Double, c2x: Double, c2y: Double, x: Double, y: Double)
        case close
    }

    public var commands: [Command]
    /// The face's design units per em, so ``svgPathData(scale:)`` callers can normalize.
    public var unitsPerEm: Int

    public init(commands: [Command], unitsPerEm: Int) {
        self.commands = commands
        self.unitsPerEm = unitsPerEm
    }

    /// Whether the glyph draws nothing (a space, or a bitmap-only glyph).
    public var isEmpty: Bool { commands.isEmpty }

    /// SVG path data (`M L Q C Z`) with every point multiplied by `scale` and y flipped (font y up →
    /// SVG y down), numbers rounded to 2 decimals without trailing zeros.
    ///
    /// - Parameter scale: output units per font unit; `100 / unitsPerEm` gives 100 units per em.
    public func svgPathData(scale: Double) -> String {
        var out = ""
        out.reserveCapacity(commands.count * 14)
        func point(_ x: Double, _ y: Double) {
            out += GlyphOutline.format(x * scale)
            out += " "
            out += GlyphOutline.format(-y * scale)
        }
        for command in commands {
            switch command {
            case let .moveTo(x, y): out += "M"; point(x, y)
            case let .lineTo(x, y): out += "L"; point(x, y)
            case let .quadTo(cx, cy, x, y): out += "Q"; point(cx, cy); out += " "; point(x, y)
            case let .cubicTo(c1x, c1y, c2x, c2y, x, y):
                out += "C"; point(c1x, c1y); out += " "; point(c2x, c2y); out += " "; point(x, y)
            case .close: out += "Z"
            }
        }
        return out
    }

    /// `v` rounded to 2 decimals without trailing zeros (`12`, `-3.5`, `0.25`); non-finite → 0.
    static func format(_ v: Double) -> String {
        guard v.isFinite else { return "0" }
        let cents = Int((v * 100).rounded())
        if cents == 0 { return "0" }
        let magnitude = cents.magnitude
        var s = cents < 0 ? "-" : ""
        s += String(magnitude / 100)
        let fraction = magnitude % 100
        if fraction != 0 {
            s += fraction % 10 == 0 ? "." + String(fraction / 10) : (fraction < 10 ? ".0" : ".") + String(fraction)
        }
        return s
    }
}

/// A color glyph's PNG image (from a CBDT or sbix table) and where it sits, at one font size.
public struct GlyphImage: Sendable, Equatable {
    /// The PNG file's bytes, exactly as the font stores them.
    public var png: [UInt8]
    /// Left edge relative to the pen, px (HarfBuzz `x_bearing`).
    public var x: Double
    /// Top edge above the baseline, px (HarfBuzz `y_bearing`, y up).
    public var top: Double
    /// Size the image is drawn at, px (positive; y down).
    public var width: Double
    public var height: Double
}
