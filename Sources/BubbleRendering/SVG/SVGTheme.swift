/// The colors and shape of an SVG bubble, resolved: every field has a value.
///
/// Colors are CSS colors that passed `SVGTheme/sanitizedColor(_:)`: a value that is not a plain
/// color (`url(…)`, anything with quotes or brackets) falls back to the style's default, so a theme
/// can never smuggle a reference into the SVG.
public struct SVGTheme: Sendable, Equatable {
    /// Which side of a chat the bubble sits on.
    public enum Style: String, Sendable, CaseIterable {
        /// Light gray bubble, black text: messages received.
        case incoming
        /// Blue bubble, white text: messages sent.
        case outgoing
    }

    public var style: Style
    /// Text color.
    public var text: String
    /// Link and mention color (glyphs and underline).
    public var link: String
    /// Bubble fill.
    public var bubble: String
    /// Highlight background when a highlight gives none.
    public var highlight: String
    /// Corner radius of the bubble, px (clamped to half the bubble's shorter side when drawn).
    public var cornerRadius: Double

    /// The style's defaults, with each given value that is a valid color (or radius) over them.
    public init(style: Style = .incoming, text: String? = nil, link: String? = nil, bubble: String? = nil,
                highlight: String? = nil, cornerRadius: Double? = nil) {
        self.style = style
        switch style {
        case .incoming:
            self.text = "#000000"; self.link = "#0A60C2"; self.bubble = "#E9E9EB"; self.highlight = "#FFE066"
        case .outgoing:
            self.text = "#FFFFFF"; self.link = "#FFFFFF"; self.bubble = "#0B84FF"; self.highlight = "#5AA9FF"
        }
        if let c = text.flatMap(SVGTheme.sanitizedColor) { self.text = c }
        if let c = link.flatMap(SVGTheme.sanitizedColor) { self.link = c }
        if let c = bubble.flatMap(SVGTheme.sanitizedColor) { self.bubble = c }
        if let c = highlight.flatMap(SVGTheme.sanitizedColor) { self.highlight = c }
        if let r = cornerRadius, r.isFinite, r >= 0 { self.cornerRadius = r } else { self.cornerRadius = 18 }
    }

    /// `color` when it is a hex color (`#RGB`, `#RGBA`, `#RRGGBB`, `#RRGGBBAA`), a color keyword
    /// (letters only: `red`, `transparent`), or `rgb()`/`rgba()`/`hsl()`/`hsla()` of numbers; else nil.
    package static func sanitizedColor(_ color: String) -> String? {
        let c = color.trimmingWhitespace()
        guard !c.isEmpty, c.utf8.count <= 64 else { return nil }
        let bytes = Array(c.utf8)
        func isHex(_ b: UInt8) -> Bool { (b >= 48 && b <= 57) || (b >= 65 && b <= 70) || (b >= 97 && b <= 102) }
        func isLetter(_ b: UInt8) -> Bool { (b >= 65 && b <= 90) || (b >= 97 && b <= 122) }
        if bytes[0] == UInt8(ascii: "#") {
            let digits = bytes.dropFirst()
            return [3, 4, 6, 8].contains(digits.count) && digits.allSatisfy(isHex) ? c : nil
        }
        if bytes.allSatisfy(isLetter) { return c }
        let lower = c.lowercased()
        for function in ["rgb(", "rgba(", "hsl(", "hsla("] where lower.hasPrefix(function) && lower.hasSuffix(")") {
            let inner = lower.utf8.dropFirst(function.utf8.count).dropLast()
            let allowed = Set("0123456789.,% /-degturn".utf8)
            return inner.allSatisfy(allowed.contains) ? c : nil
        }
        return nil
    }
}

extension String {
    func trimmingWhitespace() -> String {
        var s = Substring(self)
        while let f = s.first, f.isWhitespace { s = s.dropFirst() }
        while let l = s.last, l.isWhitespace { s = s.dropLast() }
        return String(s)
    }
}
