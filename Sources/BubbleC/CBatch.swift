import Bubble

/// Lays out many messages on `jobs` threads of the library's own: what `bubble batch --jobs N` writes for
/// the same input, in process. `lines` is NDJSON (`length` bytes; one message object per line, as
/// `bubble_layout` takes), and `result` receives one result line per input line, in input order, each ending
/// in a newline: `{"id":…,"layout":{…}}` or `{"id":…,"error":{"code","message"},"line":N}`, as `bubble batch`
/// writes them. A caller holding a lock of its own (Python's GIL) can let go of it for the whole call.
///
/// jobs: threads to use, 1 to 256 (0: 1).
///
/// Returns 0 when every line was answered (an error line is an answer); 400 with `error` for bad
/// arguments. `result` and `error` are freed with `bubble_free`.
@c(bubble_batch)
public func bubbleBatch(_ engine: OpaquePointer?, _ lines: UnsafePointer<CChar>?, _ length: UInt, _ jobs: Int32,
                        _ result: COut?, _ result_length: UnsafeMutablePointer<UInt>?, _ error: COut?) -> Int32 {
    let (found, status) = CResult.begin(engine, jobs: jobs, result, result_length, error)
    guard let engine = found else { return status }
    let input = CResult.bytes(lines, length)
    var starts: [Range<Int>] = []
    var from = 0
    while from < input.count {
        let end = input[from...].firstIndex(of: 0x0A) ?? input.count
        starts.append(from..<end)
        from = end + 1
    }
    let answers = COrdered<String>(count: starts.count)
    let a = engine.answer
    CParallel(count: starts.count) { i in
        let bytes = Array(input[starts[i]])
        do throws(BubbleError) { answers[i] = try a.answer(bytes, line: i + 1) } catch {
            answers[i] = a.errorLine(error, bytes: bytes, line: i + 1)
        }
    }.run(threads: Int(jobs))
    let answered = answers.values
    var text = ""
    text.reserveCapacity(answered.reduce(0) { $0 + $1.utf8.count + 1 })
    for line in answered { text += line; text += "\n" }
    return CResult.succeed(text, result, result_length)
}
