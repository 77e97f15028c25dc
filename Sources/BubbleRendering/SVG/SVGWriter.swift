/// Writes SVG markup: elements with attributes in the order given, XML escaping, and numbers rounded
/// to 2 decimals, so the same layout gives byte-identical output on every run.
struct SVGWriter {
    private(set) var output = ""

    init(capacity: Int = 4096) { output.reserveCapacity(capacity) }

    /// Writes `<name a="v" …>`; attribute values are escaped here.
    mutating func open(_ name: String, _ attributes: KeyValuePairs<String, String> = [:]) {
        output += "<" + name
        appendAttributes(attributes)
        output += ">"
    }

    /// Writes `<name a="v" …/>`.
    mutating func element(_ name: String, _ attributes: KeyValuePairs<String, String> = [:]) {
        output += "<" + name
        appendAttributes(attributes)
        output += "/>"
    }

    mutating func close(_ name: String) { output += "</" + name + ">" }

    /// Writes character data, escaped.
    mutating func text(_ s: String) { SVGWriter.appendEscaped(s, to: &output) }

    /// Appends markup this module built itself (already escaped).
    mutating func raw(_ s: String) { output += s }

    private mutating func appendAttributes(_ attributes: KeyValuePairs<String, String>) {
        for (key, value) in attributes {
            output += " " + key + "=\""
            SVGWriter.appendEscaped(value, to: &output)
            output += "\""
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
    static func appendEscaped(_ s: String, to out: inout String) {
        let scalars = s.unicodeScalars
        var plainStart = scalars.startIndex
        var i = plainStart
        while i < scalars.endIndex {
            let c = scalars[i]
            let escape: String?
            switch c {
            case "&": escape = "&amp;"
            case "<": escape = "&lt;"
            case ">": escape = "&gt;"
            case "\"": escape = "&quot;"
            case "'": escape = "&apos;"
            case "\t", "\n", "\r": escape = nil
            default:
                escape = c.value < 0x20 || c.value == 0xFFFE || c.value == 0xFFFF ? "\u{FFFD}" : nil
            }
            if let escape {
                out.unicodeScalars.append(contentsOf: scalars[plainStart..<i])
                out += escape
                plainStart = scalars.index(after: i)
            }
            i = scalars.index(after: i)
        }
        out.unicodeScalars.append(contentsOf: scalars[plainStart..<scalars.endIndex])
    }

    /// `s` escaped (see ``appendEscaped(_:to:)``).
    static func escaped(_ s: String) -> String {
        var out = ""
        appendEscaped(s, to: &out)
        return out
    }
}
