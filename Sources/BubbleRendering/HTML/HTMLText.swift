import BubbleMapping

/// Escaping for HTML text and attribute values: every character that could end a text node or an
/// attribute (`& < > " '`) becomes a character reference, so nothing from a message can open a tag.
enum HTMLText {
    static func escaped(_ s: Substring.UnicodeScalarView) -> String {
        let utf8 = Substring(s).utf8
        // Most text has nothing to escape: it is copied as it is.
        guard utf8.contains(where: needsReference) else { return String(Substring(s)) }
        var out: [UInt8] = []
        out.reserveCapacity(utf8.count + 16)
        for b in utf8 { appendEscaped(b, to: &out) }  // a byte of a longer scalar (0x80 or more) passes as it is
        return String(decoding: out, as: UTF8.self)
    }

    static func escaped(_ s: String) -> String { escaped(Substring(s).unicodeScalars) }

    /// UTF-16 units as escaped text (unpaired surrogates become U+FFFD), without making a string of them first.
    static func escaped(_ units: ArraySlice<UInt16>) -> String {
        var out: [UInt8] = []
        out.reserveCapacity(units.count + 16)
        forEachScalar(of: units) { v in
            if v < 0x80 { appendEscaped(UInt8(v), to: &out) } else { out.append(scalar: v) }
        }
        return String(decoding: out, as: UTF8.self)
    }

    /// Whether a byte of UTF-8 text is written as something else: `& < > " '` and NUL.
    @inline(__always)
    static func needsReference(_ b: UInt8) -> Bool {
        b == 0x26 || b == 0x3C || b == 0x3E || b == 0x22 || b == 0x27 || b == 0
    }

    /// Appends a byte of UTF-8 text: `& < > " '` as character references, NUL as U+FFFD, any other as it is.
    @inline(__always)
    static func appendEscaped(_ b: UInt8, to out: inout [UInt8]) {
        switch b {
        case 0x26: out += "&amp;".utf8
        case 0x3C: out += "&lt;".utf8
        case 0x3E: out += "&gt;".utf8
        case 0x22: out += "&quot;".utf8
        case 0x27: out += "&#39;".utf8
        case 0: out += [0xEF, 0xBF, 0xBD]
        default: out.append(b)
        }
    }

    /// Calls `body` with each scalar of `units`, a lone surrogate as U+FFFD (as a `String` made of them
    /// reads), without making the string.
    static func forEachScalar(of units: ArraySlice<UInt16>, _ body: (UInt32) -> Void) {
        units.withUnsafeBufferPointer { p in
            var i = 0
            while i < p.count {
                let (value, width) = CharacterClasses.scalar(in: p, at: i)
                body(value)
                i += width
            }
        }
    }

    /// A CSS identifier made of a font's name: ASCII letters, digits, `-` and `_` only.
    static func identifier(_ s: String) -> String {
        String(decoding: s.utf8.filter { isASCIILetterOrDigit($0) || $0 == 0x2D || $0 == 0x5F }, as: UTF8.self)
    }

    /// Whether a UTF-8 byte is an ASCII letter or digit (ASCII's letters are its only Alphabetic scalars, and
    /// a byte of a longer scalar is never one; bytes, not scalar properties, which are a table search each).
    static func isASCIILetterOrDigit(_ b: UInt8) -> Bool {
        let folded = b | 0x20
        return (folded >= 0x61 && folded <= 0x7A) || (b >= 0x30 && b <= 0x39)
    }

    /// A CSS color from a message, kept only when it is a hex color or a plain name (the mapper
    /// validated it; this keeps anything else out of a `style` attribute all the same).
    static func safeColor(_ s: String?) -> String? {
        guard let s, !s.isEmpty, s.utf8.count <= 32,
              s.utf8.allSatisfy({ isASCIILetterOrDigit($0) || $0 == 0x23 }) else { return nil }
        return s
    }

    /// A px number for CSS, at most 4 decimals.
    static func px(_ v: Double) -> String {
        let r = (v * 10000).rounded() / 10000
        if r == r.rounded() { return String(Int(r)) + "px" }
        return String(r) + "px"
    }
}
