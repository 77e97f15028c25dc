import Bubble
import Foundation

/// Turns one batch line into its result line: `{"id":…,"layout":{…}}` or `{"id":…,"error":{"code","message"}}`.
///
/// A line is a JSON object `{"id", "text" | "spans" | "markup", "options"?, "highlights"?}`; other keys are
/// ignored. The `id` is copied as written (any JSON value; `null` when absent or unreadable).
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
            let layout = try lay(line)
            let id = RawJSON.value(ofKey: "id", in: line.bytes) ?? "null"
            return ("{\"id\":\(id),\"layout\":\(layout)}", true)
        } catch {
            let id = RawJSON.recoveredValue(ofKey: "id", in: line.bytes) ?? "null"
            let object = JSONRenderer.errorObject(code: error.code, message: error.message)
            return ("{\"id\":\(id),\"error\":\(object),\"line\":\(line.number)}", false)
        }
    }

    private func lay(_ line: InputLine) throws(BubbleError) -> String {
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
        let object: [String: Any]
        do {
            guard let o = try JSONSerialization.jsonObject(with: Data(bytes)) as? [String: Any] else {
                throw BubbleError(code: "malformed_json", message: "line \(line.number) is not a JSON object")
            }
            object = o
        } catch let error as BubbleError { throw error } catch {
            throw BubbleError(code: "malformed_json", message: "line \(line.number) is not valid JSON")
        }
        let options = try object["options"].map { (o) throws(BubbleError) in try Self.options(o) }
        var message = try Self.message(object, line: line.number)
        if let h = object["highlights"] { message.highlights = try Self.highlights(h, line: line.number) }
        let layout = try engine.layout(message, options: options)
        return JSONRenderer(offsets: options?.offsets ?? defaults.offsets ?? .utf16).render(layout)
    }

    /// A line's `options`, written back as JSON for ``BubbleOptions/decode(json:)``.
    static func options(_ value: Any) throws(BubbleError) -> BubbleOptions {
        guard value is [String: Any], let data = try? JSONSerialization.data(withJSONObject: value) else {
            throw BubbleError(code: "invalid_options", message: "options must be a JSON object")
        }
        return try BubbleOptions.decode(json: data)
    }

    /// The message of a line: exactly one of `text`, `spans` or `markup`.
    static func message(_ object: [String: Any], line: Int) throws(BubbleError) -> Message {
        let given = Message.Format.allCases.filter { object[$0.rawValue] != nil }
        guard given.count == 1, let format = given.first else {
            throw BubbleError(code: "invalid_line", message: "line \(line) needs exactly one of \"text\", \"spans\" or \"markup\"")
        }
        switch format {
        case .text, .markup:
            guard let s = object[format.rawValue] as? String else {
                throw BubbleError(code: "invalid_line", message: "line \(line): \"\(format.rawValue)\" must be a string")
            }
            return format == .text ? Message(text: s) : Message(markup: s)
        case .spans:
            guard let array = object["spans"] as? [Any],
                  let data = try? JSONSerialization.data(withJSONObject: array) else {
                throw BubbleError(code: "invalid_line", message: "line \(line): \"spans\" must be an array of segments")
            }
            return Message(utf8: [UInt8](data), format: .spans)
        }
    }

    /// A line's `highlights`: `[{start, end, textColor?, backgroundColor?}]`.
    static func highlights(_ value: Any, line: Int) throws(BubbleError) -> [SourceHighlight] {
        guard JSONSerialization.isValidJSONObject(value), let data = try? JSONSerialization.data(withJSONObject: value),
              let list = try? JSONDecoder().decode([SourceHighlight].self, from: data) else {
            throw BubbleError(code: "invalid_line", message: "line \(line): \"highlights\" must be [{start, end, textColor?, backgroundColor?}]")
        }
        return list
    }
}
