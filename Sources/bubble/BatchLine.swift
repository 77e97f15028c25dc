import Bubble

/// Turns one batch line into its result line: `{"id":…,"layout":{…}}` or `{"id":…,"error":{"code","message"},"line":N}`,
/// through ``BatchAnswer``, the path libbubble's `bubble_layout` and `bubble_batch` take too.
struct BatchLine: Sendable {
    let answer: BatchAnswer
    /// `--max-line-length`.
    let maxLineLength: Int

    init(engine: BubbleEngine, maxLineLength: Int) {
        answer = BatchAnswer(engine: engine)
        self.maxLineLength = maxLineLength
    }

    /// The result line for `line` (no trailing newline) and whether it is a layout
    /// (``BatchAnswer/resultLine(_:length:line:limit:)``).
    func process(_ line: InputLine) -> (json: String, ok: Bool) {
        answer.resultLine(line.bytes, length: line.length, line: line.number, limit: maxLineLength)
    }
}
