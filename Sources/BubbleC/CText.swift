import Bubble

/// Lays out one plain-text message with the engine's options: `text` is the message itself, `length` bytes
/// of UTF-8 (no NUL needed), as the `"text"` of a `bubble_layout` request but with no JSON around it, so
/// nothing is escaped by the caller or read back by Bubble. On success `result` receives the layout JSON
/// exactly as `bubble layout` prints it (without its newline): the layout object, or with the engine's
/// `widths` option the array of layouts.
///
/// `result` (NUL-terminated; its length, NUL excluded, in `result_length`) and `error` are freed with
/// `bubble_free`. Returns as `bubble_layout` does (400 invalid_utf8, 422 message_too_long, 500).
@c(bubble_layout_text)
public func bubbleLayoutText(_ engine: OpaquePointer?, _ text: CIn?, _ length: UInt, _ result: COut?,
                             _ result_length: UnsafeMutablePointer<UInt>?, _ error: COut?) -> Int32 {
    answer(engine, result, result_length, error) { (a) throws(BubbleError) in try a.layoutJSON(text: CResult.buffer(text, length)) }
}

/// The size of a plain-text message's bubble with the engine's options, as `bubble_size` gives it for
/// `{"text": …}`: `text` is the message's `length` bytes of UTF-8 (no JSON, no NUL needed). Any out pointer
/// may be NULL. Returns as `bubble_size` does.
@c(bubble_size_text)
public func bubbleSizeText(_ engine: OpaquePointer?, _ text: CIn?, _ length: UInt, _ width: UnsafeMutablePointer<Double>?,
                           _ height: UnsafeMutablePointer<Double>?, _ lines: UnsafeMutablePointer<Int32>?,
                           _ truncated: UnsafeMutablePointer<Int32>?, _ error: COut?) -> Int32 {
    answerSize(engine, width, height, lines, truncated, error) { (a) throws(BubbleError) in try a.size(text: CResult.buffer(text, length)) }
}
