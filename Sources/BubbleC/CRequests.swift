import Bubble

/// The pointer types of the C API, named once (public only because the `@c` functions name them).
public typealias COut = UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>
public typealias CIn = UnsafePointer<CChar>

/// What a call hands to C as text: a String, or UTF-8 bytes as a writer made them.
protocol CText {
    /// Sets `out` and `length` (either may be NULL) to a NUL-terminated copy; returns 0.
    func hand(to out: COut?, _ length: UnsafeMutablePointer<UInt>?) -> Int32
}

extension String: CText {
    func hand(to out: COut?, _ length: UnsafeMutablePointer<UInt>?) -> Int32 { CResult.succeed(self, out, length) }
}

extension Array: CText where Element == UInt8 {
    func hand(to out: COut?, _ length: UnsafeMutablePointer<UInt>?) -> Int32 { CResult.succeed(self, out, length) }
}

/// Runs `body` on the engine behind `engine` and hands its text to C.
func answer(_ engine: OpaquePointer?, _ result: COut?, _ length: UnsafeMutablePointer<UInt>?, _ error: COut?,
            _ body: (BatchAnswer) throws(BubbleError) -> some CText) -> Int32 {
    result?.pointee = nil
    length?.pointee = 0
    error?.pointee = nil
    let status = CEngine.with(engine) { (engine) -> Int32 in
        do throws(BubbleError) { return try body(engine.answer).hand(to: result, length) } catch let failure {
            return CResult.fail(failure, error)
        }
    }
    return status ?? CResult.fail(CResult.noEngine, error)
}

/// Runs `body` on the engine behind `engine` and writes the size it gives to the out pointers (each may be NULL).
func answerSize(_ engine: OpaquePointer?, _ width: UnsafeMutablePointer<Double>?, _ height: UnsafeMutablePointer<Double>?,
                _ lines: UnsafeMutablePointer<Int32>?, _ truncated: UnsafeMutablePointer<Int32>?, _ error: COut?,
                _ body: (BatchAnswer) throws(BubbleError) -> BubbleSize) -> Int32 {
    error?.pointee = nil
    let status = CEngine.with(engine) { (engine) -> Int32 in
        do throws(BubbleError) {
            let size = try body(engine.answer)
            width?.pointee = size.width
            height?.pointee = size.height
            lines?.pointee = Int32(clamping: size.lines)
            truncated?.pointee = size.truncated ? 1 : 0
            return 0
        } catch let failure {
            return CResult.fail(failure, error)
        }
    }
    return status ?? CResult.fail(CResult.noEngine, error)
}

/// Lays out one message: `request` is a message object exactly as a `bubble batch` line
/// (`{"id"?, "text" (+ "entities"?) | "spans" | "markup", "options"?, "linkMap"?, "highlights"?}`), `length` bytes
/// of UTF-8 (no NUL needed). On success `result` receives the very bytes `bubble batch` writes for that line
/// (without its newline): `{"id":…,"layout":{…}}`, or `{"id":…,"layouts":[…]}` with the `widths` option.
///
/// `result` (NUL-terminated; its length, NUL excluded, in `result_length`) and `error` are freed with `bubble_free`.
/// Returns 0, or the status of the error, with the code and message `bubble batch` gives in `error`:
/// 400 bad input (malformed_json, invalid_message, invalid_options, invalid_utf8, …), 422 too big
/// (message_too_long), 500 a failure of fonts, catalog or Bubble itself.
@c(bubble_layout)
public func bubbleLayout(_ engine: OpaquePointer?, _ request: CIn?, _ length: UInt, _ result: COut?,
                         _ result_length: UnsafeMutablePointer<UInt>?, _ error: COut?) -> Int32 {
    answer(engine, result, result_length, error) { (a) throws(BubbleError) in try a.answer(CResult.bytes(request, length)) }
}

/// Like `bubble_layout`, with a standalone SVG document of the bubble in `result` (the request's options
/// `theme` and `debug` apply), as `bubble svg` writes it.
@c(bubble_svg)
public func bubbleSVG(_ engine: OpaquePointer?, _ request: CIn?, _ length: UInt, _ result: COut?,
                      _ result_length: UnsafeMutablePointer<UInt>?, _ error: COut?) -> Int32 {
    answer(engine, result, result_length, error) { (a) throws(BubbleError) in try a.svg(CResult.bytes(request, length)) }
}

/// Like `bubble_layout`, with an HTML fragment of the bubble in `result`, as `bubble html` writes it. The
/// request may also hold `"fontBaseURL"`, where the browser loads font files by file name (absent:
/// `local()` names, then `file://` paths), and `"assetBaseURL"`, where it loads catalog images (absent:
/// `data:` URIs): what `bubble html --font-base-url` and `--asset-base-url` set.
@c(bubble_html)
public func bubbleHTML(_ engine: OpaquePointer?, _ request: CIn?, _ length: UInt, _ result: COut?,
                       _ result_length: UnsafeMutablePointer<UInt>?, _ error: COut?) -> Int32 {
    answer(engine, result, result_length, error) { (a) throws(BubbleError) in try a.html(CResult.bytes(request, length)) }
}

/// Like `bubble_layout` for a request that also holds the point `"x"`, `"y"` (CSS px in the bubble,
/// top-left origin): `result` receives what `bubble hit` prints for it (`{"hit":false}` outside the bubble).
@c(bubble_hit)
public func bubbleHit(_ engine: OpaquePointer?, _ request: CIn?, _ length: UInt, _ result: COut?,
                      _ result_length: UnsafeMutablePointer<UInt>?, _ error: COut?) -> Int32 {
    answer(engine, result, result_length, error) { (a) throws(BubbleError) in try a.hit(CResult.bytes(request, length)) }
}

/// The size of a message's bubble, with no JSON written and no report made (the lines are broken, no
/// rects placed): for pre-sizing many messages. The request is as for `bubble_layout`; `width` and `height` are px with padding (the layout's `size`), `lines` the line
/// count, `truncated` 1 when `maxLines` or `maxHeight` cut the text, else 0. Any out pointer may be NULL.
/// Returns as `bubble_layout` does.
@c(bubble_size)
public func bubbleSize(_ engine: OpaquePointer?, _ request: CIn?, _ length: UInt, _ width: UnsafeMutablePointer<Double>?,
                       _ height: UnsafeMutablePointer<Double>?, _ lines: UnsafeMutablePointer<Int32>?,
                       _ truncated: UnsafeMutablePointer<Int32>?, _ error: COut?) -> Int32 {
    answerSize(engine, width, height, lines, truncated, error) { (a) throws(BubbleError) in try a.size(CResult.bytes(request, length)) }
}
