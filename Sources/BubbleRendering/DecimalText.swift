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
}
