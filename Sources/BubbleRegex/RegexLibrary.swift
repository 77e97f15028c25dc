internal import CPCRE2

/// The linked PCRE2 library.
package enum RegexLibrary {
    /// PCRE2's version, e.g. "10.42" (the date PCRE2 reports after it is dropped).
    package static var version: String {
        var buffer = [UInt8](repeating: 0, count: 64)
        let n = buffer.withUnsafeMutableBytes { pcre2_config_8(UInt32(PCRE2_CONFIG_VERSION), $0.baseAddress) }
        guard n > 0 else { return "unknown" }
        let text = String(decoding: buffer.prefix { $0 != 0 }, as: UTF8.self)
        return String(text.split(separator: " ").first ?? Substring(text))
    }
}
