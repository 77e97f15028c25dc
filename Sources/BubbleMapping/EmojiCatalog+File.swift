import FoundationEssentials
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

extension EmojiCatalog {
    /// The folder of a catalog file, as `NSString.deletingLastPathComponent` gives it: `a/b` for
    /// `a/b/catalog.json`, `/` for `/catalog.json`, empty for a bare file name.
    static func folder(of path: String) -> String {
        var p = Substring(path)
        while p.count > 1, p.hasSuffix("/") { p = p.dropLast() }
        guard let slash = p.lastIndex(of: "/") else { return "" }
        if slash == p.startIndex { return "/" }
        var folder = p[..<slash]
        while folder.count > 1, folder.hasSuffix("/") { folder = folder.dropLast() }
        return String(folder)
    }

    /// Why a file could not be read, in the C library's words when the system said (`No such file or
    /// directory`, `Permission denied`).
    static func readFailure(_ error: any Error) -> String {
        if let posix = (error as? CocoaError)?.underlying as? POSIXError {
            return String(cString: strerror(posix.code.rawValue))
        }
        return "\(error)"
    }

    /// `folder` made absolute against the current directory (an empty one is the current directory).
    static func absolute(_ folder: String) -> String {
        if folder.hasPrefix("/") { return folder }
        var buffer = [CChar](repeating: 0, count: 4096)
        guard getcwd(&buffer, buffer.count) != nil else { return folder.isEmpty ? "." : folder }
        let cwd = String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        guard !folder.isEmpty, folder != "." else { return cwd }
        let rest = folder.hasPrefix("./") ? String(folder.dropFirst(2)) : folder
        return cwd.hasSuffix("/") ? cwd + rest : cwd + "/" + rest
    }

    /// Why the file at `path` cannot be read as an image (`is missing`, `is not a file`, the system's
    /// words), or nil when it can.
    static func unreadableFile(_ path: String) -> String? {
        var info = stat()
        guard stat(path, &info) == 0 else { return errno == ENOENT ? "is missing" : "cannot be read: \(String(cString: strerror(errno)))" }
        guard (info.st_mode & S_IFMT) == S_IFREG else { return "is not a regular file" }
        guard access(path, R_OK) == 0 else { return "cannot be read: \(String(cString: strerror(errno)))" }
        return nil
    }
}
