/// Bubble's one way to write a JSON string: every output (layouts, batch and HTTP answers, logs, the
/// version) quotes text through it, so they escape alike. Quotes, backslashes and control characters
/// are escaped (`\n`, `\r`, `\t`, else `\u00XX`), and so are U+2028 and U+2029, which JavaScript
/// string literals refuse; everything else is written as its UTF-8.
package enum JSONQuoting {
    /// Appends `s` as a JSON string literal, quotes included, to `out`. Runs of plain bytes are copied
    /// at once; inlined into writers in other modules, as it sits on every report's path.
    @inlinable
    package static func append(_ s: String, to out: inout [UInt8]) {
        out.append(0x22)
        s.withUTF8InPlace { p in
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
                    out.append(contentsOf: [0x5C, 0x75, 0x32, 0x30, 0x32, p[i + 2] == 0xA8 ? 0x38 : 0x39])  // \u2028, \u2029
                    i += 3
                    plain = i
                    continue
                }
                out.append(contentsOf: UnsafeBufferPointer(rebasing: p[plain..<i]))
                switch b {
                case 0x22: out.append(contentsOf: [0x5C, 0x22])  // \"
                case 0x5C: out.append(contentsOf: [0x5C, 0x5C])  // \\
                case 0x0A: out.append(contentsOf: [0x5C, 0x6E])  // \n
                case 0x0D: out.append(contentsOf: [0x5C, 0x72])  // \r
                case 0x09: out.append(contentsOf: [0x5C, 0x74])  // \t
                default:
                    let hex = b & 0xF
                    out.append(contentsOf: [0x5C, 0x75, 0x30, 0x30, 0x30 + (b >> 4), hex < 10 ? 0x30 + hex : 0x57 + hex])  // \u00XX
                }
                i += 1
                plain = i
            }
            out.append(contentsOf: UnsafeBufferPointer(rebasing: p[plain..<n]))
        }
        out.append(0x22)
    }

    /// `s` as a JSON string literal, quotes included.
    package static func quoted(_ s: String) -> String {
        var out: [UInt8] = []
        out.reserveCapacity(s.utf8.count + 2)
        append(s, to: &out)
        return String(decoding: out, as: UTF8.self)
    }
}
