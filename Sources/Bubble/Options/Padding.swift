package import BubbleJSON
public import BubbleTypesetting

/// Padding: one number for every side, or an object with `top`, `right`, `bottom`, `left` (a side left
/// out is 0).
public struct Padding: OptionValue, Codable {
    public var insets: EdgeInsets

    public init(_ insets: EdgeInsets) { self.insets = insets }

    /// Each side's allowed range, in px.
    static let sideRange = NumberRange.from(0, max: 10_000)
    static let sides = ["top", "right", "bottom", "left"]

    package init(json: JSONValue) throws(OptionValueError) {
        if let all = json.double { self.init(EdgeInsets(all: all)); return }
        guard let object = json.object else { throw .expected("a number or {top, right, bottom, left}", found: json) }
        var v = [0.0, 0, 0, 0]
        for m in object.members {
            guard let k = Padding.sides.firstIndex(of: m.key) else { throw OptionValueError("unknown side '\(m.key)'") }
            guard let d = m.value.double else { throw OptionValueError.expected("a number", found: m.value).inside(m.key) }
            v[k] = d
        }
        self.init(EdgeInsets(top: v[0], right: v[1], bottom: v[2], left: v[3]))
    }

    /// `8` or `8,12,8,12` (top, right, bottom, left, as CSS), or a JSON object.
    package init(argument: String) throws(OptionValueError) {
        let parts = argument.split(separator: ",").compactMap { Double(String($0).trimmingSpaces) }
        if parts.count == 1 && !argument.contains(",") {
            self.init(EdgeInsets(all: parts[0]))
        } else if parts.count == 4 {
            self.init(EdgeInsets(top: parts[0], right: parts[1], bottom: parts[2], left: parts[3]))
        } else {
            try self.init(json: try Padding.json(argument))
        }
    }

    static func json(_ argument: String) throws(OptionValueError) -> JSONValue {
        do { return try JSONReader.read(argument) } catch { throw OptionValueError("'\(argument)' is not a number, four numbers or a JSON object") }
    }

    /// `8` when every side is the same, else `top,right,bottom,left` (the CLI's spelling).
    package var optionDescription: String {
        let v = [insets.top, insets.right, insets.bottom, insets.left]
        return v.allSatisfy({ $0 == v[0] }) ? v[0].optionDescription : v.map(\.optionDescription).joined(separator: ",")
    }

    /// The first side out of range, for validation.
    var outOfRange: (side: String, value: Double)? {
        for (side, v) in zip(Padding.sides, [insets.top, insets.right, insets.bottom, insets.left]) where !Padding.sideRange.contains(v) {
            return (side, v)
        }
        return nil
    }

    static var schema: JSONValue {
        let side = sideRange.schema(type: "number", doc: "px")
        return .schema([
            "oneOf": .array([side, .schema(["type": .string("object"), "additionalProperties": .bool(false),
                                            "properties": .object(JSONObject(sides.map { ($0, side) }))])]),
            "description": .string("px: one number for every side, or {top, right, bottom, left}"),
        ])
    }

    public func encode(to encoder: Encoder) throws {
        var c = encoder.singleValueContainer()
        try c.encode(insets)
    }

    public init(from decoder: Decoder) throws {
        insets = try decoder.singleValueContainer().decode(EdgeInsets.self)
    }
}
