import BubbleJSON

/// Finds the raw text of one top-level value in a JSON object line without parsing the rest, so a
/// batch line too long, malformed or not UTF-8 can still be answered with its own `id`.
package enum RawJSON {
    /// The value of `key` in the object `bytes` starts with, or nil when it is not there, cut off,
    /// or not valid JSON on its own.
    package static func value(ofKey key: String, in bytes: [UInt8]) -> String? {
        let wanted = Array("\"\(key)\"".utf8)
        var i = skipSpace(bytes, 0)
        guard i < bytes.count, bytes[i] == UInt8(ascii: "{") else { return nil }
        i += 1
        while true {
            i = skipSpace(bytes, i)
            guard i < bytes.count, bytes[i] == UInt8(ascii: "\""), let keyEnd = skipString(bytes, i) else { return nil }
            let isWanted = bytes[i..<keyEnd].elementsEqual(wanted)
            i = skipSpace(bytes, keyEnd)
            guard i < bytes.count, bytes[i] == UInt8(ascii: ":") else { return nil }
            let start = skipSpace(bytes, i + 1)
            guard let end = skipValue(bytes, start) else { return nil }
            if isWanted { return validated(bytes[start..<end]) }
            i = skipSpace(bytes, end)
            guard i < bytes.count, bytes[i] == UInt8(ascii: ",") else { return nil }
            i += 1
        }
    }

    /// Like ``value(ofKey:in:)``, and when the object is broken before the key (an unescaped quote
    /// in an earlier value, a missing comma), the first `"key": value` that follows `{` or `,` and
    /// whose value is valid JSON on its own: how an error line still names its message.
    package static func recoveredValue(ofKey key: String, in bytes: [UInt8]) -> String? {
        if let found = value(ofKey: key, in: bytes) { return found }
        let wanted = Array("\"\(key)\"".utf8)
        var from = 0
        while let hit = find(wanted, in: bytes, from: from) {
            from = hit + 1
            var before = hit - 1
            while before >= 0, [0x20, 0x09, 0x0D].contains(bytes[before]) { before -= 1 }
            guard before >= 0, bytes[before] == UInt8(ascii: "{") || bytes[before] == UInt8(ascii: ",") else { continue }
            var i = skipSpace(bytes, hit + wanted.count)
            guard i < bytes.count, bytes[i] == UInt8(ascii: ":") else { continue }
            i = skipSpace(bytes, i + 1)
            if let end = skipValue(bytes, i), let text = validated(bytes[i..<end]) { return text }
        }
        return nil
    }

    private static func find(_ needle: [UInt8], in bytes: [UInt8], from: Int) -> Int? {
        guard needle.count <= bytes.count else { return nil }
        var i = from
        while i + needle.count <= bytes.count {
            if bytes[i] == needle[0], bytes[i..<i + needle.count].elementsEqual(needle) { return i }
            i += 1
        }
        return nil
    }

    /// The text when it parses as one JSON value (and is UTF-8).
    private static func validated(_ slice: ArraySlice<UInt8>) -> String? {
        guard let text = String(validating: slice, as: UTF8.self), (try? JSONReader.read(Array(slice))) != nil else { return nil }
        return text
    }

    private static func skipSpace(_ b: [UInt8], _ i: Int) -> Int {
        var i = i
        while i < b.count, b[i] == 0x20 || b[i] == 0x09 || b[i] == 0x0D || b[i] == 0x0A { i += 1 }
        return i
    }

    /// The index after the string starting at `i` (a `"`), or nil when it is cut off.
    private static func skipString(_ b: [UInt8], _ i: Int) -> Int? {
        var i = i + 1
        while i < b.count {
            switch b[i] {
            case UInt8(ascii: "\\"): i += 2
            case UInt8(ascii: "\""): return i + 1
            default: i += 1
            }
        }
        return nil
    }

    /// The index after the value starting at `i`, or nil when it is cut off.
    private static func skipValue(_ b: [UInt8], _ i: Int) -> Int? {
        guard i < b.count else { return nil }
        switch b[i] {
        case UInt8(ascii: "\""):
            return skipString(b, i)
        case UInt8(ascii: "{"), UInt8(ascii: "["):
            var depth = 0, j = i
            while j < b.count {
                switch b[j] {
                case UInt8(ascii: "\""): guard let e = skipString(b, j) else { return nil }; j = e; continue
                case UInt8(ascii: "{"), UInt8(ascii: "["): depth += 1
                case UInt8(ascii: "}"), UInt8(ascii: "]"): depth -= 1; if depth == 0 { return j + 1 }
                default: break
                }
                j += 1
            }
            return nil
        default:
            var j = i
            while j < b.count, !",}] \t\r\n".utf8.contains(b[j]) { j += 1 }
            return j < b.count && j > i ? j : nil
        }
    }
}
