/// Numbers as Bubble writes them in JSON and SVG: rounded to a fixed number of decimals, without
/// trailing zeros (`88`, `231.4`, `-0.25`), so the same layout is the same bytes on every machine.
enum DecimalText {
    /// `v` rounded to `decimals` (0 to 6) places; non-finite values are written as 0.
    static func format(_ v: Double, decimals: Int = 2) -> String {
        guard v.isFinite else { return "0" }
        var unit = 1
        for _ in 0..<decimals { unit *= 10 }
        let scaled = Int((v * Double(unit)).rounded())
        if scaled == 0 { return "0" }
        let magnitude = scaled.magnitude
        var s = scaled < 0 ? "-" : ""
        s += String(magnitude / UInt(unit))
        var fraction = magnitude % UInt(unit)
        if fraction != 0 {
            var digits = decimals
            while fraction % 10 == 0 { fraction /= 10; digits -= 1 }
            let f = String(fraction)
            s += "." + String(repeating: "0", count: digits - f.count) + f
        }
        return s
    }
}
