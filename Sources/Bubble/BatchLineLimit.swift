/// The longest line a batch answers: `bubble batch --max-line-length` and libbubble's `bubble_batch`
/// (its `max_line_length`) take it from here, and a longer line gets the same `line_too_long` error line
/// from both.
package enum BatchLineLimit {
    /// Bytes in a line, its newline excluded, when the caller sets no limit (1 MiB).
    package static let standard = 1 << 20
    /// The smallest limit a caller may set: room for a short message object.
    package static let minimum = 16
    /// Bytes kept of a line over the limit: enough to find its `id` for the error line, so a huge line
    /// never sits in memory in full.
    package static let keptPrefix = 4096

    /// Why `limit` cannot be a line limit (nil: it can); `name` is how the caller spells the setting.
    package static func problem(_ limit: Int, name: String) -> String? {
        limit >= minimum ? nil : "\(name) must be at least \(minimum) bytes"
    }

    /// The error for line `line`, `length` bytes long, over `limit`.
    package static func tooLong(line: Int, length: Int, limit: Int) -> BubbleError {
        BubbleError(code: "line_too_long",
                    message: "line \(line) is \(length) bytes; the limit (--max-line-length) is \(limit)")
    }
}

extension BatchAnswer {
    /// The result line for one batch line of `length` bytes (newline and a `\r` before it excluded), of
    /// which `bytes` holds all, or its first ``BatchLineLimit/keptPrefix`` when `length` is over `limit`;
    /// and whether it is a layout. An error line carries the line's number (`"line"`, 1-based over the
    /// whole input) and whatever `id` can still be read from it.
    package func resultLine(_ bytes: [UInt8], length: Int, line: Int, limit: Int) -> (json: String, ok: Bool) {
        do throws(BubbleError) {
            if length > limit { throw BatchLineLimit.tooLong(line: line, length: length, limit: limit) }
            return (try answer(bytes, line: line), true)
        } catch {
            return (errorLine(error, bytes: bytes, line: line), false)
        }
    }
}
