package import BubbleJSON

/// `jumboEmojiScale`: how much a message of only 1, 2 or 3 emoji is enlarged, one factor per count.
///
/// The default, `[3, 2.5, 2]`, is the size chat apps are known for rather than any one app's
/// numbers: Telegram for Android (open source, `MessageObject.checkEmojiOnly`) draws the emoji of a
/// message of 1, 2 or 3 emoji at 32, 28 and 24 dp against 20 dp inline, 1.6×, 1.4× and 1.2× (give
/// `[1.6, 1.4, 1.2]` to match it); WhatsApp, whose code is not public, visibly enlarges them more, a
/// single emoji by roughly three times. Like both, fewer emoji get the larger factor.
public struct JumboEmojiScale: OptionValue, Codable {
    /// Factors for 1, 2 and 3 emoji.
    public var factors: [Double]

    public init(_ factors: [Double]) { self.factors = factors }

    static let factorRange = NumberRange.from(1, max: 10)

    /// The factor for a message of `count` emoji (1 to 3).
    public func factor(for count: Int) -> Double { factors[min(max(count, 1), factors.count) - 1] }

    package init(json: JSONValue) throws(OptionValueError) {
        guard let items = json.array else { throw .expected("an array of three factors [1 emoji, 2 emoji, 3 emoji]", found: json) }
        var out: [Double] = []
        for (i, item) in items.enumerated() {
            guard let f = item.double else { throw OptionValueError.expected("a number", found: item).inside("[\(i)]") }
            out.append(f)
        }
        factors = out
    }

    /// `3,2.5,2`.
    package init(argument: String) throws(OptionValueError) {
        let parts = argument.split(separator: ",").map { Double(String($0).trimmingSpaces) }
        guard !parts.contains(nil) else { throw OptionValueError("'\(argument)' is not three comma-separated factors (3,2.5,2)") }
        factors = parts.map { $0! }
    }

    package var optionDescription: String { factors.map(\.optionDescription).joined(separator: ",") }

    /// What was expected, when the list or a factor is out of range.
    var outOfRange: String? {
        guard factors.count == 3 else { return "three factors, for 1, 2 and 3 emoji" }
        return factors.allSatisfy(JumboEmojiScale.factorRange.contains) ? nil : "factors each " + JumboEmojiScale.factorRange.expectation
    }

    static var schema: JSONValue {
        .schema(["type": .string("array"), "minItems": .int(3), "maxItems": .int(3),
                 "items": factorRange.schema(type: "number", doc: "A scale factor."),
                 "description": .string("Scale factors for messages of 1, 2 and 3 emoji.")])
    }

    public func encode(to encoder: Encoder) throws {
        var c = encoder.singleValueContainer()
        try c.encode(factors)
    }

    public init(from decoder: Decoder) throws {
        factors = try decoder.singleValueContainer().decode([Double].self)
    }
}
