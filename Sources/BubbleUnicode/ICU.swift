internal import CICU

/// Versions of the linked ICU and of its Unicode data, for fingerprints.
package enum ICU {
    /// ICU's version, e.g. "72.1".
    package static var version: String { read(bubble_icu_version) }
    /// The Unicode version of ICU's character data, e.g. "15.0".
    package static var unicodeVersion: String { read(bubble_unicode_version) }

    static func errorName(_ code: Int32) -> String { String(cString: bubble_error_name(code)) }

    private static func read(_ f: (UnsafeMutablePointer<CChar>?, Int32) -> Void) -> String {
        var buffer = [CChar](repeating: 0, count: 32)
        buffer.withUnsafeMutableBufferPointer { f($0.baseAddress, Int32($0.count)) }
        return String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }
}
