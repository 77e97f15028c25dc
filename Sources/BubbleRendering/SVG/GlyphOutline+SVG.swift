package import BubbleFonts

extension GlyphOutline {
    /// SVG path data (`M L Q C Z`) with every point multiplied by `scale` and y flipped (font y up →
    /// SVG y down), numbers rounded to 2 decimals without trailing zeros.
    ///
    /// - Parameter scale: output units per font unit; `100 / unitsPerEm` gives 100 units per em.
    package func svgPathData(scale: Double) -> String {
        var out: [UInt8] = []
        out.reserveCapacity(commands.count * 14)
        func point(_ x: Double, _ y: Double) {
            out.append(decimal: x * scale)
            out.append(0x20)
            out.append(decimal: -y * scale)
        }
        for command in commands {
            switch command {
            case let .moveTo(x, y): out.append(0x4D); point(x, y)
            case let .lineTo(x, y): out.append(0x4C); point(x, y)
            case let .quadTo(cx, cy, x, y): out.append(0x51); point(cx, cy); out.append(0x20); point(x, y)
            case let .cubicTo(c1x, c1y, c2x, c2y, x, y):
                out.append(0x43); point(c1x, c1y); out.append(0x20); point(c2x, c2y); out.append(0x20); point(x, y)
            case .close: out.append(0x5A)
            }
        }
        return String(decoding: out, as: UTF8.self)
    }
}
