import Bubble
import Foundation

/// One message of a request as read from its JSON object: `{"id"?, "text" | "spans" | "markup",
/// "options"?}`. Other fields (`lang`, …) are ignored, as in a batch line.
struct RequestMessage: Sendable {
    /// The caller's id, echoed as given (`null` when absent).
    var id: JSONValue
    var message: Message
    /// The message's own options (over the request's).
    var options: BubbleOptions?
    /// Its length in UTF-8 bytes (text, markup, or the content of every span), for the limit.
    var length: Int
}

/// Reads requests: message objects and option objects, with the server's own rules.
///
/// What the OpenAPI document describes is checked here, for the whole request (a 400 names the
/// culprit); what only laying the message out can tell (a bad span color, a message longer than its
/// own `maxMessageLength`, an unknown font family) is an error in that message's place.
enum RequestReader {
    /// Decodes an `options` object; absent is nil.
    ///
    /// Over HTTP, `catalog` and font file paths are the server's to choose (`bubble serve --catalog`,
    /// `--fonts`): a request may name font families, never files.
    static func options(_ value: JSONValue?) throws(BubbleError) -> BubbleOptions? {
        guard let value else { return nil }
        guard case .object(let fields) = value else {
            throw BubbleError(code: "invalid_options", message: "options must be a JSON object")
        }
        // Codable reads a null as "not given"; the document says a value or nothing, so say so.
        func nullPath(_ v: JSONValue, _ path: String) -> String? {
            switch v {
            case .null: return path
            case .object(let o): return o.keys.sorted().lazy.compactMap { nullPath(o[$0]!, path.isEmpty ? $0 : path + "." + $0) }.first
            case .array(let a): return a.indices.lazy.compactMap { nullPath(a[$0], path + "[\($0)]") }.first
            default: return nil
            }
        }
        if let key = nullPath(.object(fields), "") {
            throw BubbleError(code: "invalid_options", message: "option '\(key)' is null; leave it out for its default")
        }
        let o = try BubbleOptions.decode(json: Data(value.text.utf8))
        if o.catalog != nil {
            throw BubbleError(code: "invalid_options", message: "option 'catalog' is set by the server (bubble serve --catalog), not by a request")
        }
        if let fonts = o.fonts {
            if fonts.count > 16 { throw .outOfRange("fonts", "\(fonts.count) entries", "at most 16 families") }
            if let path = fonts.first(where: { $0.contains("/") || $0.isEmpty || $0.utf8.count > 200 }) {
                throw BubbleError(code: "invalid_options", message: "option 'fonts': '\(path)' is not a family name; font files are set by the server")
            }
        }
        // Below about 1e-4 px the typesetter computes inverted ranges and traps (BubbleLayout.xSpan);
        // no bubble is set that small, so the service asks for at least 1 px.
        if let size = o.fontSize, !InputBounds.fontSize.contains(size) {
            throw .outOfRange("fontSize", "\(size)", InputBounds.fontSize.expected)
        }
        if let style = o.theme?.style, SVGTheme.Style(rawValue: style) == nil {
            throw .outOfRange("theme.style", "'\(style)'", "incoming or outgoing")
        }
        return o
    }

    /// Reads one message object of `/v1/layout`.
    static func message(_ value: JSONValue) throws(BubbleError) -> RequestMessage {
        guard case .object(let fields) = value else { throw invalid("a message must be a JSON object") }
        let id = fields["id"] ?? .null
        switch id {
        case .null, .string, .int, .double: break
        default: throw invalid("\"id\" must be a string, a number or null")
        }
        let options = try self.options(fields["options"])
        let (message, length) = try body(fields)
        return RequestMessage(id: id, message: message, options: options, length: length)
    }

    /// The message body of an object holding exactly one of `text`, `markup`, `spans`.
    static func body(_ fields: [String: JSONValue]) throws(BubbleError) -> (Message, Int) {
        let given = ["text", "markup", "spans"].filter { fields[$0] != nil }
        guard given.count == 1 else {
            throw invalid(given.isEmpty ? "a message needs one of \"text\", \"markup\" or \"spans\""
                                        : "a message has one of \"text\", \"markup\" or \"spans\", not \(given.joined(separator: " and "))")
        }
        switch (given[0], fields[given[0]]!) {
        case ("text", .string(let s)): return (Message(text: s), s.utf8.count)
        case ("markup", .string(let s)): return (Message(markup: s), s.utf8.count)
        case ("spans", .array(let segments)):
            let bytes = Array(JSONValue.array(segments).text.utf8)
            let spans: [Span]
            do { spans = try Span.decodeArray(bytes) } catch { throw BubbleError(code: error.code, message: error.message) }
            try checkNumbers(spans)
            let length = spans.reduce(0) { $0 + ($1.content?.utf8.count ?? 0) + ($1.type == .img || $1.type == .emoji ? 3 : 0) }
            return (Message(utf8: bytes, format: .spans), length)
        case ("spans", _): throw invalid("\"spans\" must be an array of segments")
        case (let key, _): throw invalid("\"\(key)\" must be a string")
        }
    }

    /// The span numbers, checked against ``InputBounds`` as the mapper checks them, before anything is laid out.
    static func checkNumbers(_ spans: [Span]) throws(BubbleError) {
        for (i, span) in spans.enumerated() {
            do { try Span.check(span, index: i) } catch { throw BubbleError(code: error.code, message: error.message) }
        }
    }

    static func invalid(_ message: String) -> BubbleError {
        BubbleError(code: "invalid_message", message: message)
    }
}
