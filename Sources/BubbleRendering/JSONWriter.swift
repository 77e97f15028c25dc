/// Writes JSON text with keys in the order given and numbers rounded to 2 decimals, so the same
/// layout gives byte-identical output on every run and every machine.
struct JSONWriter {
    private(set) var output = ""
    private var needsComma: [Bool] = [false]

    init(capacity: Int = 1024) { output.reserveCapacity(capacity) }

    mutating func beginObject() { value(); output += "{"; needsComma.append(false) }
    mutating func endObject() { needsComma.removeLast(); output += "}" }
    mutating func beginArray() { value(); output += "["; needsComma.append(false) }
    mutating func endArray() { needsComma.removeLast(); output += "]" }

    /// Writes `"key":` inside an object.
    mutating func key(_ k: String) {
        separate()
        JSONWriter.appendString(k, to: &output)
        output += ":"
        needsComma[needsComma.count - 1] = false
        pendingValue = true
    }

    mutating func number(_ v: Double) { value(); output += JSONWriter.format(v) }
    mutating func integer(_ v: Int) { value(); output += String(v) }
    mutating func bool(_ v: Bool) { value(); output += v ? "true" : "false" }
    mutating func string(_ s: String) { value(); JSONWriter.appendString(s, to: &output) }
    mutating func null() { value(); output += "null" }

    mutating func field(_ k: String, _ v: Double) { key(k); number(v) }
    mutating func field(_ k: String, _ v: Int) { key(k); integer(v) }
    mutating func field(_ k: String, _ v: Bool) { key(k); bool(v) }
    mutating func field(_ k: String, _ v: String) { key(k); string(v) }

    private var pendingValue = false

    private mutating func value() {
        if pendingValue { pendingValue = false; needsComma[needsComma.count - 1] = true; return }
        separate()
        needsComma[needsComma.count - 1] = true
    }

    private mutating func separate() {
        if needsComma[needsComma.count - 1] { output += "," }
    }

    static func format(_ v: Double) -> String { DecimalText.format(v) }

    /// Appends `s` as a JSON string literal (RFC 8259 escapes; non-ASCII kept as UTF-8).
    static func appendString(_ s: String, to out: inout String) {
        out += "\""
        var plainStart = s.unicodeScalars.startIndex
        var i = plainStart
        let scalars = s.unicodeScalars
        while i < scalars.endIndex {
            let c = scalars[i]
            let escape: String?
            switch c {
            case "\"": escape = "\\\""
            case "\\": escape = "\\\\"
            case "\n": escape = "\\n"
            case "\r": escape = "\\r"
            case "\t": escape = "\\t"
            case "\u{2028}": escape = "\\u2028"
            case "\u{2029}": escape = "\\u2029"
            default:
                if c.value < 0x20 {
                    let hex = String(c.value, radix: 16)
                    escape = "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
                } else {
                    escape = nil
                }
            }
            if let escape {
                out.unicodeScalars.append(contentsOf: scalars[plainStart..<i])
                out += escape
                plainStart = scalars.index(after: i)
            }
            i = scalars.index(after: i)
        }
        out.unicodeScalars.append(contentsOf: scalars[plainStart..<scalars.endIndex])
        out += "\""
    }
}
