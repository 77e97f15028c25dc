/// A font that could not be found, opened or used.
public enum FontError: Error, Sendable, Equatable, CustomStringConvertible {
    /// No installed font has this family; `package` names the Debian package that ships it, if known.
    case familyNotFound(family: String, package: String?)
    /// The file does not exist or cannot be read.
    case fileNotFound(path: String)
    /// FreeType refused the file (not a font, or a face index out of range).
    case freeType(function: String, code: Int32, path: String)
    /// HarfBuzz could not make a face of the file.
    case harfBuzz(function: String, path: String)
    /// fontconfig could not be initialised.
    case fontconfigUnavailable

    public var description: String {
        switch self {
        case let .familyNotFound(family, package?):
            return "font family '\(family)' is not installed (install the Debian package \(package): apt-get install \(package))"
        case let .familyNotFound(family, nil):
            return "font family '\(family)' is not installed"
        case let .fileNotFound(path):
            return "font file '\(path)' does not exist or cannot be read"
        case let .freeType(function, code, path):
            return "FreeType \(function) failed with error \(code) on '\(path)'"
        case let .harfBuzz(function, path):
            return "HarfBuzz \(function) failed on '\(path)'"
        case .fontconfigUnavailable:
            return "fontconfig could not be initialised (install libfontconfig1)"
        }
    }

    /// The Debian package that ships a family Bubble uses by default.
    static func package(forFamily family: String) -> String? {
        let f = family.lowercased()
        if f.hasPrefix("dejavu") { return "fonts-dejavu-core" }
        if f.contains("cjk") { return "fonts-noto-cjk" }
        if f.contains("color emoji") { return "fonts-noto-color-emoji" }
        if f.hasPrefix("noto") { return "fonts-noto-core" }
        return nil
    }
}
