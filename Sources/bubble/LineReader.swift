import Bubble
import Foundation

/// One line of standard input: its bytes (without `\n`, `\r\n`), or, for a line over the limit,
/// only its first bytes and its full length, so a huge line never sits in memory.
struct InputLine: Sendable {
    /// 1-based line number.
    var number: Int
    var bytes: [UInt8]
    /// The full length in bytes, newline excluded.
    var length: Int
    /// True when `length` is over the limit and `bytes` holds only a prefix.
    var tooLong: Bool
}

/// Reads a file descriptor in chunks with `read(2)` and splits it on `\n`; memory stays within
/// one chunk plus the longest accepted line. Lines are numbered from 1 over the whole input.
///
/// With a `stopFD` (``StopSignal``), the reader waits on the input and that pipe together and ends the
/// input early, as if it had ended, once the pipe has a byte: ``stopped`` then says so.
struct LineReader {
    let fd: Int32
    let maxLineLength: Int
    /// Polled beside `fd`; readable means stop reading (-1: none).
    let stopFD: Int32
    /// Whether the input was cut short by ``stopFD``.
    private(set) var stopped = false
    /// Bytes kept of a line over the limit, enough to find its `id`.
    let keptPrefix = BatchLineLimit.keptPrefix
    private(set) var bytesRead = 0
    private var chunk: [UInt8]
    private var chunkStart = 0, chunkEnd = 0
    private var pending: [UInt8] = []
    private var pendingLength = 0
    private var lineNumber = 0
    private var atEnd = false

    init(fd: Int32, maxLineLength: Int, chunkSize: Int = 1 << 18, stopFD: Int32 = -1) {
        self.fd = fd
        self.maxLineLength = maxLineLength
        self.stopFD = stopFD
        chunk = [UInt8](repeating: 0, count: chunkSize)
    }

    /// The next line, or nil at the end of input; a last line without `\n` counts, an empty rest does not.
    mutating func next() throws -> InputLine? {
        while true {
            if chunkStart < chunkEnd {
                let newline = chunk.withUnsafeBytes { (b: UnsafeRawBufferPointer) -> Int? in
                    let base = b.baseAddress!
                    guard let hit = memchr(base + chunkStart, 0x0A, chunkEnd - chunkStart) else { return nil }
                    return base.distance(to: UnsafeRawPointer(hit))
                }
                let end = newline ?? chunkEnd
                append(chunkStart..<end)
                chunkStart = newline.map { $0 + 1 } ?? chunkEnd
                if newline != nil { return finishLine() }
            }
            if atEnd { return pendingLength > 0 && !stopped ? finishLine() : nil }
            try fill()
        }
    }

    private mutating func append(_ range: Range<Int>) {
        // Up to the limit (or the kept prefix, when the limit is shorter) while the line may still be within it.
        let room = max((pendingLength <= maxLineLength ? max(maxLineLength, keptPrefix) : keptPrefix) - pending.count, 0)
        if room > 0 { pending.append(contentsOf: chunk[range.lowerBound..<min(range.upperBound, range.lowerBound + room)]) }
        pendingLength += range.count
        if pendingLength > maxLineLength && pending.count > keptPrefix { pending.removeSubrange(keptPrefix...) }
    }

    private mutating func finishLine() -> InputLine {
        lineNumber += 1
        var bytes = pending
        var length = pendingLength
        if length <= maxLineLength, bytes.last == 0x0D { bytes.removeLast(); length -= 1 }
        pending = []
        pending.reserveCapacity(256)
        pendingLength = 0
        return InputLine(number: lineNumber, bytes: bytes, length: length, tooLong: length > maxLineLength)
    }

    private mutating func fill() throws {
        if stopFD >= 0 {
            var fds = [pollfd(fd: fd, events: Int16(POLLIN), revents: 0), pollfd(fd: stopFD, events: Int16(POLLIN), revents: 0)]
            while poll(&fds, 2, -1) < 0 {
                guard errno == EINTR else { throw ReadError(errno: errno) }
            }
            if fds[1].revents != 0 {
                stopped = true
                atEnd = true
                chunkStart = 0
                chunkEnd = 0
                return
            }
        }
        let n = chunk.withUnsafeMutableBytes { b in read(fd, b.baseAddress!, b.count) }
        if n < 0 {
            if errno == EINTR { return }
            throw ReadError(errno: errno)
        }
        if n == 0 { atEnd = true }
        chunkStart = 0
        chunkEnd = n
        bytesRead += n
    }

    /// A failed `read(2)`.
    struct ReadError: Error, CustomStringConvertible {
        var errno: Int32
        var description: String { "cannot read standard input: \(String(cString: strerror(errno)))" }
    }
}
