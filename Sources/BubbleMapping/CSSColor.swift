/// Validation of the CSS colors that spans, markup and highlights may carry.
enum CSSColor {
    /// The named colors Bubble accepts (CSS Color Level 4 basic and common extended names).
    static let names: Set<String> = [
        "black", "silver", "gray", "grey", "white", "maroon", "red", "purple", "fuchsia", "green", "lime",
        "olive", "yellow", "navy", "blue", "teal", "aqua", "orange", "pink", "brown", "gold", "cyan",
        "magenta", "violet", "indigo", "crimson", "coral", "salmon", "tomato", "orchid", "plum", "khaki",
        "beige", "ivory", "lavender", "turquoise", "tan", "chocolate", "darkblue", "darkgreen", "darkred",
        "darkgray", "darkgrey", "lightblue", "lightgreen", "lightgray", "lightgrey", "skyblue", "steelblue",
        "royalblue", "dodgerblue", "deepskyblue", "forestgreen", "seagreen", "limegreen", "darkorange",
        "orangered", "hotpink", "deeppink", "slategray", "slategrey", "dimgray", "dimgrey", "transparent",
    ]

    /// The color in canonical form (lowercase name or `#hex`), `nil` for "inherit" (`default`, empty),
    /// or `.failure` with a reason for anything else.
    static func validate(_ value: String?) -> Result<String?, ColorProblem> {
        guard let raw = value?.trimmingASCIIWhitespace, !raw.isEmpty else { return .success(nil) }
        let lower = raw.lowercased()
        if lower == "default" || lower == "inherit" { return .success(nil) }
        if names.contains(lower) { return .success(lower) }
        let utf8 = Array(lower.utf8)
        if utf8.first == UInt8(ascii: "#"), [4, 5, 7, 9].contains(utf8.count),
           utf8.dropFirst().allSatisfy({ ($0 >= 0x30 && $0 <= 0x39) || ($0 >= 0x61 && $0 <= 0x66) }) {
            return .success(lower)
        }
        return .failure(ColorProblem(value: raw))
    }

    struct ColorProblem: Error {
        var value: String
        var reason: String { "invalid color '\(value)' (use a CSS name, #RGB or #RRGGBB)" }
    }
}

extension String {
    /// The string without leading and trailing ASCII whitespace.
    var trimmingASCIIWhitespace: String {
        let scalars = unicodeScalars
        guard let first = scalars.firstIndex(where: { !$0.isASCIIWhitespace }) else { return "" }
        let last = scalars.lastIndex(where: { !$0.isASCIIWhitespace })!
        return String(scalars[first...last])
    }
}

extension Unicode.Scalar {
    var isASCIIWhitespace: Bool { value == 0x20 || (value >= 0x09 && value <= 0x0D) }
}
