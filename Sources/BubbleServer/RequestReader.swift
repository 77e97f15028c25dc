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
    static func options(_ value: JSONValue?) throws(BubbleError) -> BubbleOptions? {
        guard let value else { return nil }
        let o = try BubbleOptions(json: value)
        try check(o)
        return o
    }

    /// The server's rules for options a request sends.
    static func check(_ o: BubbleOptions) throws(BubbleError) {
        for spec in OptionTable.all where !spec.inRequests && spec.isSet(o) {
            throw BubbleError(code: "invalid_options", message: "option '\(spec.key)' is set by the server (bubble serve --\(spec.key)), not by a request")
        }
        if let path = o.fonts?.first(where: { $0.contains("/") }) {
            throw BubbleError(code: "invalid_options", message: "option 'fonts': '\(path)' is not a family name; font files are set by the server")
        }
    }

    /// The span numbers the OpenAPI document bounds: `size` 1…1000 px, `width`/`height` > 0 and ≤ 100000 px.
    static func checkNumbers(_ message: Message) throws(BubbleError) {
        guard case .spans(let spans) = message.body else { return }
        for (i, span) in spans.enumerated() {
            if let size = span.size, !(size >= 1 && size <= 1000) {
                throw BubbleError(code: "malformed_spans", message: "malformed spans, segment \(i): size must be ≥ 1 and ≤ 1000 px")
            }
            for value in [span.width, span.height] {
                if let value, !(value > 0 && value <= 100_000) {
                    throw BubbleError(code: "malformed_spans", message: "malformed spans, segment \(i): width and height must be > 0 and ≤ 100000 px")
                }
            }
        }
    }
}
