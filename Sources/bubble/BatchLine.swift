import Bubble

/// Turns one batch line into its result line: `{"id":…,"layout":{…}}` or `{"id":…,"error":{"code","message"},"line":N}`,
/// through ``BatchAnswer``, the path libbubble's `bubble_layout` takes too.
struct BatchLine: Sendable {
    let answer: BatchAnswer
    /// `--max-line-length`, for the error message.
    let maxLineLength: Int

    init(engine: BubbleEngine, maxLineLength: Int) {
        answer = BatchAnswer(engine: engine)
        self.maxLineLength = maxLineLength
    }

    /// The result line for `line` (no trailing newline) and whether it is a layout. An error line
    /// carries the line's number (`"line"`, 1-based over the whole input) and whatever `id` can
    /// still be read from it.
    func process(_ line: InputLine) -> (json: String, ok: Bool) {
        do throws(BubbleError) {
            if line.tooLong {
                throw BubbleError(code: "line_too_long", message: "line \(line.number) is \(line.length) bytes; the limit (--max-line-length) is \(maxLineLength)")
            }
            return (try answer.answer(line.bytes, line: line.number), true)
        } catch {
            return (answer.errorLine(error, bytes: line.bytes, line: line.number), false)
        }
    }
}
