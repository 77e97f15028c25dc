import Bubble
import BubbleJSON

/// One message of a request, read by the library's ``MessageReader`` and planned: its options
/// merged over the request's and checked, once.
struct RequestMessage: Sendable {
    /// The caller's id as sent (`null` when absent).
    var id: String
    var message: Message
    /// Its plan, or why none could be made (a font family the server cannot load: that message's error).
    var plan: Result<LayoutPlan, BubbleError>
    /// Its length in UTF-8 bytes (text, markup, or the content of every span), for the limit.
    var length: Int
}

/// The server's own rules on top of the library's reader: what a request may not choose.
///
/// What the OpenAPI document describes is checked here, for the whole request (a 400 names the
/// culprit); what only laying the message out can tell (a bad span color, a message longer than its
/// own `maxMessageLength`) is an error in that message's place.
enum RequestReader {
    /// Reads a request body; a syntax error is a 400 `malformed_json` saying where.
    static func parse(_ bytes: [UInt8]) throws(BubbleServerError) -> JSONValue {
        do { return try JSONReader.read(bytes) } catch { throw .malformedJSON("\(error)") }
    }

    /// Reads an `options` object (absent: nil) and applies the server's rules.
    ///
    /// Over HTTP, `catalog` and font file paths are the server's to choose (`bubble serve --catalog`,
    /// `--fonts`): a request may name font families, never files.
    static func options(_ value: JSONValue?, settings: BubbleServerSettings) throws(BubbleError) -> BubbleOptions? {
        guard let value else { return nil }
        var o = try BubbleOptions(json: value)
        try check(&o, settings: settings)
        return o
    }

    /// The server's rules for options a request sends; `linkRules` named by the server are filled in.
    static func check(_ o: inout BubbleOptions, settings: BubbleServerSettings) throws(BubbleError) {
        try resolveLinkRules(&o, settings: settings)
        for spec in OptionTable.all where !spec.inRequests && spec.isSet(o) {
            throw BubbleError(code: "invalid_options", message: "option '\(spec.key)' is set by the server (bubble serve --\(spec.key)), not by a request")
        }
        if let path = o.fonts?.first(where: { $0.contains("/") }) {
            throw BubbleError(code: "invalid_options", message: "option 'fonts': '\(path)' is not a family name; font files are set by the server")
        }
    }

    /// A request's `linkRules`: a name selects a rule of the server's `--link-rules` file or a built-in;
    /// a pattern is accepted only from a server started with `--allow-request-link-rules`, and then at
    /// most ``BubbleServerSettings/maxRequestLinkRules`` rules of at most
    /// ``BubbleServerSettings/maxRequestPatternLength`` bytes each, searched under
    /// ``BubbleServerSettings/requestLinkRuleLimits`` (the server's own rules keep the higher defaults).
    static func resolveLinkRules(_ o: inout BubbleOptions, settings: BubbleServerSettings) throws(BubbleError) {
        guard let list = o.linkRules else { return }
        func refuse(_ why: String) -> BubbleError { BubbleError(code: "invalid_options", message: "option 'linkRules': \(why)") }
        guard list.rules.count <= settings.maxRequestLinkRules else {
            throw refuse("at most \(settings.maxRequestLinkRules) rules in a request")
        }
        var resolved: [LinkRule] = []
        for rule in list.rules {
            if let pattern = rule.pattern {
                guard settings.allowRequestLinkRules else {
                    throw refuse("rule '\(rule.name)' sends a pattern; this server takes rules by name only "
                                 + "(configured: \(settings.linkRules.keys.sorted().joined(separator: ", ")); built-in: \(LinkRule.builtIns.keys.sorted().joined(separator: ", ")))")
                }
                guard pattern.utf8.count <= settings.maxRequestPatternLength else {
                    throw refuse("rule '\(rule.name)': a request's pattern is at most \(settings.maxRequestPatternLength) bytes")
                }
                var limited = rule
                limited.limits = settings.requestLinkRuleLimits
                resolved.append(limited)
            } else if let configured = settings.linkRules[rule.name] {
                resolved.append(configured)
            } else if LinkRule.builtIns[rule.name] != nil {
                resolved.append(rule)
            } else {
                throw refuse("no rule named '\(rule.name)' (configured: \(settings.linkRules.keys.sorted().joined(separator: ", ")); "
                             + "built-in: \(LinkRule.builtIns.keys.sorted().joined(separator: ", ")))")
            }
        }
        o.linkRules = LinkRuleList(resolved)
    }

    /// The span numbers the OpenAPI document bounds: `size` 1…1000 px, `width`/`height` > 0 and ≤ 100000 px.
    /// The span numbers, checked against ``InputBounds`` as the mapper checks them (one declaration, the
    /// same words), before anything is laid out.
    static func checkNumbers(_ message: Message) throws(BubbleError) {
        guard case .spans(let spans) = message.body else { return }
        for (i, span) in spans.enumerated() {
            do { try Span.check(span, index: i) } catch { throw BubbleError(code: error.code, message: error.message) }
        }
    }
}
