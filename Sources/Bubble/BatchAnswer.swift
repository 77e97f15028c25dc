/// What `bubble batch` writes for one line, and what libbubble's `bubble_layout` returns for one
/// request: the one path from a message object's bytes to `{"id":…,"layout":{…}}` (or, with
/// `widths`, `{"id":…,"layouts":[…]}`), and the error line when it fails.
///
/// A line is a message object as ``MessageReader`` reads it (the HTTP service's too). The `id` is copied
/// as written (`null` when absent or unreadable).
package struct BatchAnswer: Sendable {
    package let engine: BubbleEngine

    package init(engine: BubbleEngine) {
        self.engine = engine
    }

    /// The result line for `bytes` (no trailing newline). `line`, the 1-based line number of a batch,
    /// goes in front of the messages of errors that concern the whole line (nil: an in-process call).
    package func answer(_ bytes: [UInt8], line: Int? = nil) throws(BubbleError) -> String {
        let (key, json) = try lay(bytes, line: line)
        let id = RawJSON.value(ofKey: "id", in: bytes) ?? "null"
        return "{\"id\":\(id),\"\(key)\":\(json)}"
    }

    /// The error line for `bytes`: whatever `id` can still be read from it, the error, and the line's number.
    package func errorLine(_ error: BubbleError, bytes: [UInt8], line: Int) -> String {
        let id = RawJSON.recoveredValue(ofKey: "id", in: bytes) ?? "null"
        let object = JSONRenderer.errorObject(code: error.code, message: error.message)
        return "{\"id\":\(id),\"error\":\(object),\"line\":\(line)}"
    }

    /// `("layout", {…})`, or with `widths` `("layouts", [{…}, …])`.
    private func lay(_ bytes: [UInt8], line: Int?) throws(BubbleError) -> (String, String) {
        let request = try read(bytes, line: line)
        let plan = try engine.plan(for: request.options)  // over the engine's defaults: the batch's options
        let renderer = JSONRenderer(offsets: plan.options.offsets)
        if plan.options.given.widths != nil {  // one layout per width
            return ("layouts", renderer.renderArray(try engine.layouts(request.message, plan: plan)))
        }
        return ("layout", renderer.render(try engine.layout(request.message, plan: plan)))
    }

    /// The message object of `bytes`: UTF-8 (or repaired, with the engine's `invalidUTF8: replace`),
    /// not blank, read by ``MessageReader``.
    package func read(_ bytes: [UInt8], line: Int? = nil) throws(BubbleError) -> MessageRequest {
        let what = line.map { "line \($0)" } ?? "the request"
        var bytes = bytes
        if String(validating: bytes, as: UTF8.self) == nil {
            guard engine.defaults.invalidUTF8 == .replace else {
                throw BubbleError(code: "invalid_utf8", message: "\(what) is not valid UTF-8")
            }
            bytes = Array(String(decoding: bytes, as: UTF8.self).utf8)
        }
        guard !bytes.allSatisfy({ $0 == 0x20 || $0 == 0x09 }) else {
            throw BubbleError(code: "malformed_json", message: "\(what) is empty")
        }
        do { return try MessageReader.read(document: bytes) } catch {
            guard let line else { throw error }
            throw BubbleError(code: error.code, message: "line \(line): \(error.message)")
        }
    }
}
