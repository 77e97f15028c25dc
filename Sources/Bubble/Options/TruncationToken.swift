package import BubbleJSON

/// The truncation token: plain text, or text with a URL (a tappable link of kind `more`).
public struct TruncationToken: OptionValue, Codable {
    public var text: String
    public var url: String?

    /// Longest token text, in UTF-16 units (the same bound as `ellipsis`).
    static let maxLength = 256

    public init(text: String, url: String? = nil) {
        self.text = text
        self.url = url
    }

    package init(json: JSONValue) throws(OptionValueError) {
        if let s = json.string { self.init(text: s); return }
        guard let o = json.object else { throw .expected("a string or {text, url}", found: json) }
        for m in o.members where m.key != "text" && m.key != "url" { throw OptionValueError("unknown key '\(m.key)'") }
        guard let text = o["text"]?.string else { throw OptionValueError("expected a string", path: "text") }
        var url: String?
        if let u = o["url"] {
            guard let s = u.string else { throw OptionValueError.expected("a string", found: u).inside("url") }
            url = s
        }
        self.init(text: text, url: url)
    }

    /// The CLI gives the text; `--truncation-token-url` adds the URL.
    package init(argument: String) throws(OptionValueError) { self.init(text: argument) }

    package var optionDescription: String { "\(text.utf16.count) units long" }

    static var schema: JSONValue {
        let text = JSONValue.schema(["type": .string("string"), "maxLength": .int(maxLength)])
        return .schema([
            "oneOf": .array([text, .schema(["type": .string("object"), "additionalProperties": .bool(false),
                                            "required": .array([.string("text")]),
                                            "properties": .schema(["text": text, "url": .schema(["type": .string("string")])])])]),
            "description": .string("A custom token: text, or {text, url} for a tappable `more` link."),
        ])
    }
}
