package import BubbleJSON
public import BubbleMapping

/// One message object as a batch line or an HTTP request carries it, read by ``MessageReader``.
public struct MessageRequest: Sendable {
    /// The caller's `id` exactly as it was sent (its JSON text), or nil when there was none.
    public var id: String?
    public var message: Message
    /// The message's own options (they go over the request's, which go over the engine's defaults).
    public var options: BubbleOptions?
    /// The message's length in UTF-8 bytes as limits count it: the text, the markup, or the content
    /// of every span (an image or emoji segment counts as the 3 bytes of its U+FFFC).
    public var length: Int
}

/// Reads message objects, the one way every front end does (batch lines, HTTP bodies):
/// `{"id"?, "text" (+ "entities"?) | "spans" | "markup", "options"?, "linkMap"?, "highlights"?}`. Other keys (`lang`,
/// …) are ignored, so a caller can pass its own records through.
///
/// Errors are `invalid_message` (the object's shape), `invalid_options`, `malformed_spans` or
/// `invalid_highlight`, with the same messages everywhere; a front end only adds where (`line 12: …`,
/// `message 3: …`).
public enum MessageReader {
    /// The keys that hold a message's body, one per ``Message/Format``.
    /// (`entities` is not one: it goes beside `text`.)
    package static let bodyKeys = Message.Format.allCases.filter { $0 != .entities }.map(\.rawValue)

    /// Reads a whole JSON document that must be one message object (a batch line).
    public static func read(document bytes: [UInt8]) throws(BubbleError) -> MessageRequest {
        let value: JSONValue
        do { value = try JSONReader.read(bytes) } catch { throw malformed(error) }
        return try read(value, document: bytes)
    }

    /// Reads one message object; `document` is the text it was read from, to copy the `id` back
    /// byte for byte (nil: the id is written anew from its value).
    package static func read(_ value: JSONValue, document: [UInt8]? = nil) throws(BubbleError) -> MessageRequest {
        guard let fields = value.object else { throw invalid("a message must be a JSON object, not \(value.kindName)") }
        let id = try self.id(fields, document: document)
        let given = bodyKeys.filter { fields[$0] != nil }
        guard given.count == 1, let key = given.first else {
            throw invalid(given.isEmpty ? "a message needs one of \"text\", \"spans\" or \"markup\""
                                        : "a message has one of \"text\", \"spans\" or \"markup\", not \(given.joined(separator: " and "))")
        }
        var (message, length) = try body(key, fields[key]!)
        if let list = fields["entities"] {
            guard case .text(let text) = message.body else { throw invalid("\"entities\" go with \"text\", not \"\(key)\"") }
            do { message.body = .entities(text, try MessageEntity.decodeArray(list)) } catch {
                throw BubbleError(code: error.code, message: error.message)
            }
        }
        if let map = fields["linkMap"] { message.linkMap = try linkMap(map) }
        if let list = fields["highlights"] { message.highlights = try highlights(list) }
        let options = try fields["options"].map { (v) throws(BubbleError) in try BubbleOptions(json: v) }
        return MessageRequest(id: id, message: message, options: options, length: length)
    }

    /// The `id` as sent: a string, a number or null.
    static func id(_ fields: JSONObject, document: [UInt8]?) throws(BubbleError) -> String? {
        guard let member = fields.member("id") else { return nil }
        switch member.value {
        case .null, .string, .number: break
        default: throw invalid("\"id\" must be a string, a number or null, not \(member.value.kindName)")
        }
        if let document, member.span.upperBound <= document.count, !member.span.isEmpty {
            return String(decoding: document[member.span], as: UTF8.self)
        }
        return member.value.text
    }

    /// The body under `key`, and its length as limits count it.
    static func body(_ key: String, _ value: JSONValue) throws(BubbleError) -> (Message, Int) {
        switch (key, value) {
        case ("text", .string(let s)): return (Message(text: s), s.utf8.count)
        case ("markup", .string(let s)): return (Message(markup: s), s.utf8.count)
        case ("spans", .array):
            let spans: [Span]
            do { spans = try Span.decodeArray(value) } catch { throw BubbleError(code: error.code, message: error.message) }
            let length = spans.reduce(0) { $0 + ($1.content?.utf8.count ?? 0) + ($1.type == .img || $1.type == .emoji ? 3 : 0) }
            return (Message(spans: spans), length)
        case ("spans", _): throw invalid("\"spans\" must be an array of segments, not \(value.kindName)")
        default: throw invalid("\"\(key)\" must be a string, not \(value.kindName)")
        }
    }

    /// A message's `linkMap`: exact text → URL (merged over the options' link map).
    package static func linkMap(_ value: JSONValue) throws(BubbleError) -> [String: String] {
        do { return try [String: String](json: value) } catch {
            throw invalid("\"linkMap\"\(error.path.isEmpty ? "" : "." + error.path): \(error.message)")
        }
    }

    /// A message's `highlights`: `[{start, end, textColor?, backgroundColor?}]`, in source offsets.
    package static func highlights(_ value: JSONValue) throws(BubbleError) -> [SourceHighlight] {
        let shape = "\"highlights\" must be [{start, end, textColor?, backgroundColor?}]"
        guard let items = value.array else { throw invalid(shape) }
        var out: [SourceHighlight] = []
        for (i, item) in items.enumerated() {
            guard let o = item.object, let start = o["start"]?.int, let end = o["end"]?.int else {
                throw invalid("\(shape); highlight \(i) is not")
            }
            var h = SourceHighlight(start: start, end: end)
            for (key, path) in [("textColor", \SourceHighlight.textColor), ("backgroundColor", \SourceHighlight.backgroundColor)] {
                guard let v = o[key] else { continue }
                guard let s = v.string else { throw invalid("highlight \(i): \"\(key)\" must be a string") }
                h[keyPath: path] = s
            }
            out.append(h)
        }
        return out
    }

    static func invalid(_ message: String) -> BubbleError {
        BubbleError(code: "invalid_message", message: message)
    }

    /// The error for a document that is not JSON.
    package static func malformed(_ error: JSONError) -> BubbleError {
        BubbleError(code: "malformed_json", message: "not valid JSON: \(error)")
    }
}
