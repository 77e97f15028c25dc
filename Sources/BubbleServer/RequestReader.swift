import Bubble
import Foundation

/// One message of a request as read from its JSON object: `{"id"?, "text" | "spans" | "markup",
/// "options"?}`. Other fields (`lang`, …) are ignored, as in a batch line.
struct RequestMessage: Sendable {
    /// The caller's id, echoed as given (`null` when absent).
    var id: JSONValue
    /// The message, or why it cannot be laid out (it is answered with this error, in its place).
    var content: Result<Message, BubbleError>
    /// The message's own options (over the request's).
    var options: BubbleOptions?
    /// Its length in UTF-8 bytes (text, markup, or the content of every span), for the limit.
    var length: Int
}

/// Reads requests: message objects and option objects, with the server's own rules.
enum RequestReader {
    /// Decodes an `options` object; absent or `null` is nil.
    ///
    /// Over HTTP, `catalog` and font file paths are the server's to choose (`bubble serve --catalog`,
    /// `--fonts`): a request may name font families, never files.
    static func options(_ value: JSONValue?) throws(BubbleError) -> BubbleOptions? {
        guard let value, value != .null else { return nil }
        guard case .object = value else {
            throw BubbleError(code: "invalid_options", message: "options must be a JSON object")
        }
        let o = try BubbleOptions.decode(object: value.foundationObject)
        if o.catalog != nil {
            throw BubbleError(code: "invalid_options", message: "option 'catalog' is set by the server (bubble serve --catalog), not by a request")
        }
        if let fonts = o.fonts {
            if fonts.count > 16 { throw .outOfRange("fonts", "\(fonts.count) entries", "at most 16 families") }
            if let path = fonts.first(where: { $0.contains("/") || $0.isEmpty || $0.utf8.count > 200 }) {
                throw BubbleError(code: "invalid_options", message: "option 'fonts': '\(path)' is not a family name; font files are set by the server")
            }
        }
        return o
    }

    /// Reads one message object.
    static func message(_ value: JSONValue) -> RequestMessage {
        guard case .object(let fields) = value else {
            return RequestMessage(id: .null, content: .failure(invalid("a message must be a JSON object")), length: 0)
        }
        let id = fields["id"] ?? .null
        var options: BubbleOptions?
        do { options = try self.options(fields["options"]) } catch {
            return RequestMessage(id: id, content: .failure(error), length: 0)
        }
        switch id {
        case .null, .string, .int, .double: break
        default: return RequestMessage(id: id, content: .failure(invalid("\"id\" must be a string or a number")), options: options, length: 0)
        }
        let (content, length) = body(fields)
        return RequestMessage(id: id, content: content, options: options, length: length)
    }

    /// The message body of an object holding exactly one of `text`, `markup`, `spans`.
    static func body(_ fields: [String: JSONValue]) -> (Result<Message, BubbleError>, Int) {
        let given = ["text", "markup", "spans"].filter { fields[$0] != nil }
        guard given.count == 1 else {
            return (.failure(invalid(given.isEmpty ? "a message needs one of \"text\", \"markup\" or \"spans\""
                                                   : "a message has one of \"text\", \"markup\" or \"spans\", not \(given.joined(separator: " and "))")), 0)
        }
        switch (given[0], fields[given[0]]!) {
        case ("text", .string(let s)): return (.success(Message(text: s)), s.utf8.count)
        case ("markup", .string(let s)): return (.success(Message(markup: s)), s.utf8.count)
        case ("spans", .array(let segments)):
            var length = 0
            for case .object(let segment) in segments {
                if case .string(let s)? = segment["content"] { length += s.utf8.count } else { length += 1 }
            }
            return (.success(Message(utf8: Array(JSONValue.array(segments).text.utf8), format: .spans)), length)
        case ("spans", _): return (.failure(invalid("\"spans\" must be an array of segments")), 0)
        case (let key, _): return (.failure(invalid("\"\(key)\" must be a string")), 0)
        }
    }

    static func invalid(_ message: String) -> BubbleError {
        BubbleError(code: "invalid_message", message: message)
    }
}
