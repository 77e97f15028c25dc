/// Reads JSON text (RFC 8259) strictly and in one pass: Bubble's only JSON parser.
///
/// Hand-written rather than `JSONDecoder` for three reasons measured or required elsewhere: a chat
/// request is mostly short strings, and reading them straight from the bytes costs a fraction of
/// the layout they feed (`bubble-bench --parse`); what a parser accepts must not differ between
/// front ends (a duplicate key is an error everywhere, never "first wins" here and "last wins"
/// there); and an error must say where (`invalid UTF-8 at byte 17`), not "expected Dictionary".
///
/// Refused: invalid UTF-8, unescaped control characters (NUL included), lone surrogate escapes,
/// numbers beyond `Double`'s range (`1e400`), duplicate keys, nesting deeper than ``maxDepth``,
/// anything after the value but white space.
package struct JSONReader {
    /// Deepest nesting of arrays and objects accepted (a chat request needs four or five).
    package static let maxDepth = 64
    /// Members an object holds before its keys go into a set: a chat request's objects are smaller, and
    /// comparing a few keys beats hashing them.
    static let keysScanned = 16

    private let bytes: UnsafeBufferPointer<UInt8>
    private var i = 0
    private var depth = 0

    private init(_ bytes: UnsafeBufferPointer<UInt8>) {
        self.bytes = bytes
    }

    /// Reads one JSON document.
    package static func read(_ bytes: [UInt8]) throws(JSONError) -> JSONValue {
        try bytes.withUnsafeBufferPointer { buffer throws(JSONError) in try read(buffer) }
    }

    /// Reads one JSON document from UTF-8 text.
    package static func read(_ text: String) throws(JSONError) -> JSONValue {
        try read(Array(text.utf8))
    }

    /// Reads one JSON document.
    package static func read(_ buffer: UnsafeBufferPointer<UInt8>) throws(JSONError) -> JSONValue {
        var reader = JSONReader(buffer)
        reader.skipSpace()
        let value = try reader.value()
        reader.skipSpace()
        if reader.i < buffer.count { throw reader.error("unexpected text after the JSON value") }
        return value
    }

    // MARK: values

    private mutating func value() throws(JSONError) -> JSONValue {
        guard i < bytes.count else { throw error("unexpected end of the text, expected a value") }
        switch bytes[i] {
        case UInt8(ascii: "{"): return .object(try object())
        case UInt8(ascii: "["): return .array(try array())
        case UInt8(ascii: "\""): return .string(try string())
        case UInt8(ascii: "t"): try literal("true"); return .bool(true)
        case UInt8(ascii: "f"): try literal("false"); return .bool(false)
        case UInt8(ascii: "n"): try literal("null"); return .null
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return .number(try number())
        default: throw error("unexpected \(describe(bytes[i])), expected a value")
        }
    }

    private mutating func object() throws(JSONError) -> JSONObject {
        try enter()
        i += 1
        var object = JSONObject()
        /// The keys so far, once the object outgrows a linear scan: a link map of thousands of entries
        /// was read in quadratic time (20,000 keys: 1.2 s).
        var seen: Set<String>?
        skipSpace()
        if i < bytes.count && bytes[i] == UInt8(ascii: "}") { i += 1; depth -= 1; return object }
        while true {
            guard i < bytes.count, bytes[i] == UInt8(ascii: "\"") else { throw error("expected a key in quotes") }
            let keyStart = i
            let key = try string()
            let duplicate: Bool
            if seen != nil {
                duplicate = !seen!.insert(key).inserted
            } else if object.count < JSONReader.keysScanned {
                duplicate = object.members.contains(where: { $0.key == key })
            } else {
                seen = Set(object.members.lazy.map(\.key))
                duplicate = !seen!.insert(key).inserted
            }
            if duplicate {
                throw JSONError(offset: keyStart, message: "duplicate key '\(key)'")
            }
            skipSpace()
            guard i < bytes.count, bytes[i] == UInt8(ascii: ":") else { throw error("expected ':' after the key '\(key)'") }
            i += 1
            skipSpace()
            let start = i
            let v = try value()
            object.append(.init(key: key, value: v, span: start..<i))
            skipSpace()
            guard i < bytes.count else { throw error("unexpected end of the text in an object") }
            if bytes[i] == UInt8(ascii: ",") { i += 1; skipSpace(); continue }
            if bytes[i] == UInt8(ascii: "}") { i += 1; depth -= 1; return object }
            throw error("expected ',' or '}' in an object")
        }
    }

    private mutating func array() throws(JSONError) -> [JSONValue] {
        try enter()
        i += 1
        var items: [JSONValue] = []
        skipSpace()
        if i < bytes.count && bytes[i] == UInt8(ascii: "]") { i += 1; depth -= 1; return items }
        while true {
            items.append(try value())
            skipSpace()
            guard i < bytes.count else { throw error("unexpected end of the text in an array") }
            if bytes[i] == UInt8(ascii: ",") { i += 1; skipSpace(); continue }
            if bytes[i] == UInt8(ascii: "]") { i += 1; depth -= 1; return items }
            throw error("expected ',' or ']' in an array")
        }
    }

    private mutating func enter() throws(JSONError) {
        depth += 1
        if depth > JSONReader.maxDepth { throw error("nested deeper than \(JSONReader.maxDepth) levels") }
    }

    private mutating func literal(_ word: StaticString) throws(JSONError) {
        let n = word.utf8CodeUnitCount
        guard i + n <= bytes.count else { throw error("unexpected end of the text") }
        let w = word.utf8Start
        for k in 0..<n where bytes[i + k] != w[k] { throw error("unexpected \(describe(bytes[i])), expected a value") }
        i += n
    }

    // MARK: numbers

    private mutating func number() throws(JSONError) -> JSONNumber {
        let start = i
        var integral = true
        if bytes[i] == UInt8(ascii: "-") { i += 1 }
        guard i < bytes.count, isDigit(bytes[i]) else { throw error("expected a digit") }
        if bytes[i] == UInt8(ascii: "0") {
            i += 1
            if i < bytes.count, isDigit(bytes[i]) { throw JSONError(offset: start, message: "a number may not start with 0") }
        } else {
            while i < bytes.count, isDigit(bytes[i]) { i += 1 }
        }
        if i < bytes.count, bytes[i] == UInt8(ascii: ".") {
            integral = false
            i += 1
            guard i < bytes.count, isDigit(bytes[i]) else { throw error("expected a digit after '.'") }
            while i < bytes.count, isDigit(bytes[i]) { i += 1 }
        }
        if i < bytes.count, bytes[i] | 0x20 == UInt8(ascii: "e") {
            integral = false
            i += 1
            if i < bytes.count, bytes[i] == UInt8(ascii: "+") || bytes[i] == UInt8(ascii: "-") { i += 1 }
            guard i < bytes.count, isDigit(bytes[i]) else { throw error("expected a digit in the exponent") }
            while i < bytes.count, isDigit(bytes[i]) { i += 1 }
        }
        let text = Substring(decoding: UnsafeBufferPointer(rebasing: bytes[start..<i]), as: UTF8.self)
        if integral, i - start <= 18 {
            // Exact and cheap: at most 18 digits always fit an Int.
            var v = 0
            var k = start
            let negative = bytes[k] == UInt8(ascii: "-")
            if negative { k += 1 }
            while k < i { v = v * 10 + Int(bytes[k] &- 48); k += 1 }
            if negative { v = -v }
            return JSONNumber(Double(v), integer: v)
        }
        guard let value = Double(text), value.isFinite else {
            throw JSONError(offset: start, message: "the number \(text.prefix(40)) is out of range")
        }
        return JSONNumber(value, integer: integral ? Int(text) : nil)
    }

    private func isDigit(_ b: UInt8) -> Bool { b >= 0x30 && b <= 0x39 }

    // MARK: strings

    private mutating func string() throws(JSONError) -> String {
        i += 1
        let start = i
        // Fast path: no escapes, all ASCII or valid UTF-8, no control characters.
        var ascii = true
        while i < bytes.count {
            let b = bytes[i]
            if b == UInt8(ascii: "\"") {
                let slice = UnsafeBufferPointer(rebasing: bytes[start..<i])
                i += 1
                if ascii { return String(decoding: slice, as: UTF8.self) }
                guard let s = String(validating: slice, as: UTF8.self) else { throw invalidUTF8(in: start..<(i - 1)) }
                return s
            }
            if b == UInt8(ascii: "\\") { break }
            if b < 0x20 { throw error("control character \(describe(b)) in a string (escape it)") }
            if b >= 0x80 { ascii = false }
            i += 1
        }
        guard i < bytes.count else { throw JSONError(offset: start - 1, message: "a string is not closed") }
        // Slow path: escapes. Bytes are gathered and checked as UTF-8 once at the end.
        var out = [UInt8](UnsafeBufferPointer(rebasing: bytes[start..<i]))
        while i < bytes.count {
            let b = bytes[i]
            if b == UInt8(ascii: "\"") {
                i += 1
                guard let s = String(validating: out, as: UTF8.self) else { throw invalidUTF8(in: start..<(i - 1)) }
                return s
            }
            if b < 0x20 { throw error("control character \(describe(b)) in a string (escape it)") }
            if b != UInt8(ascii: "\\") { out.append(b); i += 1; continue }
            i += 1
            guard i < bytes.count else { break }
            let escape = bytes[i]
            i += 1
            switch escape {
            case UInt8(ascii: "\""): out.append(0x22)
            case UInt8(ascii: "\\"): out.append(0x5C)
            case UInt8(ascii: "/"): out.append(0x2F)
            case UInt8(ascii: "b"): out.append(0x08)
            case UInt8(ascii: "f"): out.append(0x0C)
            case UInt8(ascii: "n"): out.append(0x0A)
            case UInt8(ascii: "r"): out.append(0x0D)
            case UInt8(ascii: "t"): out.append(0x09)
            case UInt8(ascii: "u"):
                var scalar = try hex4()
                if scalar >= 0xD800 && scalar < 0xDC00 {
                    guard i + 1 < bytes.count, bytes[i] == UInt8(ascii: "\\"), bytes[i + 1] == UInt8(ascii: "u") else {
                        throw error("a lone surrogate \\u\(hex(scalar)) (no low surrogate after it)")
                    }
                    i += 2
                    let low = try hex4()
                    guard low >= 0xDC00 && low < 0xE000 else { throw error("a lone surrogate \\u\(hex(scalar))") }
                    scalar = 0x10000 + ((scalar - 0xD800) << 10) + (low - 0xDC00)
                } else if scalar >= 0xDC00 && scalar < 0xE000 {
                    throw error("a lone surrogate \\u\(hex(scalar))")
                }
                out.append(contentsOf: Unicode.UTF8.encode(Unicode.Scalar(scalar)!)!)
            default:
                throw JSONError(offset: i - 2, message: "unknown escape \\\(describe(escape))")
            }
        }
        throw JSONError(offset: start - 1, message: "a string is not closed")
    }

    private mutating func hex4() throws(JSONError) -> UInt32 {
        guard i + 4 <= bytes.count else { throw error("expected four hex digits after \\u") }
        var v: UInt32 = 0
        for _ in 0..<4 {
            let b = bytes[i]
            let d: UInt32
            switch b {
            case 0x30...0x39: d = UInt32(b - 0x30)
            case 0x41...0x46: d = UInt32(b - 0x41 + 10)
            case 0x61...0x66: d = UInt32(b - 0x61 + 10)
            default: throw error("expected four hex digits after \\u")
            }
            v = v << 4 | d
            i += 1
        }
        return v
    }

    private func hex(_ v: UInt32) -> String {
        let s = String(v, radix: 16, uppercase: true)
        return String(repeating: "0", count: max(0, 4 - s.count)) + s
    }

    /// The error for the first byte of `range` that breaks UTF-8.
    private func invalidUTF8(in range: Range<Int>) -> JSONError {
        var k = range.lowerBound
        while k < range.upperBound {
            let b = bytes[k]
            let n = b < 0x80 ? 1 : b >= 0xC2 && b < 0xE0 ? 2 : b >= 0xE0 && b < 0xF0 ? 3 : b >= 0xF0 && b < 0xF5 ? 4 : 0
            guard n > 0, k + n <= range.upperBound,
                  String(validating: UnsafeBufferPointer(rebasing: bytes[k..<(k + n)]), as: UTF8.self) != nil else { break }
            k += n
        }
        return JSONError(offset: k, message: "invalid UTF-8")
    }

    // MARK: pieces

    private mutating func skipSpace() {
        while i < bytes.count {
            let b = bytes[i]
            guard b == 0x20 || b == 0x0A || b == 0x0D || b == 0x09 else { return }
            i += 1
        }
    }

    private func error(_ message: String) -> JSONError {
        JSONError(offset: i, message: message)
    }

    private func describe(_ b: UInt8) -> String {
        b >= 0x20 && b < 0x7F ? "'\(Character(Unicode.Scalar(b)))'" : "byte 0x\(String(b, radix: 16, uppercase: true))"
    }
}

/// Why a JSON text was refused, and where: a byte offset from the start of the text.
package struct JSONError: Error, Sendable, Equatable, CustomStringConvertible {
    package let offset: Int
    package let message: String

    package init(offset: Int, message: String) {
        self.offset = offset
        self.message = message
    }

    /// `invalid UTF-8 at byte 17`.
    package var description: String { "\(message) at byte \(offset)" }
}
