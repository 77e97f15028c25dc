import Foundation

/// Where a command's result goes: standard output, or the file of `-o`. Every byte goes through
/// `write(2)`, so a failed write is seen (stdio and `FileHandle` lose it or crash): a closed pipe
/// (`EPIPE`) ends the process quietly, any other error (`ENOSPC`, `EIO`…) with one line on standard
/// error; both exit 2.
struct Output: Sendable {
    let fd: Int32
    /// What to call the destination in an error message.
    let name: String

    static let standard = Output(fd: 1, name: "standard output")

    /// Standard output, or `path` created (truncated) for writing; `-` is standard output.
    static func open(_ path: String?) -> Output {
        guard let path, path != "-" else { return .standard }
        let fd = Foundation.open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
        if fd < 0 { fail("cannot create '\(path)': \(String(cString: strerror(errno)))") }
        return Output(fd: fd, name: "'\(path)'")
    }

    /// Writes `text` and a line feed.
    func line(_ text: String) {
        var bytes = Array(text.utf8)
        bytes.append(0x0A)
        write(bytes)
    }

    func write(_ text: String) { write(Array(text.utf8)) }

    /// Writes every byte, or ends the process (exit 2).
    func write(_ bytes: [UInt8]) {
        var offset = 0
        while offset < bytes.count {
            let n = bytes.withUnsafeBytes { Foundation.write(fd, $0.baseAddress! + offset, $0.count - offset) }
            if n < 0 {
                if errno == EINTR { continue }
                failWrite(errno)
            }
            offset += n
        }
    }

    /// Closes a file output (where a full disk may only now be reported).
    func close() {
        guard fd != 1 else { return }
        if Foundation.close(fd) != 0 { failWrite(errno) }
    }

    private func failWrite(_ code: Int32) -> Never {
        if code == EPIPE { exit(2) }  // the reader went away: nothing to say, no one to say it to
        Output.fail("cannot write \(name): \(String(cString: strerror(code)))")
    }

    /// `bubble: MESSAGE` on standard error, then exit 2.
    static func fail(_ message: String) -> Never {
        Diagnostics.say(message)
        exit(2)
    }
}

/// One-line messages on standard error, written at once (never buffered, never lost at exit).
enum Diagnostics {
    static func say(_ message: String) {
        let bytes = Array("bubble: \(message)\n".utf8)
        _ = bytes.withUnsafeBytes { Foundation.write(2, $0.baseAddress!, $0.count) }
    }
}
