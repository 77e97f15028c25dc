import Foundation

/// Unicode's data files from Debian's `unicode-data` package, located by path.
///
/// A missing file is a test failure that names the package, never a skip: skipping would hide a
/// machine that cannot check conformance.
package enum UnicodeData {
    package static let directory = "/usr/share/unicode"

    package struct Missing: Error, CustomStringConvertible {
        package let path: String
        package var description: String { "\(path) is missing: install Debian's unicode-data package (apt-get install unicode-data)" }
    }

    /// The lines of `relativePath` under /usr/share/unicode.
    package static func lines(_ relativePath: String) throws -> [Substring] {
        let path = directory + "/" + relativePath
        guard let data = FileManager.default.contents(atPath: path) else { throw Missing(path: path) }
        return String(decoding: data, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false)
    }
}

/// One case of a UAX #14 / UAX #29 break test file: code points and where breaks fall.
package struct BreakTestCase: Sendable {
    /// 1-based line number in the file.
    package var line: Int
    package var scalars: [UInt32]
    /// UTF-16 offsets of the `÷` marks after the first scalar (the end is always one).
    package var breaks: [Int]
    /// The code points as the file writes them (`0023 0020 0023`), the allowlist's key.
    package var key: String
    /// The file's comment (rule numbers, character names).
    package var comment: String

    package var utf16: [UInt16] {
        scalars.flatMap { Array(String(UnicodeScalar($0)!).utf16) }
    }

    /// Parses `LineBreakTest.txt`-style lines: `× 0023 × 0020 ÷ 0023 ÷ # comment`.
    package static func parse(_ lines: [Substring]) -> [BreakTestCase] {
        var cases: [BreakTestCase] = []
        for (i, raw) in lines.enumerated() {
            let parts = raw.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false)
            let body = parts.first.map(String.init)?.trimmingCharacters(in: .whitespaces) ?? ""
            guard !body.isEmpty else { continue }
            var scalars: [UInt32] = [], breaks: [Int] = [], offset = 0
            for token in body.split(separator: " ") {
                if token == "÷" { if offset > 0 { breaks.append(offset) } }
                else if token == "×" { continue }
                else if let v = UInt32(token, radix: 16) {
                    scalars.append(v)
                    offset += v > 0xFFFF ? 2 : 1
                }
            }
            let key = scalars.map { String(format: "%04X", $0) }.joined(separator: " ")
            cases.append(BreakTestCase(line: i + 1, scalars: scalars, breaks: breaks, key: key,
                                       comment: parts.count > 1 ? String(parts[1]) : ""))
        }
        return cases
    }
}

/// Reads an allowlist: one `KEY<TAB># reason` per line, `#` lines are comments.
package func readAllowlist(_ path: String) -> [String: String] {
    guard let text = try? String(contentsOfFile: path, encoding: .utf8) else { return [:] }
    var result: [String: String] = [:]
    for line in text.split(separator: "\n") where !line.hasPrefix("#") {
        let parts = line.split(separator: "\t", maxSplits: 1)
        guard let key = parts.first else { continue }
        result[String(key).trimmingCharacters(in: .whitespaces)] = parts.count > 1 ? String(parts[1]) : ""
    }
    return result
}
