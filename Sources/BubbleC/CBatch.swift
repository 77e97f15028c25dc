import Bubble

/// Lays out many messages on `jobs` threads of the library's own: what `bubble batch --jobs N` writes for
/// the same input, in process. `lines` is NDJSON (`length` bytes; one message object per line, as
/// `bubble_layout` takes), and `result` receives one result line per input line, in input order, each ending
/// in a newline: `{"id":…,"layout":{…}}` or `{"id":…,"error":{"code","message"},"line":N}`, as `bubble batch`
/// writes them. A caller holding a lock of its own (Python's GIL) can let go of it for the whole call.
///
/// jobs: threads to use, 1 to 256 (0: 1).
/// max_line_length: the longest line in bytes, its newline excluded, as `bubble batch --max-line-length`
///   (0: its default, 1 MiB; else at least 16); a longer line gets a `line_too_long` error line.
///
/// Returns 0 when every line was answered (an error line is an answer); 400 with `error` for bad
/// arguments. `result` and `error` are freed with `bubble_free`.
@c(bubble_batch)
public func bubbleBatch(_ engine: OpaquePointer?, _ lines: UnsafePointer<CChar>?, _ length: UInt, _ jobs: Int32,
                        _ max_line_length: UInt, _ result: COut?, _ result_length: UnsafeMutablePointer<UInt>?,
                        _ error: COut?) -> Int32 {
    let (found, status) = CResult.begin(engine, jobs: jobs, result, result_length, error)
    guard let engine = found else { return status }
    let limit = max_line_length == 0 ? BatchLineLimit.standard : Int(clamping: max_line_length)
    if let problem = BatchLineLimit.problem(limit, name: "max_line_length") {
        return CResult.fail(BubbleError(code: "invalid_request", message: problem + " (0: 1 MiB)"), error)
    }
    let input = CResult.buffer(lines, length)
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
        // As `bubble batch` reads a line: a `\r` before the newline dropped, only the start of a line over the limit kept.
        var line = starts[i]
        if line.count <= limit, line.count > 0, input[line.upperBound - 1] == 0x0D { line = line.lowerBound..<(line.upperBound - 1) }
        let kept = line.count > limit ? line.prefix(BatchLineLimit.keptPrefix) : line
        answers[i] = a.resultLine(Array(input[kept]), length: line.count, line: i + 1, limit: limit).json
    }.run(threads: Int(jobs))
    let answered = answers.values
    var text = ""
    text.reserveCapacity(answered.reduce(0) { $0 + $1.utf8.count + 1 })
    for line in answered { text += line; text += "\n" }
    return CResult.succeed(text, result, result_length)
}
