package import BubbleJSON
public import BubbleMapping

/// The `linkRules` option: custom link kinds on PCRE2 patterns, or built-in rules by name
/// (`[{"name": "hashtag"}, {"name": "ticket", "pattern": "\\b[A-Z]{2,5}-\\d+\\b", "target": "https://t.example/$0"}]`).
///
/// A rule that does not compile is an out-of-range value with PCRE2's message and byte offset.
public struct LinkRuleList: OptionValue, Codable {
    public var rules: [LinkRule]

    public init(_ rules: [LinkRule]) { self.rules = rules }

    /// Most rules in one list.
    package static let maxRules = 32

    package init(json: JSONValue) throws(OptionValueError) {
        guard let items = json.array else { throw .expected("an array of rules {name, pattern?, kind?, target?}", found: json) }
        var rules: [LinkRule] = []
        for (i, item) in items.enumerated() {
            // A bare string names a rule: "hashtag" is {"name": "hashtag"}.
            if let name = item.string { rules.append(LinkRule(name: name)); continue }
            guard let o = item.object else { throw OptionValueError.expected("a rule object or a rule name", found: item).inside("[\(i)]") }
            func string(_ key: String) throws(OptionValueError) -> String? {
                guard let v = o[key], v != .null else { return nil }
                guard let s = v.string else { throw OptionValueError.expected("a string", found: v).inside("[\(i)].\(key)") }
                return s
            }
            guard let name = try string("name") else { throw OptionValueError("a rule needs \"name\"").inside("[\(i)]") }
            rules.append(LinkRule(name: name, pattern: try string("pattern"), kind: try string("kind"), target: try string("target")))
        }
        self.rules = rules
    }

    package var optionDescription: String { "[\(rules.map { "'\($0.name)'" }.joined(separator: ", "))]" }

    /// Why the list cannot be used (too many rules, or the first rule that does not compile), or nil.
    package var problem: String? {
        if rules.count > Self.maxRules { return "at most \(Self.maxRules) rules" }
        do throws(MappingError) { _ = try LinkRules.compile(rules) } catch { return error.message }
        return nil
    }

    static let schema: JSONValue = .schema([
        "type": .string("array"), "maxItems": .int(maxRules),
        "description": .string("Link rules in order: a built-in by name (hashtag, cashtag, email, phone), or {name, pattern, kind?, target?}."),
        "items": .schema(["oneOf": .array([
            .schema(["type": .string("string"), "description": .string("A built-in or configured rule's name.")]),
            .schema(["type": .string("object"), "required": .array([.string("name")]), "properties": .schema([
                "name": .schema(["type": .string("string"), "minLength": .int(1)]),
                "pattern": .schema(["type": .string("string"), "maxLength": .int(LinkRule.maxPatternLength),
                                    "description": .string("A PCRE2 pattern (UTF and UCP modes).")]),
                "kind": .schema(["type": .string("string"), "description": .string("The link kind reported (default: the name).")]),
                "target": .schema(["type": .string("string"),
                                   "description": .string("Target template: $0, $1…, ${name}; percent-encoded into http(s), mailto or tel URLs.")]),
            ])]),
        ])]),
    ])
}
