package import BubbleJSON

/// SVG colors and shape of the bubble.
public struct Theme: OptionValue, Codable {
    /// `incoming` (light bubble on the left) or `outgoing` (colored bubble on the right).
    public var style: String?
    public var text: String?
    public var link: String?
    public var bubble: String?
    public var highlight: String?
    public var cornerRadius: Double?

    public init(style: String? = nil, text: String? = nil, link: String? = nil, bubble: String? = nil,
                highlight: String? = nil, cornerRadius: Double? = nil) {
        self.style = style
        self.text = text
        self.link = link
        self.bubble = bubble
        self.highlight = highlight
        self.cornerRadius = cornerRadius
    }

    static let styles = ["incoming", "outgoing"]
    static let colorKeys = ["text", "link", "bubble", "highlight"]
    static let cornerRadiusRange = NumberRange.from(0, max: 1000)

    package init(json: JSONValue) throws(OptionValueError) {
        guard let o = json.object else { throw .expected("an object {style, text, link, bubble, highlight, cornerRadius}", found: json) }
        self.init()
        for m in o.members {
            switch m.key {
            case "cornerRadius":
                guard let r = m.value.double else { throw OptionValueError.expected("a number", found: m.value).inside(m.key) }
                cornerRadius = r
            case "style", "text", "link", "bubble", "highlight":
                guard let s = m.value.string else { throw OptionValueError.expected("a string", found: m.value).inside(m.key) }
                switch m.key {
                case "style": style = s
                case "text": text = s
                case "link": link = s
                case "bubble": bubble = s
                default: highlight = s
                }
            default: throw OptionValueError("unknown key '\(m.key)'")
            }
        }
    }

    /// `incoming`, `outgoing`, or a JSON object.
    package init(argument: String) throws(OptionValueError) {
        if Theme.styles.contains(argument) { self.init(style: argument); return }
        let json: JSONValue
        do { json = try JSONReader.read(argument) } catch { throw OptionValueError("'\(argument)' is not incoming, outgoing or a JSON object") }
        try self.init(json: json)
    }

    /// What is out of range: the key and what was expected.
    var outOfRange: (key: String, value: String, expected: String)? {
        if let style, !Theme.styles.contains(style) { return ("theme.style", "'\(style)'", "incoming or outgoing") }
        if let r = cornerRadius, !Theme.cornerRadiusRange.contains(r) {
            return ("theme.cornerRadius", r.optionDescription, Theme.cornerRadiusRange.expectation)
        }
        return nil
    }

    package var optionDescription: String { "a theme" }

    static var schema: JSONValue {
        let color = JSONValue.schema(["type": .string("string"), "description": .string("A CSS color: a name, #RGB or #RRGGBB.")])
        var props: [(String, JSONValue)] = [("style", .schema(["enum": .array(styles.map { .string($0) })]))]
        props += colorKeys.map { ($0, color) }
        props.append(("cornerRadius", cornerRadiusRange.schema(type: "number", doc: "px")))
        return .schema(["type": .string("object"), "additionalProperties": .bool(false), "properties": .object(JSONObject(props)),
                        "description": .string("SVG colors and the bubble's shape.")])
    }
}
