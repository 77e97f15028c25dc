import BubbleJSON

extension JSONRenderer {
    /// `s` as a JSON string literal, escaped as every Bubble JSON output escapes strings.
    package static func stringLiteral(_ s: String) -> String { JSONQuoting.quoted(s) }

    /// The error object of Bubble's JSON outputs: `{"code": …, "message": …}`.
    package static func errorObject(code: String, message: String) -> String {
        var w = JSONWriter(capacity: 64 + message.utf8.count)
        w.beginObject()
        w.field("code", code)
        w.field("message", message)
        w.endObject()
        return w.output
    }
}
