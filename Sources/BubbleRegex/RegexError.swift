/// A PCRE2 failure: a pattern that does not compile, or a match that could not run.
public struct RegexError: Error, Sendable, Equatable, CustomStringConvertible {
    /// PCRE2's (negative or compile-time positive) error code.
    public var code: Int
    /// PCRE2's own message for `code`.
    public var message: String
    /// Byte offset into the pattern where compiling failed; `nil` for match errors.
    public var patternOffset: Int?

    public init(code: Int, message: String, patternOffset: Int? = nil) {
        self.code = code
        self.message = message
        self.patternOffset = patternOffset
    }

    public var description: String {
        if let patternOffset { return "regex error \(code) at pattern byte \(patternOffset): \(message)" }
        return "regex error \(code): \(message)"
    }
}
