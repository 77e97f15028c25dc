package import BubbleJSON

/// `widths`: bubble widths in px (padding included) to lay one message out at, in order, from one
/// mapping and one shaping; used instead of `maxWidth`.
public struct Widths: OptionValue, Codable {
    public var values: [Double]

    public init(_ values: [Double]) { self.values = values }

    /// Most widths one message is laid out at.
    static let maxCount = 16

    package init(json: JSONValue) throws(OptionValueError) {
        guard let items = json.array else { throw .expected("an array of widths in px", found: json) }
        var out: [Double] = []
        for (i, item) in items.enumerated() {
            guard let w = item.double else { throw OptionValueError.expected("a number", found: item).inside("[\(i)]") }
            out.append(w)
        }
        values = out
    }

    /// `280,360`.
    package init(argument: String) throws(OptionValueError) {
        var out: [Double] = []
        for part in argument.split(separator: ",", omittingEmptySubsequences: false) {
            guard let w = Double(String(part).trimmingSpaces) else {
                throw OptionValueError("'\(argument)' is not a comma-separated list of widths (280,360)")
            }
            out.append(w)
        }
        values = out
    }

    package var optionDescription: String { values.map(\.optionDescription).joined(separator: ",") }

    /// What was expected, when the list or a width is out of range.
    func outOfRange(_ width: NumberRange) -> String? {
        guard (1...Widths.maxCount).contains(values.count) else { return "1 to \(Widths.maxCount) widths" }
        return values.allSatisfy(width.contains) ? nil : "widths each " + width.expectation
    }

    static func schema(_ width: NumberRange) -> JSONValue {
        .schema(["type": .string("array"), "minItems": .int(1), "maxItems": .int(maxCount),
                 "items": width.schema(type: "number", doc: "A bubble width in px, padding included."),
                 "description": .string("Bubble widths in px; one layout per width, from one shaping.")])
    }

    public func encode(to encoder: Encoder) throws {
        var c = encoder.singleValueContainer()
        try c.encode(values)
    }

    public init(from decoder: Decoder) throws {
        values = try decoder.singleValueContainer().decode([Double].self)
    }
}
