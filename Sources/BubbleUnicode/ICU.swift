internal import CICU

/// Versions of the linked ICU and of its Unicode data, for fingerprints.
package enum ICU {
    /// ICU's version, e.g. "72.1", and `+dictionaries.<16 hex digits>` after it when line-breaking
    /// dictionaries other than its own are in use (`BreakDictionaries`): they change where lines
    /// break, so every fingerprint that names ICU names them too.
    package static var version: String {
        guard case .installed(_, let fingerprint) = breakDictionaries else { return read(bubble_icu_version) }
        return read(bubble_icu_version) + "+dictionaries." + fingerprint
    }
    /// The Unicode version of ICU's character data, e.g. "15.0".
    package static var unicodeVersion: String { read(bubble_unicode_version) }

    static func errorName(_ code: Int32) -> String { String(cString: bubble_error_name(code)) }

    private static func read(_ f: (UnsafeMutablePointer<CChar>?, Int32) -> Void) -> String {
        var buffer = [CChar](repeating: 0, count: 32)
        buffer.withUnsafeMutableBufferPointer { f($0.baseAddress, Int32($0.count)) }
        return String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }
}

/// The line-breaking dictionaries ICU uses: its own, or those of another ICU data package named by
/// `ICU.breakDictionariesVariable` (a client's, such as Chromium's `icudtl.dat`: Chromium and Flutter's
/// Skia ship Lao and Khmer dictionaries other than the system ICU's, so those scripts wrap at other
/// words there). They are installed when the library loads, before ICU opens any data (CICU.h).
package enum BreakDictionaries: Sendable, Equatable {
    /// ICU's own (the variable is unset or empty).
    case system
    /// `count` dictionaries from the package; `fingerprint`: 16 hex digits over their bytes.
    case installed(count: Int, fingerprint: String)
    /// The variable names something Bubble cannot use: why, naming the variable and the path.
    case unusable(String)
}

extension ICU {
    /// The environment variable naming an ICU common data file whose line-breaking dictionaries are used.
    package static var breakDictionariesVariable: String { String(cString: bubble_break_dictionaries_variable()) }

    /// What the set-up at load time did with `breakDictionariesVariable`.
    package static let breakDictionaries: BreakDictionaries = {
        var fingerprint: UInt64 = 0
        var message = [CChar](repeating: 0, count: 320)
        let count = message.withUnsafeMutableBufferPointer { bubble_break_dictionaries(&fingerprint, $0.baseAddress, Int32($0.count)) }
        if count < 0 {
            return .unusable(String(decoding: message.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self))
        }
        guard count > 0 else { return .system }
        let hex = String(fingerprint, radix: 16)
        return .installed(count: Int(count), fingerprint: String(repeating: "0", count: 16 - hex.count) + hex)
    }()
}
