public import BubbleFonts

extension GlyphOutline {
    /// SVG path data (`M L Q C Z`) with every point multiplied by `scale` and y flipped (font y up →
    /// SVG y down), numbers rounded to 2 decimals without trailing zeros.
    ///
    /// - Parameter scale: output units per font unit; `100 / unitsPerEm` gives 100 units per em.
    public func svgPathData(scale: Double) -> String {
        var out = ""
        out.reserveCapacity(commands.count * 14)
        func point(_ x: Double, _ y: Double) {
            out += DecimalText.format(x * scale)
            out += " "
            out += DecimalText.format(-y * scale)
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
}
