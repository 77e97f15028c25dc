import BubbleFonts
import BubbleUnicode

/// The one error type at Bubble's edge: a stable `code` and a message for people.
///
/// The CLI maps it to an exit code, the HTTP service to a status and `{"error": {"code", "message"}}`.
public struct BubbleError: Error, Sendable, Equatable, CustomStringConvertible {
    /// Stable, snake_case: `invalid_options`, `invalid_utf8`, `too_long`, `font_not_found`, `malformed_json`, …
    public var code: String
    public var message: String

    public init(code: String, message: String) {
        self.code = code
        self.message = message
    }

    public var description: String { "\(code): \(message)" }

    /// The HTTP status of a request refused with this error, and the status libbubble returns for it:
    /// bad input is 400, input too big or a font not allowed is 422, a failure of the set-up (fonts,
    /// catalog, line-breaking dictionaries) or of Bubble itself is 500.
    package var status: Int {
        switch code {
        case "message_too_long", "too_many_messages", "font_not_allowed": 422
        case "font_error", "internal_error", "unreadable_catalog", "malformed_catalog", "unusable_dictionaries": 500
        default: 400
        }
    }

    /// An option with a value out of its range, named by its key.
    package static func outOfRange(_ key: String, _ value: String, _ expected: String) -> BubbleError {
        BubbleError(code: "invalid_options", message: "option '\(key)' is \(value); expected \(expected)")
    }

    init(_ error: FontError) {
        switch error {
        case .familyNotFound, .fileNotFound: self.init(code: "font_not_found", message: error.description)
        default: self.init(code: "font_error", message: error.description)
        }
    }

    init(_ error: UnicodeError) { self.init(code: "internal_error", message: error.description) }
}
