/// Writes JSON text with keys in the order given and numbers rounded to 2 decimals, so the same
/// layout gives byte-identical output on every run and every machine.
///
/// The text is built as UTF-8 bytes (``bytes``); ``output`` makes the one `String` at the end.
struct JSONWriter {
    /// The UTF-8 text written so far.
    private(set) var bytes: [UInt8] = []
    /// Whether the innermost open object or array already holds a value (a comma goes before the next).
    private var needsComma = false
    /// `needsComma` of each enclosing object or array, innermost last.
    private var outer: [Bool] = []
    /// A key was just written: the next value is its value, not a new element.
    private var pendingValue = false

    init(capacity: Int = 1024) {
        bytes.reserveCapacity(capacity)
        outer.reserveCapacity(8)
    }

    /// The text written so far.
    var output: String { String(decoding: bytes, as: UTF8.self) }

    mutating func beginObject() { value(); bytes.append(0x7B); outer.append(needsComma); needsComma = false }
    mutating func endObject() { needsComma = outer.removeLast(); bytes.append(0x7D) }
    mutating func beginArray() { value(); bytes.append(0x5B); outer.append(needsComma); needsComma = false }
    mutating func endArray() { needsComma = outer.removeLast(); bytes.append(0x5D) }

    /// Writes `"key":` inside an object. Keys are Bubble's own literals, which need no escaping.
    mutating func key(_ k: StaticString) {
        if needsComma { bytes.append(0x2C) }
        bytes.append(0x22)
        bytes.append(literal: k)
        bytes.append(0x22)
        bytes.append(0x3A)
        needsComma = false
        pendingValue = true
    }

    mutating func number(_ v: Double) { value(); bytes.append(decimal: v) }
    mutating func integer(_ v: Int) { value(); bytes.append(integer: v) }
    mutating func bool(_ v: Bool) { value(); if v { bytes.append(literal: "true") } else { bytes.append(literal: "false") } }
    mutating func string(_ s: String) { value(); JSONWriter.appendString(s, to: &bytes) }
    mutating func null() { value(); bytes.append(literal: "null") }

    /// Appends fields that are already JSON text (`,"a":1,"b":2`, made by this module) to the open
    /// object, which must already hold a field.
    mutating func rawFields(_ json: [UInt8]) { bytes.append(contentsOf: json); needsComma = true }

    mutating func field(_ k: StaticString, _ v: Double) { key(k); number(v) }
    mutating func field(_ k: StaticString, _ v: Int) { key(k); integer(v) }
    mutating func field(_ k: StaticString, _ v: Bool) { key(k); bool(v) }
    mutating func field(_ k: StaticString, _ v: String) { key(k); string(v) }

    @inline(__always)
    private mutating func value() {
        if pendingValue { pendingValue = false; needsComma = true; return }
        if needsComma { bytes.append(0x2C) }
        needsComma = true
    }

    static func format(_ v: Double) -> String { DecimalText.format(v) }

    /// Appends `s` as a JSON string literal (RFC 8259 escapes; non-ASCII kept as UTF-8): `"`, `\`,
    /// newline, return and tab as `\"`, `\\`, `\n`, `\r`, `\t`; other controls, U+2028 and U+2029 as `\uXXXX`.
    static func appendString(_ s: String, to out: inout [UInt8]) {
        out.append(0x22)
        var s = s
        s.withUTF8 { p in
            var plain = 0
            var i = 0
            let n = p.count
            while i < n {
                let b = p[i]
                if b >= 0x20 && b != 0x22 && b != 0x5C && b != 0xE2 { i += 1; continue }
                if b == 0xE2 {
                    // U+2028 and U+2029 are E2 80 A8 and E2 80 A9.
                    guard i + 2 < n, p[i + 1] == 0x80, p[i + 2] == 0xA8 || p[i + 2] == 0xA9 else { i += 1; continue }
                    out.append(contentsOf: UnsafeBufferPointer(rebasing: p[plain..<i]))
                    out.append(literal: "\\u202")
                    out.append(p[i + 2] == 0xA8 ? 0x38 : 0x39)
                    i += 3
                    plain = i
                    continue
                }
                out.append(contentsOf: UnsafeBufferPointer(rebasing: p[plain..<i]))
                switch b {
                case 0x22: out.append(literal: "\\\"")
                case 0x5C: out.append(literal: "\\\\")
                case 0x0A: out.append(literal: "\\n")
                case 0x0D: out.append(literal: "\\r")
                case 0x09: out.append(literal: "\\t")
                default:
                    let hex: StaticString = "0123456789abcdef"
                    out.append(literal: "\\u00")
                    hex.withUTF8Buffer { h in
                        out.append(h[Int(b >> 4)])
                        out.append(h[Int(b & 0xF)])
                    }
                }
                i += 1
                plain = i
            }
            out.append(contentsOf: UnsafeBufferPointer(rebasing: p[plain..<n]))
        }
        out.append(0x22)
    }
}
