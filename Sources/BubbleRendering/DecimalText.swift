/// Numbers as Bubble writes them in JSON and SVG: rounded to a fixed number of decimals, without
/// trailing zeros (`88`, `231.4`, `-0.25`), so the same layout is the same bytes on every machine.
enum DecimalText {
    /// `v` rounded to `decimals` (0 to 6) places; non-finite values are written as 0.
    static func format(_ v: Double, decimals: Int = 2) -> String {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(24)
        bytes.append(decimal: v, decimals: decimals)
        return String(decoding: bytes, as: UTF8.self)
    }

    /// How ``format(_:decimals:)`` rounds `v`: to an integer count of units of the last place.
    enum Rounding {
        /// `v` is `scaled / unit` exactly as written (`231.4` is 23140 / 100; non-finite values are 0).
        case scaled(Int, unit: Int)
        /// Past Int's range the fixed-point digits cannot be made; `v` is written as Swift spells it
        /// (`1e+17`, valid JSON and SVG). Input bounds keep layouts far below this; the writers stay total.
        case unbounded
    }

    @inline(__always)
    static func rounding(_ v: Double, decimals: Int) -> Rounding {
        guard v.isFinite else { return .scaled(0, unit: 1) }
        let unit: Int
        switch decimals {
        case 2: unit = 100
        case 4: unit = 10_000
        default:
            var u = 1
            for _ in 0..<decimals { u *= 10 }
            unit = u
        }
        let product = (v * Double(unit)).rounded()
        guard abs(product) < 9.0e18 else { return .unbounded }
        return .scaled(Int(product), unit: unit)
    }
}
