import Bubble
import BubbleRendering

/// Lays out one message as `bubble_layout` does and gives its layout as report tokens (`bubble_token`):
/// the layout object of `bubble layout`'s JSON (with the `widths` option, the array of layouts) as tagged
/// binary values in the machine's byte order, for a caller that builds its own objects. Read back, the
/// tokens give exactly what a JSON parser gives for that JSON: the same keys (`bubble_report_keys` names
/// them by index) in the same order, integers where the text has no fraction, the same doubles.
///
/// `result` (its length in `result_length`) and `error` are freed with `bubble_free`. Returns as
/// `bubble_layout` does.
@c(bubble_layout_tokens)
public func bubbleLayoutTokens(_ engine: OpaquePointer?, _ request: CIn?, _ length: UInt, _ result: COut?,
                               _ result_length: UnsafeMutablePointer<UInt>?, _ error: COut?) -> Int32 {
    answer(engine, result, result_length, error) { (a) throws(BubbleError) in try a.layoutTokens(CResult.bytes(request, length)) }
}

/// `bubble_layout_text` with the layout as report tokens (`bubble_layout_tokens`): a plain-text message's
/// `length` bytes of UTF-8, no JSON around them, with the engine's options.
@c(bubble_layout_text_tokens)
public func bubbleLayoutTextTokens(_ engine: OpaquePointer?, _ text: CIn?, _ length: UInt, _ result: COut?,
                                   _ result_length: UnsafeMutablePointer<UInt>?, _ error: COut?) -> Int32 {
    answer(engine, result, result_length, error) { (a) throws(BubbleError) in try a.layoutTokens(text: CResult.buffer(text, length)) }
}

/// Lays out `count` messages on `jobs` threads of the library's own (1 to 256; 0: 1) and gives their
/// layouts as report tokens, one answer after the other in input order: each is the tokens
/// `bubble_layout_tokens` gives, or for a message that failed `BUBBLE_TOKEN_ERROR`, its status (an integer
/// token) and `{"code", "message"}`. Message `i` is `lengths[i]` bytes at `messages[i]`: with `requests` 0
/// a plain text (as `bubble_layout_text_tokens` takes it), else a message object (as `bubble_layout`).
/// The messages are only read during the call; a caller holding a lock of its own (Python's GIL) can let
/// go of it for the whole call.
///
/// Returns 0 when every message was answered (a failure is an answer); 400 with `error` for bad
/// arguments. `result` and `error` are freed with `bubble_free`.
@c(bubble_layout_many_tokens)
public func bubbleLayoutManyTokens(_ engine: OpaquePointer?, _ messages: UnsafePointer<UnsafePointer<CChar>?>?,
                                   _ lengths: UnsafePointer<UInt>?, _ count: UInt, _ requests: Int32, _ jobs: Int32,
                                   _ result: COut?, _ result_length: UnsafeMutablePointer<UInt>?, _ error: COut?) -> Int32 {
    let (found, status) = CResult.begin(engine, jobs: jobs, result, result_length, error)
    guard let engine = found else { return status }
    guard count == 0 || (messages != nil && lengths != nil) else {
        return CResult.fail(BubbleError(code: "invalid_request", message: "messages and lengths must not be NULL"), error)
    }
    let input = CMessages(messages: messages, lengths: lengths, count: Int(count))
    let answers = COrdered<[UInt8]>(count: input.count)
    let a = engine.answer
    let asRequests = requests != 0
    CParallel(count: input.count) { i in
        let message = input[i]
        do throws(BubbleError) {
            answers[i] = asRequests ? try a.layoutTokens(Array(message)) : try a.layoutTokens(text: message)
        } catch {
            var w = TokenWriter(capacity: 64 + error.message.utf8.count)
            w.error(status: error.status, code: error.code, message: error.message)
            answers[i] = w.bytes
        }
    }.run(threads: Int(jobs))
    var tokens: [UInt8] = []
    tokens.reserveCapacity(answers.values.reduce(0) { $0 + $1.count })
    for answer in answers.values { tokens += answer }
    return CResult.succeed(tokens, result, result_length)
}

/// The names of the report's keys, in the order of their index in a `BUBBLE_TOKEN_KEY` token, as report
/// tokens: an array of strings. Free `result` with `bubble_free`. Returns 0.
@c(bubble_report_keys)
public func bubbleReportKeys(_ result: COut?, _ result_length: UnsafeMutablePointer<UInt>?) -> Int32 {
    CResult.succeed(TokenWriter.keyTable(), result, result_length)
}

/// The messages of a `bubble_layout_many_tokens` call, read in place.
struct CMessages: @unchecked Sendable {
    let messages: UnsafePointer<UnsafePointer<CChar>?>?
    let lengths: UnsafePointer<UInt>?
    let count: Int

    subscript(i: Int) -> UnsafeRawBufferPointer { CResult.buffer(messages![i], lengths![i]) }
}
