import FoundationEssentials
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Where Bubble's own data (the emoji catalog and its images) lies: found from the running
/// executable, so a release unpacked anywhere, an installed tree and a build tree all work
/// without a path baked in at build time.
///
/// The order, first found wins:
/// 1. `$BUBBLE_CATALOG` (a catalog file), when set and not empty;
/// 2. `PREFIX/share/bubble/catalog.json` beside `PREFIX/bin/<executable>` (what `make dist` and
///    `make install` lay out), or beside `PREFIX/lib/libbubble.so` when Bubble runs inside another
///    program through libbubble;
/// 3. `Emoji/catalog.json` in the executable's folder or one of its ancestors (a build tree:
///    `.build/debug/bubble`, a test bundle, `Benchmarks/.build/…`).
///
/// A `catalog` option (`--catalog`, the JSON key) goes over all of them.
package enum DataLocation {
    /// The environment variable naming a catalog file.
    package static let catalogVariable = "BUBBLE_CATALOG"
    /// The installed catalog, relative to the executable's folder.
    package static let installedCatalog = "../share/bubble/catalog.json"
    /// The catalog of a source tree, relative to the tree's root.
    package static let sourceTreeCatalog = "Emoji/catalog.json"
    /// How many folders above the executable's a source tree is looked for.
    static let ancestorsSearched = 8

    /// The default catalog path, worked out once per process; when no candidate exists, the
    /// installed location (so the error names where a release keeps it).
    package static let catalogPath: String = {
        if let env = getenv(catalogVariable).map({ String(cString: $0) }), !env.isEmpty { return env }
        var candidates = catalogCandidates(executable: libraryPath)
        for path in catalogCandidates(executable: executablePath) where !candidates.contains(path) { candidates.append(path) }
        return candidates.first(where: isReadableFile) ?? candidates.first ?? sourceTreeCatalog
    }()

    /// What to tell someone whose default catalog is missing.
    static let missingCatalogHint = "Bubble looks for \(catalogVariable), then \(installedCatalog) beside its executable, "
        + "then \(sourceTreeCatalog) above it; --catalog (the catalog option) names another"

    /// Where a catalog is looked for, in order, for an executable at `executable` (an absolute path).
    package static func catalogCandidates(executable: String?) -> [String] {
        guard let executable, executable.hasPrefix("/") else { return [] }
        var folder = parent(of: executable)
        var candidates = [normalized(folder + "/" + installedCatalog)]
        for _ in 0..<ancestorsSearched {
            candidates.append((folder == "/" ? "" : folder) + "/" + sourceTreeCatalog)
            if folder == "/" { break }
            folder = parent(of: folder)
        }
        return candidates
    }

    /// The absolute path of the file this code was loaded from: libbubble.so when a program loads Bubble
    /// through it, else the executable Bubble is linked into (nil when the loader cannot say).
    package static let libraryPath: String? = {
        var info = LoadedImageInfo()
        guard bubble_dladdr(#dsohandle, &info) != 0, let name = info.fileName, let resolved = realpath(name, nil) else { return nil }
        defer { free(resolved) }
        return String(cString: resolved)
    }()

    /// The running executable's absolute path, symlinks resolved (`/proc/self/exe` on Linux).
    package static let executablePath: String? = {
        #if os(Linux)
        var buffer = [CChar](repeating: 0, count: 4096)
        let n = readlink("/proc/self/exe", &buffer, buffer.count - 1)
        if n > 0 { return String(decoding: buffer[..<n].map { UInt8(bitPattern: $0) }, as: UTF8.self) }
        #endif
        guard let first = CommandLine.arguments.first, let resolved = realpath(first, nil) else { return nil }
        defer { free(resolved) }
        return String(cString: resolved)
    }()

    static func isReadableFile(_ path: String) -> Bool {
        var info = stat()
        return stat(path, &info) == 0 && (info.st_mode & S_IFMT) == S_IFREG && access(path, R_OK) == 0
    }

    /// `/a/b` for `/a/b/c`; `/` for `/c`.
    static func parent(of path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return "." }
        return slash == path.startIndex ? "/" : String(path[..<slash])
    }

    /// `a/b/../c` → `a/c`, with `.` and empty components dropped (an absolute path stays absolute).
    static func normalized(_ path: String) -> String {
        var parts: [Substring] = []
        for part in path.split(separator: "/") {
            if part == "." { continue }
            if part == "..", !parts.isEmpty, parts.last != ".." { parts.removeLast(); continue }
            parts.append(part)
        }
        return (path.hasPrefix("/") ? "/" : "") + parts.joined(separator: "/")
    }
}

/// glibc's `Dl_info`, field for field (`dladdr` and its struct need `_GNU_SOURCE`, which the Glibc module
/// map does not define).
struct LoadedImageInfo {
    var fileName: UnsafePointer<CChar>? = nil
    var fileBase: UnsafeMutableRawPointer? = nil
    var symbolName: UnsafePointer<CChar>? = nil
    var symbolAddress: UnsafeMutableRawPointer? = nil
}

/// glibc's `dladdr`: the file an address was loaded from.
@_silgen_name("dladdr")
func bubble_dladdr(_ address: UnsafeRawPointer?, _ info: UnsafeMutablePointer<LoadedImageInfo>) -> Int32
