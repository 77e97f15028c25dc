package import BubbleJSON
public import BubbleTypesetting

/// `statusSlot`: `{"width": 48, "height": 16}` in JSON, `48,16` on the command line.
extension StatusSlot: OptionValue {
    static let sideRange = NumberRange.from(0, max: 10_000)

    package init(json: JSONValue) throws(OptionValueError) {
        guard let o = json.object else { throw .expected("an object {width, height}", found: json) }
        var w: Double?, h: Double?
        for m in o.members {
            guard m.key == "width" || m.key == "height" else { throw OptionValueError("unknown key '\(m.key)' (width, height)") }
            guard let v = m.value.double else { throw OptionValueError.expected("a number", found: m.value).inside(m.key) }
            if m.key == "width" { w = v } else { h = v }
        }
        guard let w, let h else { throw OptionValueError("needs both width and height") }
        self.init(width: w, height: h)
    }

    /// `48,16` (width, height) or a JSON object.
    package init(argument: String) throws(OptionValueError) {
        let parts = argument.split(separator: ",").compactMap { Double(String($0).trimmingSpaces) }
        if parts.count == 2 && !argument.contains("{") { self.init(width: parts[0], height: parts[1]); return }
        let json: JSONValue
        do { json = try JSONReader.read(argument) } catch { throw OptionValueError("'\(argument)' is not width,height or {width, height}") }
        try self.init(json: json)
    }

    package var optionDescription: String { "\(width.optionDescription),\(height.optionDescription)" }

    var outOfRange: String? {
        StatusSlot.sideRange.contains(width) && StatusSlot.sideRange.contains(height) ? nil : "width and height each " + StatusSlot.sideRange.expectation
    }

    static var schema: JSONValue {
        let side = sideRange.schema(type: "number", doc: "px")
        return .schema(["type": .string("object"), "additionalProperties": .bool(false),
                        "required": .array([.string("width"), .string("height")]),
                        "properties": .object(JSONObject([("width", side), ("height", side)])),
                        "description": .string("Room for the client's time and ticks, px: {width, height}.")])
    }
}
