package import BubbleJSON

/// `lineHeight`: a number is a multiple of the font size; a string `"24px"` (or `"24"`) is px.
public enum LineHeightValue: OptionValue, Codable {
    case multiple(Double)
    case pixels(Double)

    static let multipleRange = NumberRange.above(0, max: 100)
    static let pixelRange = NumberRange.above(0, max: 10_000)

    package init(json: JSONValue) throws(OptionValueError) {
        if let m = json.double { self = .multiple(m); return }
        guard let s = json.string else { throw .expected("a number (a multiplier) or \"Npx\"", found: json) }
        let t = s.trimmingSpaces
        guard let px = Double(t.hasSuffix("px") ? String(t.dropLast(2)) : t) else {
            throw OptionValueError("expected a number (a multiplier) or \"Npx\", found '\(s)'")
        }
        self = .pixels(px)
    }

    /// `1.4` (a multiplier) or `24px`.
    package init(argument: String) throws(OptionValueError) {
        if let m = Double(argument) { self = .multiple(m); return }
        try self.init(json: .string(argument))
    }

    /// What was expected, when the value is out of range.
    var outOfRange: String? {
        switch self {
        case .multiple(let m): LineHeightValue.multipleRange.contains(m) ? nil : LineHeightValue.multipleRange.expectation
        case .pixels(let px): LineHeightValue.pixelRange.contains(px) ? nil : LineHeightValue.pixelRange.expectation + " px"
        }
    }

    package var optionDescription: String {
        switch self {
        case .multiple(let m): m.optionDescription
        case .pixels(let px): "\(px.optionDescription)px"
        }
    }

    static var schema: JSONValue {
        .schema(["oneOf": .array([multipleRange.schema(type: "number", doc: "A multiple of the font size."),
                                  .schema(["type": .string("string"), "pattern": .string("^\\s*[0-9.]+(px)?\\s*$"),
                                           "description": .string("px: \"24px\" (or \"24\").")])]),
                 "description": .string("A multiple of the font size (number), or px (\"24px\").")])
    }

    public init(from decoder: Decoder) throws {
        let c = try decoder.singleValueContainer()
        if let m = try? c.decode(Double.self) { self = .multiple(m); return }
        self = try LineHeightValue(argument: try c.decode(String.self))
    }

    public func encode(to encoder: Encoder) throws {
        var c = encoder.singleValueContainer()
        switch self {
        case .multiple(let m): try c.encode(m)
        case .pixels(let px): try c.encode("\(px)px")
        }
    }
}
