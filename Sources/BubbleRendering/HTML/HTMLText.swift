/// Escaping for HTML text and attribute values: every character that could end a text node or an
/// attribute (`& < > " '`) becomes a character reference, so nothing from a message can open a tag.
enum HTMLText {
    static func escaped(_ s: Substring.UnicodeScalarView) -> String {
        var out = ""
        out.reserveCapacity(s.count)
        for c in s {
            switch c {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            case "'": out += "&#39;"
            case "\u{0}": out += "\u{FFFD}"
            default: out.unicodeScalars.append(c)
            }
        }
        return out
    }

    static func escaped(_ s: String) -> String { escaped(Substring(s).unicodeScalars) }

    /// UTF-16 units as escaped text (unpaired surrogates become U+FFFD).
    static func escaped(_ units: ArraySlice<UInt16>) -> String {
        escaped(Substring(String(decoding: units, as: UTF16.self)).unicodeScalars)
    }

    /// A CSS identifier made of a font's name: letters, digits, `-` and `_` only.
    static func identifier(_ s: String) -> String {
        String(s.unicodeScalars.filter { ($0.value < 0x80) && ($0.properties.isAlphabetic || ("0"..."9").contains($0) || $0 == "-" || $0 == "_") }
            .map(Character.init))
    }

    /// A CSS color from a message, kept only when it is a hex color or a plain name (the mapper
    /// validated it; this keeps anything else out of a `style` attribute all the same).
    static func safeColor(_ s: String?) -> String? {
        guard let s, !s.isEmpty, s.utf8.count <= 32,
              s.unicodeScalars.allSatisfy({ $0.value < 0x80 && ($0.properties.isAlphabetic || ("0"..."9").contains($0) || $0 == "#") }) else { return nil }
        return s
    }

    /// A px number for CSS, at most 4 decimals.
    static func px(_ v: Double) -> String {
        let r = (v * 10000).rounded() / 10000
        if r == r.rounded() { return String(Int(r)) + "px" }
        return String(r) + "px"
    }
}
