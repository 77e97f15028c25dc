internal import CHarfBuzz
internal import CFontconfig
import BubbleLock

/// The process's FreeType library handle. FreeType is not thread-safe per library or per face, so
/// every call through here holds `lock`.
final class FreeType: @unchecked Sendable {
    static let shared = FreeType()

    let lock = Lock()
    private(set) var library: FT_Library?

    private init() {
        var lib: FT_Library?
        let error = FT_Init_FreeType(&lib)
        precondition(error == 0, "FT_Init_FreeType failed (\(error)): out of memory")
        library = lib
        // FreeType's version, read once for fingerprints.
        var major: FT_Int = 0, minor: FT_Int = 0, patch: FT_Int = 0
        FT_Library_Version(lib, &major, &minor, &patch)
        version = "\(major).\(minor).\(patch)"
    }

    let version: String

    /// The one checking funnel: a nonzero `FT_Error` becomes a ``FontError``.
    static func check(_ function: String, path: String, _ error: FT_Error) throws(FontError) {
        if error != 0 { throw FontError.freeType(function: function, code: Int32(error), path: path) }
    }

    func withLock<T>(_ body: () throws -> T) rethrows -> T {
        lock.lock()
        defer { lock.unlock() }
        return try body()
    }
}

/// Versions of the C libraries in use, for fingerprints.
package enum FontLibraryVersions {
    package static var harfBuzz: String { String(cString: hb_version_string()) }
    package static var freeType: String { FreeType.shared.version }
    /// fontconfig's version, e.g. "2.14.1" (`FcGetVersion` gives 21401).
    package static var fontconfig: String {
        let v = Int(FcGetVersion())
        return "\(v / 10000).\(v / 100 % 100).\(v % 100)"
    }
}
