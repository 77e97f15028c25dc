import Foundation

/// Runs batch lines on worker threads and writes their results in input order.
///
/// The reader admits a line only while fewer than `window` lines are read but not yet written, so the
/// queue, the lines in work and the results waiting for an earlier one stay bounded however long the
/// input is; the writer writes each run of consecutive finished results as soon as it is complete.
final class BatchPipeline: @unchecked Sendable {
    private let condition = NSCondition()
    private var queue: [InputLine?] = []
    private var queueHead = 0
    private var results: [Int: (json: String, ok: Bool, bytes: Int)] = [:]
    private var admitted = 0
    private var written = 0
    private var inputDone = false
    private(set) var failures = 0
    private let window: Int
    private let work: @Sendable (InputLine) -> (json: String, ok: Bool)
    let progress: BatchProgress?

    init(window: Int, progress: BatchProgress?, work: @escaping @Sendable (InputLine) -> (json: String, ok: Bool)) {
        self.window = window
        self.progress = progress
        self.work = work
    }

    /// Reads every line from `reader` through `jobs` workers; returns once every result is written.
    func run(reader: inout LineReader, jobs: Int) throws {
        var threads: [Thread] = []
        let finished = DispatchGroup()
        for _ in 0..<jobs { threads.append(thread(finished) { [self] in workLoop() }) }
        threads.append(thread(finished) { [self] in writeLoop() })
        threads.forEach { $0.start() }
        defer { finished.wait() }
        defer { condition.lock(); inputDone = true; condition.broadcast(); condition.unlock() }
        while let line = try reader.next() {
            condition.lock()
            while admitted - written >= window { condition.wait() }
            queue.append(line)
            admitted += 1
            condition.broadcast()
            condition.unlock()
        }
    }

    private func thread(_ group: DispatchGroup, _ body: @escaping @Sendable () -> Void) -> Thread {
        group.enter()
        let t = Thread { body(); group.leave() }
        t.stackSize = 8 << 20  // deep JSON and long paragraphs recurse; keep the main thread's default
        return t
    }

    private func workLoop() {
        while true {
            condition.lock()
            while queueHead == queue.count && !inputDone { condition.wait() }
            if queueHead == queue.count { condition.unlock(); return }
            let line = queue[queueHead]!
            queue[queueHead] = nil
            queueHead += 1
            if queueHead > 1024 && queueHead * 2 > queue.count { queue.removeFirst(queueHead); queueHead = 0 }
            condition.unlock()
            let result = work(line)
            condition.lock()
            results[line.number - 1] = (result.json, result.ok, line.length + 1)
            condition.broadcast()
            condition.unlock()
        }
    }

    private func writeLoop() {
        var out: [UInt8] = []
        while true {
            condition.lock()
            while results[written] == nil && !(inputDone && written == admitted) { condition.wait() }
            if results[written] == nil { condition.unlock(); break }
            var lines = 0, bytes = 0
            out.removeAll(keepingCapacity: true)
            while let r = results.removeValue(forKey: written) {
                out.append(contentsOf: r.json.utf8)
                out.append(0x0A)
                if !r.ok { failures += 1 }
                written += 1
                lines += 1
                bytes += r.bytes
            }
            condition.broadcast()
            condition.unlock()
            BatchPipeline.writeAll(out)
            progress?.wrote(lines: lines, bytes: bytes)
        }
        progress?.finish()
    }

    /// Writes every byte to standard output; a failed write ends the process (exit 2).
    static func writeAll(_ bytes: [UInt8]) {
        var offset = 0
        while offset < bytes.count {
            let n = bytes.withUnsafeBytes { write(1, $0.baseAddress! + offset, $0.count - offset) }
            if n < 0 {
                if errno == EINTR { continue }
                FileHandle.standardError.write(Data("bubble: cannot write standard output: \(String(cString: strerror(errno)))\n".utf8))
                exit(2)
            }
            offset += n
        }
    }
}
