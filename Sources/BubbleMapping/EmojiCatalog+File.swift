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
}
