/// The range a number from outside must fall in, and how to say it in an error.
///
/// A number is checked where it enters (an option, a markup attribute, a span field, a catalog entry, an
/// HTTP field), so every stage after the Map stage may compute with it freely: no size, scale or offset
/// past these bounds can reach an integer conversion and trap.
package struct NumberBound: Sendable, Equatable {
    /// The smallest value accepted (or, when ``excludesLower``, the largest refused).
    package let lower: Double
    /// The largest value accepted.
    package let upper: Double
    /// Whether `lower` itself is refused (a size must be > 0).
    package let excludesLower: Bool
    /// The unit, for the error message (`px`).
    package let unit: String

    package init(_ lower: Double, _ upper: Double, excludesLower: Bool = false, unit: String = "px") {
        self.lower = lower
        self.upper = upper
        self.excludesLower = excludesLower
        self.unit = unit
    }

    /// Whether `value` is finite and inside the bound.
    @inlinable
    package func contains(_ value: Double) -> Bool {
        value.isFinite && (excludesLower ? value > lower : value >= lower) && value <= upper
    }

    /// What is expected, for an error: `a number ≥ 1 and ≤ 1000`, `a number > 0 and ≤ 100000` (the words
    /// the option table uses, so an option and a span field say the same).
    package var expected: String {
        "a number \(excludesLower ? ">" : "≥") \(NumberBound.text(lower)) and ≤ \(NumberBound.text(upper))"
    }

    /// `1000`, not `1000.0`; `0.5` as it is.
    static func text(_ v: Double) -> String {
        v == v.rounded() && abs(v) < 1e15 ? String(Int(v)) : "\(v)"
    }
}

/// Every bound on a number Bubble accepts from outside, declared once: options, markup, spans, the
/// emoji catalog and the HTTP service all check against these.
package enum InputBounds {
    /// A font size: the `fontSize` option, a span's `size`, markup's `<font size>`.
    package static let fontSize = NumberBound(1, 1000)
    /// A declared image or emoji side: a span's `width`/`height`, markup's `<img width height>`, a catalog
    /// entry's `width`/`height`, the `emojiSize` option's ceiling is ``emojiSize``.
    package static let imageSide = NumberBound(0, 100_000, excludesLower: true)
    /// The `emojiSize` option.
    package static let emojiSize = NumberBound(0, 1000, excludesLower: true)
    /// A catalog entry's `ascent` or `descent` (px above/below the baseline; negative moves it the other way).
    package static let placeholderOffset = NumberBound(-100_000, 100_000)
    /// The `maxWidth` option.
    package static let maxWidth = NumberBound(0, 100_000, excludesLower: true)
}
