import Foundation

/// Runs batch lines on worker threads and writes their results in input order.
///
/// The reader admits a line only while fewer than `window` lines are read but not yet written, so the
/// queue, the lines in work and the results waiting for an earlier one stay bounded however long the
/// input is. The worker that finishes the oldest unwritten line writes it and every finished line
/// after it (one at a time, in order); output is flushed at 64 KiB, or at once when no line is waiting,
/// so results stream out as soon as they are ready.
final class BatchPipeline: @unchecked Sendable {
    private let monitor = Monitor(conditions: 2)
    private static let workReady = 0, spaceReady = 1
    private var queue: [InputLine?] = []
    private var queueHead = 0
    private var results: [Int: (json: String, ok: Bool, bytes: Int)] = [:]
    private var admitted = 0
    private(set) var written = 0
    private var inputDone = false
    private var draining = false
    /// The reader waits for room; it is woken once half the window is free, not for every line.
    private var readerWaiting = false
    /// Output not yet written; touched only by the draining worker (or by `run` once workers are done).
    private var output: [UInt8] = []
    private(set) var failures = 0
    private let window: Int
    private let work: @Sendable (InputLine) -> (json: String, ok: Bool)
    let progress: BatchProgress?
    /// Where result lines go; a failed write ends the process (exit 2; quietly for a closed pipe).
    let destination: Output

    init(window: Int, progress: BatchProgress?, destination: Output = .standard,
         work: @escaping @Sendable (InputLine) -> (json: String, ok: Bool)) {
        self.window = window
        self.progress = progress
        self.destination = destination
        self.work = work
        output.reserveCapacity(1 << 17)
    }

    /// Reads every line from `reader` through `jobs` workers; returns once every result is written.
    func run(reader: inout LineReader, jobs: Int) throws {
        let finished = DispatchGroup()
        for _ in 0..<jobs {
            finished.enter()
            let t = Thread { [self] in workLoop(); finished.leave() }
            t.stackSize = 8 << 20  // deep JSON and long paragraphs recurse
            t.start()
        }
        defer {
            monitor.lock(); inputDone = true; monitor.broadcast(Self.workReady); monitor.unlock()
            finished.wait()
            destination.write(output)
            progress?.finish()
        }
        while let line = try reader.next() {
            monitor.lock()
            while admitted - written >= window { readerWaiting = true; monitor.wait(Self.spaceReady) }
            readerWaiting = false
            queue.append(line)
            admitted += 1
            monitor.signal(Self.workReady)
            monitor.unlock()
        }
    }

    private func workLoop() {
        monitor.lock()
        while true {
            while queueHead == queue.count && !inputDone { monitor.wait(Self.workReady) }
            if queueHead == queue.count { break }
            let line = queue[queueHead]!
            queue[queueHead] = nil
            queueHead += 1
            if queueHead >= 1024 && queueHead * 2 >= queue.count { queue.removeFirst(queueHead); queueHead = 0 }
            monitor.unlock()
            let result = work(line)
            monitor.lock()
            results[line.number - 1] = (result.json, result.ok, line.length + 1)
            if !draining && line.number - 1 == written { drain() }
        }
        monitor.unlock()
    }

    /// Moves consecutive finished results to the output, in order; called with the monitor locked.
    private func drain() {
        draining = true
        while results[written] != nil {
            var lines = 0, bytes = 0, failed = 0
            while let r = results.removeValue(forKey: written) {
                output.append(contentsOf: r.json.utf8)
                output.append(0x0A)
                if !r.ok { failed += 1 }
                written += 1
                lines += 1
                bytes += r.bytes
            }
            failures += failed
            if readerWaiting && admitted - written <= window / 2 { monitor.signal(Self.spaceReady) }
            let flush = output.count >= 1 << 16 || queueHead == queue.count
            monitor.unlock()
            if flush { destination.write(output); output.removeAll(keepingCapacity: true) }
            progress?.wrote(lines: lines, bytes: bytes, failures: failed)
            monitor.lock()
        }
        draining = false
    }
}
