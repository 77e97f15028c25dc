import Bubble
import Foundation

/// Turns one batch line into its result line: `{"id":…,"layout":{…}}` or `{"id":…,"error":{"code","message"}}`.
///
/// A line is a message object as ``MessageReader`` reads it (the HTTP service's too). The `id` is copied
/// as written (`null` when absent or unreadable).
struct BatchLine: Sendable {
    let engine: BubbleEngine
    /// The batch's options (flags and `--options`); a line's `options` go over them.
    let defaults: BubbleOptions
    /// `--max-line-length`, for the error message.
    let maxLineLength: Int

    /// The result line for `line` (no trailing newline) and whether it is a layout. An error line
    /// carries the line's number (`"line"`, 1-based over the whole input) and whatever `id` can
    /// still be read from it.
    func process(_ line: InputLine) -> (json: String, ok: Bool) {
        do throws(BubbleError) {
            let (key, json) = try lay(line)
            let id = RawJSON.value(ofKey: "id", in: line.bytes) ?? "null"
            return ("{\"id\":\(id),\"\(key)\":\(json)}", true)
        } catch {
            let id = RawJSON.recoveredValue(ofKey: "id", in: line.bytes) ?? "null"
            let object = JSONRenderer.errorObject(code: error.code, message: error.message)
            return ("{\"id\":\(id),\"error\":\(object),\"line\":\(line.number)}", false)
        }
    }

    /// `("layout", {…})`, or with `widths` `("layouts", [{…}, …])`.
    private func lay(_ line: InputLine) throws(BubbleError) -> (String, String) {
        if line.tooLong {
            throw BubbleError(code: "line_too_long", message: "line \(line.number) is \(line.length) bytes; the limit (--max-line-length) is \(maxLineLength)")
        }
        var bytes = line.bytes
        if String(validating: bytes, as: UTF8.self) == nil {
            guard defaults.invalidUTF8 == .replace else {
                throw BubbleError(code: "invalid_utf8", message: "line \(line.number) is not valid UTF-8")
            }
            bytes = Array(String(decoding: bytes, as: UTF8.self).utf8)
        }
        guard !bytes.allSatisfy({ $0 == 0x20 || $0 == 0x09 }) else {
            throw BubbleError(code: "malformed_json", message: "line \(line.number) is empty")
        }
        let request: MessageRequest
        do { request = try MessageReader.read(document: bytes) } catch {
            throw BubbleError(code: error.code, message: "line \(line.number): \(error.message)")
        }
        let plan = try engine.plan(for: request.options)  // over the engine's defaults: the batch's options
        let renderer = JSONRenderer(offsets: plan.options.offsets)
        if plan.options.given.widths != nil {  // one layout per width
            return ("layouts", renderer.renderArray(try engine.layouts(request.message, plan: plan)))
        }
        return ("layout", renderer.render(try engine.layout(request.message, plan: plan)))
    }
}
