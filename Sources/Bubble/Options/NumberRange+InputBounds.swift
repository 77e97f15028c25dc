import BubbleMapping

extension NumberRange {
    /// The option range of a bound declared in ``InputBounds``: the option, the span field and the markup
    /// attribute that carry the same number check it against one declaration.
    static func bound(_ b: NumberBound) -> NumberRange {
        NumberRange(min: b.lower, minExclusive: b.excludesLower, max: b.upper)
    }
}
