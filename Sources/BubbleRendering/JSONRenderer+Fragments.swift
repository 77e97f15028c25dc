extension JSONRenderer {
    /// `s` as a JSON string literal, escaped as every Bubble JSON output escapes strings.
    package static func stringLiteral(_ s: String) -> String {
        var out: [UInt8] = []
        out.reserveCapacity(s.utf8.count + 2)
        JSONWriter.appendString(s, to: &out)
        return String(decoding: out, as: UTF8.self)
    }

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
