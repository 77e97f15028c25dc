/// A PCRE2 failure: a pattern that does not compile, or a match that could not run.
package struct RegexError: Error, Sendable, Equatable, CustomStringConvertible {
    /// PCRE2's (negative or compile-time positive) error code.
    package var code: Int
    /// PCRE2's own message for `code`.
    package var message: String
    /// Byte offset into the pattern where compiling failed; `nil` for match errors.
    package var patternOffset: Int?

    package init(code: Int, message: String, patternOffset: Int? = nil) {
        self.code = code
        self.message = message
        self.patternOffset = patternOffset
    }

    package var description: String {
        if let patternOffset { return "regex error \(code) at pattern byte \(patternOffset): \(message)" }
        return "regex error \(code): \(message)"
    }
}
