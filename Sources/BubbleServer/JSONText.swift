import Bubble
import BubbleJSON

/// Small pieces of JSON text written by hand, so layouts rendered by ``JSONRenderer`` are embedded
/// verbatim (no parse, no re-encode) and keys keep their order.
enum JSONText {
    /// `s` as a JSON string literal.
    static func quote(_ s: String) -> String { JSONValue.quoted(s) }

    /// `{"code": …, "message": …}`.
    static func errorFields(_ e: BubbleError) -> String {
        "{\"code\":" + quote(e.code) + ",\"message\":" + quote(e.message) + "}"
    }

    /// `{"error": {"code": …, "message": …}}`.
    static func errorObject(_ e: BubbleError) -> String {
        "{\"error\":" + errorFields(e) + "}"
    }
}
