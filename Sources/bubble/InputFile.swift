import ArgumentParser
import Foundation

/// The input of a command: a FILE argument, or standard input when there is none (or it is `-`).
enum InputFile {
    /// A file descriptor to read from; a file that cannot be opened ends the process (exit 2).
    static func open(_ path: String?) -> Int32 {
        guard let path, path != "-" else { return 0 }
        let fd = Foundation.open(path, O_RDONLY | O_CLOEXEC)
        if fd < 0 { Output.fail("cannot read '\(path)': \(String(cString: strerror(errno)))") }
        return fd
    }

    /// Every byte of the file (or of standard input); a read error ends the process (exit 2).
    static func readAll(_ path: String?) throws -> [UInt8] {
        let fd = open(path)
        defer { if fd != 0 { close(fd) } }
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let n = chunk.withUnsafeMutableBytes { read(fd, $0.baseAddress!, $0.count) }
            if n < 0 {
                if errno == EINTR { continue }
                Output.fail("cannot read \(path.map { $0 == "-" ? "standard input" : "'\($0)'" } ?? "standard input"): \(String(cString: strerror(errno)))")
            }
            if n == 0 { return bytes }
            bytes.append(contentsOf: chunk[..<n])
        }
    }
}
