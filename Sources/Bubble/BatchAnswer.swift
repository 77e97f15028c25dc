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
        return try lay(request.message, plan: try engine.plan(for: request.options))  // over the engine's defaults
    }

    /// The JSON of `message` laid out under `plan`, keyed as a result line keys it.
    func lay(_ message: Message, plan: LayoutPlan) throws(BubbleError) -> (key: String, json: String) {
        let renderer = JSONRenderer(offsets: plan.options.offsets)
        if plan.options.given.widths != nil {  // one layout per width
            return ("layouts", renderer.renderArray(try engine.layouts(message, plan: plan)))
        }
        return ("layout", try engine.withLayout(message, plan: plan) { renderer.render($0) })
    }

    /// A plain-text message given as its bytes alone (no request around them), with the engine's options:
    /// what `{"text": …}` means, read without a JSON document. The bytes must be UTF-8 (or are repaired,
    /// with the engine's `invalidUTF8: replace`).
    package func textMessage(_ bytes: UnsafeRawBufferPointer) throws(BubbleError) -> Message {
        if let text = String(validating: bytes, as: UTF8.self) { return Message(text: text) }
        guard engine.defaults.invalidUTF8 == .replace else {
            throw BubbleError(code: "invalid_utf8", message: "the text is not valid UTF-8")
        }
        return Message(text: String(decoding: bytes, as: UTF8.self))
    }

    /// The layout of a plain-text message with the engine's options, as `bubble layout` prints it: the
    /// layout object, or with `widths` the array of layouts. UTF-8 bytes, as the writer made them (no
    /// String made of them on the way out).
    package func layoutJSON(text bytes: UnsafeRawBufferPointer) throws(BubbleError) -> [UInt8] {
        let message = try textMessage(bytes)
        let plan = try engine.plan(for: nil)
        if plan.options.given.widths != nil { return Array(try lay(message, plan: plan).json.utf8) }
        let renderer = JSONRenderer(offsets: plan.options.offsets)
        return try engine.withLayout(message, plan: plan) { renderer.renderUTF8($0) }
    }

    /// The layout of `bytes` (a message object, as ``answer(_:line:)`` reads it) as report tokens
    /// (``JSONRenderer/renderTokens(_:)-(BubbleLayout)``): the layout, or with `widths` the array of layouts.
    package func layoutTokens(_ bytes: [UInt8]) throws(BubbleError) -> [UInt8] {
        let request = try read(bytes)
        return try tokens(request.message, plan: try engine.plan(for: request.options))
    }

    /// ``layoutJSON(text:)`` as report tokens.
    package func layoutTokens(text bytes: UnsafeRawBufferPointer) throws(BubbleError) -> [UInt8] {
        try tokens(try textMessage(bytes), plan: try engine.plan(for: nil))
    }

    /// The report tokens of `message` laid out under `plan`: the layout, or with `widths` the array of layouts.
    private func tokens(_ message: Message, plan: LayoutPlan) throws(BubbleError) -> [UInt8] {
        let renderer = JSONRenderer(offsets: plan.options.offsets)
        if plan.options.given.widths != nil { return renderer.renderTokens(try engine.layouts(message, plan: plan)) }
        return try engine.withLayout(message, plan: plan) { renderer.renderTokens($0) }
    }

    /// The size of a plain-text message's bubble with the engine's options (``BubbleEngine/size(_:plan:)``).
    package func size(text bytes: UnsafeRawBufferPointer) throws(BubbleError) -> BubbleSize {
        try engine.size(try textMessage(bytes), plan: try engine.plan(for: nil))
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
