@testable import BubbleRendering
import BubbleTestSupport
import BubbleTypesetting
import Testing

/// HTMLText works on UTF-8 bytes and UTF-16 units rather than on a `String`'s scalars; these check it
/// against the scalar-by-scalar definitions it replaces, on random text that mixes what is escaped, NUL,
/// every UTF-8 length and lone and paired surrogates.
@Suite struct HTMLTextTests {
    static let palette: [UInt16] = [0x41, 0x7A, 0x30, 0x2D, 0x5F, 0x20, 0x26, 0x3C, 0x3E, 0x22, 0x27, 0x00, 0x23, 0x2F,
                                    0xE9, 0x7FF, 0x800, 0x4E2D, 0xFFFC, 0xFFFF, 0xD83D, 0xDE00, 0xDBFF, 0xDC00]

    static func units(_ rng: inout SeededGenerator) -> [UInt16] {
        (0..<Int.random(in: 0...24, using: &rng)).map { _ in palette.randomElement(using: &rng)! }
    }

    /// The definition: each scalar of the repaired string, `& < > " '` as references and NUL as U+FFFD.
    static func reference(_ s: String) -> String {
        var out = ""
        for c in s.unicodeScalars {
            switch c {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            case "'": out += "&#39;"
            case "\u{0}": out += "\u{FFFD}"
            default: out.unicodeScalars.append(c)
            }
        }
        return out
    }

    @Test func escapingUnitsAndStringsMatchTheScalarDefinition() {
        var rng = SeededGenerator(seed: 31)
        for _ in 0..<5000 {
            let units = HTMLTextTests.units(&rng)
            let string = String(decoding: units, as: UTF16.self)
            let expected = HTMLTextTests.reference(string)
            #expect(HTMLText.escaped(units[...]) == expected, "\(units)")
            #expect(HTMLText.escaped(string) == expected, "\(units)")
            let cut = units.count / 2
            #expect(HTMLText.escaped(units[cut...]) == HTMLTextTests.reference(String(decoding: units[cut...], as: UTF16.self)))
        }
    }

    @Test func scalarsOfUnitsAreTheRepairedString() {
        var rng = SeededGenerator(seed: 7)
        for _ in 0..<5000 {
            let units = HTMLTextTests.units(&rng)
            var scalars: [UInt32] = []
            HTMLText.forEachScalar(of: units[...]) { scalars.append($0) }
            #expect(scalars == String(decoding: units, as: UTF16.self).unicodeScalars.map(\.value), "\(units)")
        }
    }

    @Test func identifiersAndColorsKeepASCIILettersAndDigitsOnly() {
        var rng = SeededGenerator(seed: 11)
        for _ in 0..<5000 {
            let string = String(decoding: HTMLTextTests.units(&rng), as: UTF16.self)
            let kept = string.unicodeScalars.filter {
                $0.value < 0x80 && ($0.properties.isAlphabetic || ("0"..."9").contains($0) || $0 == "-" || $0 == "_")
            }
            #expect(HTMLText.identifier(string) == String(String.UnicodeScalarView(kept)))
        }
        #expect(HTMLText.identifier("Noto Sans CJK SC") == "NotoSansCJKSC")
        #expect(HTMLText.identifier("DéjàVu_Sans-Bold") == "DjVu_Sans-Bold")
        #expect(HTMLText.safeColor("#1a2B3c") == "#1a2B3c")
        #expect(HTMLText.safeColor("red") == "red")
        for bad in ["red;x", "é", "rgb(1,2,3)", "", "\u{0}"] { #expect(HTMLText.safeColor(bad) == nil) }
    }

    @Test func fontURLsNameTheLastComponentAndEscapeTheRest() {
        /// The definition: the last non-empty `/` component, each scalar kept or written as `%` and its value.
        func reference(_ path: String, base: String?) -> String {
            let name = path.split(separator: "/").last.map(String.init) ?? path
            let safe = { (s: String) in s.unicodeScalars.map { c -> String in
                (c.value < 0x80 && (c.properties.isAlphabetic || ("0"..."9").contains(c) || "-_./".unicodeScalars.contains(c)))
                    ? String(c) : "%" + (c.value < 0x10 ? "0" : "") + String(c.value, radix: 16, uppercase: true) }.joined() }
            if let base { return HTMLText.escaped(base.hasSuffix("/") ? base : base + "/") + safe(name) }
            return "file://" + safe(path)
        }
        let paths = ["/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf", "fonts/a b&c.ttf", "a/b/", "///", "", "x",
                     "/fonts/字体 x.otf", "/f/\u{1F600}\u{0}.ttc", "//a//b//"]
        for base in [nil, "https://cdn.example/fonts", "https://cdn.example/f/", "/x\"y"] {
            let renderer = HTMLRenderer(maxWidth: 280, padding: EdgeInsets(top: 0, right: 0, bottom: 0, left: 0), fontSize: 16,
                                        fontBaseURL: base, assetBaseURL: nil, emojiFace: nil, catalogImage: { _ in nil })
            for path in paths { #expect(renderer.fontURL(path) == reference(path, base: base), "\(path) under \(base ?? "nil")") }
        }
    }
}
