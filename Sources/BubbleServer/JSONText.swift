import Bubble

/// Small pieces of JSON text written by hand, so layouts rendered by ``JSONRenderer`` are embedded
/// verbatim (no parse, no re-encode) and keys keep their order.
enum JSONText {
    /// `s` as a JSON string literal.
    static func quote(_ s: String) -> String {
        var out = "\""
        out.reserveCapacity(s.utf8.count + 2)
        for scalar in s.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            case let c where c.value < 0x20 || c.value == 0x2028 || c.value == 0x2029:
                let hex = String(c.value, radix: 16)
                out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            default: out.unicodeScalars.append(scalar)
            }
        }
        out += "\""
        return out
    }

    /// `{"code": …, "message": …}`.
    static func errorFields(_ e: BubbleError) -> String {
        "{\"code\":" + quote(e.code) + ",\"message\":" + quote(e.message) + "}"
    }

    /// `{"error": {"code": …, "message": …}}`.
    static func errorObject(_ e: BubbleError) -> String {
        "{\"error\":" + errorFields(e) + "}"
    }
}
