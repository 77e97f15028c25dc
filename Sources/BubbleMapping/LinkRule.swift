/// A caller's own link kind: a PCRE2 pattern whose matches become links (`linkRules`).
///
/// `{"name": "ticket", "pattern": "\\b(?<key>[A-Z]{2,5}-\\d+)\\b", "kind": "ticket",
///   "target": "https://jira.example.com/browse/${key}"}`; or a built-in rule by name alone
/// (`{"name": "hashtag"}`, see `LinkRule/builtIns`).
///
/// Patterns compile in UTF and UCP modes (`\w`, `\d`, `\b` are Unicode-aware), JIT-compiled when the
/// platform allows, once per rule set (see `LinkRules`). `target` is a template: `$0` is the whole
/// match, `$1`… a group, `${name}` a named group, `$$` a dollar sign. A target that is one reference
/// alone (`$0`) is the matched text itself, as a detected mention's target is; any other target must
/// start with `http://`, `https://`, `mailto:` or `tel:`, and every substituted value is percent-encoded
/// (all but ASCII letters, digits and `- . _ ~ + @`).
public struct LinkRule: Sendable, Hashable, Codable {
    /// Names the rule in errors and selects a built-in or server rule.
    public var name: String
    /// A PCRE2 pattern; nil for a built-in (or, in the service, a configured) rule named by `name`.
    public var pattern: String?
    /// The link kind the report gives its matches (default: the name).
    public var kind: String?
    /// The target template (default: `$0`).
    public var target: String?
    /// PCRE2 match and depth limits for this rule's searches, lower than ``matchLimit`` and ``depthLimit``:
    /// set by a service on the patterns a request sends (`bubble serve --request-match-limit`), never read
    /// from JSON. Nil: the defaults.
    package var limits: Limits?

    /// A rule's own PCRE2 limits (each capped by the defaults).
    package struct Limits: Sendable, Hashable, Codable {
        package var matchLimit: UInt32
        package var depthLimit: UInt32
        package init(matchLimit: UInt32, depthLimit: UInt32) {
            self.matchLimit = matchLimit
            self.depthLimit = depthLimit
        }
    }

    public init(name: String, pattern: String? = nil, kind: String? = nil, target: String? = nil) {
        self.name = name
        self.pattern = pattern
        self.kind = kind
        self.target = target
    }

    /// The match limit this rule's searches run under: its own when lower, else ``matchLimit``.
    package var effectiveMatchLimit: UInt32 { min(limits?.matchLimit ?? Self.matchLimit, Self.matchLimit) }
    /// The depth limit this rule's searches run under: its own when lower, else ``depthLimit``.
    package var effectiveDepthLimit: UInt32 { min(limits?.depthLimit ?? Self.depthLimit, Self.depthLimit) }

    /// PCRE2's match limit for every search of a rule: bounds backtracking, so a catastrophic pattern
    /// on a hostile message (`(a+)+$` on `aaaa…!`) stops with an error in milliseconds. Ordinary rules
    /// over a 64 KiB message stay far below it.
    package static let matchLimit: UInt32 = 1_000_000
    /// PCRE2's depth limit (the interpreter's backtracking depth) for every search of a rule.
    package static let depthLimit: UInt32 = 10_000
    /// Longest pattern accepted, in UTF-8 bytes.
    package static let maxPatternLength = 1024

    /// The built-in rules a caller switches on by name alone. Patterns run in UCP mode, so `\w` is any
    /// letter, mark, digit or connector of any script.
    /// - `hashtag`: `#` then 1–64 letters, marks, digits or connectors (`\p{L}\p{M}\p{N}\p{Pc}`, spelled
    ///   out because PCRE2 before 10.43 leaves marks out of UCP's `\w`, which would cut `#हिन्दी`) with at
    ///   least one that is not a digit, not right after such a character, `#` or `&` (`#swift`, `#тест`, `#日本語`, `#السلام`; not `#123`, `a#b`, `&#39;`).
    /// - `cashtag`: `$` then 1–8 ASCII capitals, not inside a word (`$USD`, `$BTC`; not `$usd`, `a$USD`).
    /// - `email`: a local part of word characters and `. % + -`, `@`, dot-separated labels, a top-level
    ///   label of two or more letters (`a.b+c@example.co.uk`, `почта@пример.рф`); target `mailto:`.
    /// - `phone`: an optional `+`, then 7–15 digits which may be grouped by one space, dot or hyphen or a
    ///   parenthesised area code, not inside a word or a longer number (`+1 (555) 010-9999`,
    ///   `+7 912 345-67-89`, `٠١٢٣٤٥٦٧٨٩`); kind `phone_number`, target `tel:`.
    package static let builtIns: [String: LinkRule] = [
        "hashtag": LinkRule(name: "hashtag", pattern: #"(?<![\p{L}\p{M}\p{N}\p{Pc}#&])#(?=[\p{L}\p{M}\p{N}\p{Pc}]{0,63}[\p{L}\p{M}\p{Pc}])[\p{L}\p{M}\p{N}\p{Pc}]{1,64}(?![\p{L}\p{M}\p{N}\p{Pc}])"#,
                            kind: "hashtag", target: "$0"),
        "cashtag": LinkRule(name: "cashtag", pattern: #"(?<![\w$])\$[A-Z]{1,8}(?![\w$])"#, kind: "cashtag", target: "$0"),
        "email": LinkRule(name: "email", pattern: #"(?<![\w.%+@-])[\w%+-]+(?:\.[\w%+-]+)*@\w[\w-]*(?:\.[\w-]+)*\.\p{L}{2,63}(?![\w@-])"#,
                          kind: "email", target: "mailto:$0"),
        "phone": LinkRule(name: "phone", pattern: #"(?<![\w+])\+?(?:\(\d{1,4}\)[ .-]?|\d[ .-]?){6,14}\d(?![\w])"#,
                          kind: "phone_number", target: "tel:$0"),
    ]

    /// The rule with a built-in filled in, or nil when it names no built-in and has no pattern.
    package var resolved: LinkRule? {
        guard pattern == nil else { return self }
        guard var builtIn = Self.builtIns[name] else { return nil }
        if let kind { builtIn.kind = kind }
        builtIn.limits = limits
        if let target { builtIn.target = target }
        return builtIn
    }
}
