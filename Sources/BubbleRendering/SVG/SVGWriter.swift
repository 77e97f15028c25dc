/// Writes SVG markup: elements with attributes in the order given, XML escaping, and numbers rounded
/// to 2 decimals, so the same layout gives byte-identical output on every run.
///
/// The markup is built as UTF-8 bytes (``bytes``); ``output`` makes a `String` of it.
struct SVGWriter {
    /// The UTF-8 markup written so far.
    var bytes: [UInt8] = []

    init(capacity: Int = 4096) { bytes.reserveCapacity(capacity) }

    /// The markup written so far.
    var output: String { String(decoding: bytes, as: UTF8.self) }

    /// Writes `<name a="v" …>`; attribute values are escaped here.
    mutating func open(_ name: StaticString, _ attributes: KeyValuePairs<StaticString, String> = [:]) {
        bytes.append(0x3C)
        bytes.append(literal: name)
        appendAttributes(attributes)
        bytes.append(0x3E)
    }

    /// Writes `<name a="v" …/>`.
    mutating func element(_ name: StaticString, _ attributes: KeyValuePairs<StaticString, String> = [:]) {
        bytes.append(0x3C)
        bytes.append(literal: name)
        appendAttributes(attributes)
        bytes.append(literal: "/>")
    }

    mutating func close(_ name: StaticString) {
        bytes.append(literal: "</")
        bytes.append(literal: name)
        bytes.append(0x3E)
    }

    /// Writes character data, escaped.
    mutating func text(_ s: String) { SVGWriter.appendEscaped(s, to: &bytes) }

    /// Appends markup this module built itself (already escaped).
    mutating func raw(_ markup: [UInt8]) { bytes.append(contentsOf: markup) }

    private mutating func appendAttributes(_ attributes: KeyValuePairs<StaticString, String>) {
        for (key, value) in attributes {
            bytes.append(0x20)
            bytes.append(literal: key)
            bytes.append(literal: "=\"")
            SVGWriter.appendEscaped(value, to: &bytes)
            bytes.append(0x22)
        }
    }

    /// `v` rounded to 2 decimals without trailing zeros (`88`, `231.4`, `-0.25`).
    static func number(_ v: Double) -> String { DecimalText.format(v) }

    /// `v` rounded to 4 decimals without trailing zeros: scale factors, where 2 decimals would
    /// misplace a glyph's far edge by a visible fraction of a pixel.
    static func scale(_ v: Double) -> String { DecimalText.format(v, decimals: 4) }

    /// Appends `s` escaped for XML text and attribute values (`& < > " '`). Characters XML 1.0
    /// forbids (C0 controls other than tab, LF and CR; U+FFFE, U+FFFF) become U+FFFD, so any
    /// message yields a well-formed document.
    ///
    /// Works on the UTF-8 bytes: runs of plain bytes are copied as they are.
    static func appendEscaped(_ s: String, to out: inout [UInt8]) {
        var s = s
        s.withUTF8 { p in
            var plain = 0
            var i = 0
            let n = p.count
            while i < n {
                let b = p[i]
                // Plain: printable ASCII other than & < > " ', and any non-ASCII byte but EF.
                if b >= 0x20 && b != 0x26 && b != 0x3C && b != 0x3E && b != 0x22 && b != 0x27 && b != 0xEF {
                    i += 1
                    continue
                }
                if b == 0x09 || b == 0x0A || b == 0x0D { i += 1; continue }
                if b == 0xEF {
                    // U+FFFE and U+FFFF are EF BF BE and EF BF BF.
                    guard i + 2 < n, p[i + 1] == 0xBF, p[i + 2] >= 0xBE else { i += 1; continue }
                    out.append(contentsOf: UnsafeBufferPointer(rebasing: p[plain..<i]))
                    out.append(contentsOf: [0xEF, 0xBF, 0xBD] as [UInt8])
                    i += 3
                    plain = i
                    continue
                }
                out.append(contentsOf: UnsafeBufferPointer(rebasing: p[plain..<i]))
                switch b {
                case 0x26: out.append(literal: "&amp;")
                case 0x3C: out.append(literal: "&lt;")
                case 0x3E: out.append(literal: "&gt;")
                case 0x22: out.append(literal: "&quot;")
                case 0x27: out.append(literal: "&apos;")
                default: out.append(contentsOf: [0xEF, 0xBF, 0xBD] as [UInt8])  // a C0 control
                }
                i += 1
                plain = i
            }
            out.append(contentsOf: UnsafeBufferPointer(rebasing: p[plain..<n]))
        }
    }

    /// Appends UTF-16 text escaped, exactly as ``appendEscaped(_:to:)`` appends
    /// `String(decoding: units, as: UTF16.self)` (an unpaired surrogate becomes U+FFFD), without
    /// making that `String`.
    static func appendEscaped(utf16 units: UnsafeBufferPointer<UInt16>, to out: inout [UInt8]) {
        let replacement: [UInt8] = [0xEF, 0xBF, 0xBD]
        var i = 0
        let n = units.count
        while i < n {
            let u = units[i]
            i += 1
            if u < 0x80 {
                switch u {
                case 0x26: out.append(literal: "&amp;")
                case 0x3C: out.append(literal: "&lt;")
                case 0x3E: out.append(literal: "&gt;")
                case 0x22: out.append(literal: "&quot;")
                case 0x27: out.append(literal: "&apos;")
                case 0x09, 0x0A, 0x0D: out.append(UInt8(u))
                case 0..<0x20: out.append(contentsOf: replacement)
                default: out.append(UInt8(u))
                }
            } else if u < 0x800 {
                out.append(0xC0 | UInt8(u >> 6))
                out.append(0x80 | UInt8(u & 0x3F))
            } else if u & 0xF800 == 0xD800 {
                guard u < 0xDC00, i < n, units[i] & 0xFC00 == 0xDC00 else { out.append(contentsOf: replacement); continue }
                let c = 0x10000 + ((UInt32(u) - 0xD800) << 10) + (UInt32(units[i]) - 0xDC00)
                i += 1
                out.append(0xF0 | UInt8(c >> 18))
                out.append(0x80 | UInt8((c >> 12) & 0x3F))
                out.append(0x80 | UInt8((c >> 6) & 0x3F))
                out.append(0x80 | UInt8(c & 0x3F))
            } else if u >= 0xFFFE {
                out.append(contentsOf: replacement)
            } else {
                out.append(0xE0 | UInt8(u >> 12))
                out.append(0x80 | UInt8((u >> 6) & 0x3F))
                out.append(0x80 | UInt8(u & 0x3F))
            }
        }
    }

    /// `s` escaped (see ``appendEscaped(_:to:)``).
    static func escaped(_ s: String) -> String {
        var out: [UInt8] = []
        appendEscaped(s, to: &out)
        return String(decoding: out, as: UTF8.self)
    }
}
