import Bubble
import BubbleLock
#if canImport(Glibc)
import Glibc
#endif

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
    result?.pointee = nil
    result_length?.pointee = 0
    error?.pointee = nil
    guard let engine = CEngine.from(engine) else { return CResult.fail(CResult.noEngine, error) }
    guard (0...256).contains(jobs) else {
        return CResult.fail(BubbleError(code: "invalid_request", message: "jobs takes 1 to 256, not \(jobs)"), error)
    }
    let input = CResult.bytes(lines, length)
    var starts: [Range<Int>] = []
    var from = 0
    while from < input.count {
        let end = input[from...].firstIndex(of: 0x0A) ?? input.count
        starts.append(from..<end)
        from = end + 1
    }
    let batch = CBatchRun(answer: engine.answer, input: input, lines: starts)
    batch.run(threads: max(1, Int(jobs)))
    var text = ""
    text.reserveCapacity(batch.results.reduce(0) { $0 + ($1?.utf8.count ?? 0) + 1 })
    for line in batch.results { text += line!; text += "\n" }
    return CResult.succeed(text, result, result_length)
}

/// One `bubble_batch` call: the lines, their results, and the next line to take, under a lock.
final class CBatchRun: @unchecked Sendable {
    let answer: BatchAnswer
    let input: [UInt8]
    let lines: [Range<Int>]
    private(set) var results: [String?]
    private let lock = Lock()
    private var next = 0

    init(answer: BatchAnswer, input: [UInt8], lines: [Range<Int>]) {
        self.answer = answer
        self.input = input
        self.lines = lines
        results = Array(repeating: nil, count: lines.count)
    }

    /// Answers every line on `threads` threads of its own (8 MiB stacks, whatever the caller's) and returns when all are done.
    func run(threads: Int) {
        var started: [pthread_t] = []
        for _ in 0..<min(threads, max(lines.count, 1)) {
            var attributes = pthread_attr_t()
            pthread_attr_init(&attributes)
            pthread_attr_setstacksize(&attributes, 8 << 20)  // deep JSON and long paragraphs recurse, as in bubble batch
            var thread = pthread_t()
            let context = Unmanaged.passRetained(self).toOpaque()
            if pthread_create(&thread, &attributes, { context in
                let run = Unmanaged<CBatchRun>.fromOpaque(context!).takeRetainedValue()
                run.work()
                return nil
            }, context) == 0 {
                started.append(thread)
            } else {
                Unmanaged<CBatchRun>.fromOpaque(context).release()
            }
            pthread_attr_destroy(&attributes)
        }
        if started.isEmpty { work() }  // no thread could be made: answer on the caller's
        for thread in started { pthread_join(thread, nil) }
    }

    private func work() {
        while true {
            let i: Int = lock.withLock { defer { next += 1 }; return next }
            guard i < lines.count else { return }
            let bytes = Array(input[lines[i]])
            let line: String
            do throws(BubbleError) { line = try answer.answer(bytes, line: i + 1) } catch {
                line = answer.errorLine(error, bytes: bytes, line: i + 1)
            }
            lock.withLock { results[i] = line }
        }
    }
}
