/// Re-indents compact JSON text for people (`--pretty`): two spaces per level, a space after each
/// colon, keys in their order and numbers as written (the text is re-spaced, never re-parsed, so
/// pretty output says exactly what compact output says).
enum PrettyJSON {
    static func format(_ json: String) -> String {
        let bytes = Array(json.utf8)
        var out: [UInt8] = []
        out.reserveCapacity(bytes.count * 2)
        var depth = 0, i = 0, inString = false
        func newline() {
            out.append(0x0A)
            out.append(contentsOf: repeatElement(0x20, count: depth * 2))
        }
        while i < bytes.count {
            let b = bytes[i]
            if inString {
                out.append(b)
                if b == UInt8(ascii: "\\"), i + 1 < bytes.count { out.append(bytes[i + 1]); i += 1 }
                else if b == UInt8(ascii: "\"") { inString = false }
                i += 1
                continue
            }
            switch b {
            case UInt8(ascii: "\""):
                inString = true
                out.append(b)
            case UInt8(ascii: "{"), UInt8(ascii: "["):
                let close: UInt8 = b == UInt8(ascii: "{") ? UInt8(ascii: "}") : UInt8(ascii: "]")
                var j = i + 1
                while j < bytes.count, bytes[j] == 0x20 || bytes[j] == 0x0A || bytes[j] == 0x09 || bytes[j] == 0x0D { j += 1 }
                if j < bytes.count, bytes[j] == close {  // {} and [] stay on one line
                    out.append(b); out.append(close)
                    i = j + 1
                    continue
                }
                out.append(b)
                depth += 1
                newline()
            case UInt8(ascii: "}"), UInt8(ascii: "]"):
                depth -= 1
                newline()
                out.append(b)
            case UInt8(ascii: ","):
                out.append(b)
                newline()
            case UInt8(ascii: ":"):
                out.append(b)
                out.append(0x20)
            case 0x20, 0x0A, 0x09, 0x0D:
                break
            default:
                out.append(b)
            }
            i += 1
        }
        return String(decoding: out, as: UTF8.self)
    }
}
