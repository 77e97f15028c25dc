import Foundation

/// A progress line on standard error (lines done, how many of them are error lines, rate, and ETA
/// when the input's size is known),
/// redrawn at most a few times a second.
final class BatchProgress: @unchecked Sendable {
    private let lock = NSLock()
    private let start = Date()
    private var last = Date.distantPast
    private var lines = 0
    private var failures = 0
    private var bytesDone = 0
    /// The input's size when it is a regular file.
    private let total: Int?

    /// A progress reporter when standard error is a terminal (or `always`), else nil; `input` is the
    /// descriptor read, whose size gives the ETA when it is a regular file.
    static func ifTerminal(input: Int32, always: Bool = false) -> BatchProgress? {
        guard always || isatty(2) == 1 else { return nil }
        var info = stat()
        let isFile = fstat(input, &info) == 0 && (info.st_mode & S_IFMT) == S_IFREG
        return BatchProgress(total: isFile ? Int(info.st_size) : nil)
    }

    init(total: Int?) { self.total = total }

    /// Counts written lines and redraws when due.
    func wrote(lines n: Int, bytes: Int, failures failed: Int) {
        lock.lock()
        defer { lock.unlock() }
        lines += n
        failures += failed
        bytesDone += bytes
        let now = Date()
        guard now.timeIntervalSince(last) >= 0.25 else { return }
        last = now
        draw(now)
    }

    /// Draws the last state and ends the line.
    func finish() {
        lock.lock()
        defer { lock.unlock() }
        draw(Date())
        FileHandle.standardError.write(Data("\n".utf8))
    }

    private func draw(_ now: Date) {
        let elapsed = max(now.timeIntervalSince(start), 0.001)
        let rate = Double(lines) / elapsed
        var text = "\r\u{1B}[K\(lines) lines, \(failures) failed, \(Int(rate)) lines/s"
        if let total, total > 0, bytesDone > 0 {
            let fraction = min(Double(bytesDone) / Double(total), 1)
            let eta = elapsed * (1 - fraction) / fraction
            text += ", \(Int(fraction * 100))%, ETA \(Self.duration(eta))"
        }
        FileHandle.standardError.write(Data(text.utf8))
    }

    private static func duration(_ seconds: Double) -> String {
        let s = Int(seconds.rounded())
        return s >= 3600 ? "\(s / 3600)h\(s % 3600 / 60)m" : s >= 60 ? "\(s / 60)m\(s % 60)s" : "\(s)s"
    }
}
