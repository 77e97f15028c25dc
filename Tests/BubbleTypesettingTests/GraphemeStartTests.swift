@testable import BubbleTypesetting
import BubbleUnicode
import Testing

/// The typesetter's grapheme starts, whose text made only of units that stand alone skips ICU, must be
/// ICU's grapheme boundaries: CR LF kept together, marks, joiners and surrogates sent to ICU.
@Suite struct GraphemeStartTests {
    static let texts = [
        "plain text", "a\r\nb", "\r\n\r\n", "\r\r\n\n", "a\rb\nc", "\r", "\n", "x\r\n", "中文\r\n日本語", "שלום\r\nעולם",
        "e\u{301}\r\n", "👍🏽 a\r\nb", "ก่า\r\n", "a\u{200D}b", "\u{FFFC}\r\n\u{FFFC}", "",
    ]

    @Test(arguments: texts) func startsAreICUsBoundaries(_ text: String) throws {
        let units = Array(text.utf16)
        var starts: [Bool] = []
        try Typesetter(fonts: chain).graphemeStarts(units, into: &starts)
        let icu = Set(try GraphemeBreaker().boundaries(in: units))
        #expect(starts.count == units.count + 1)
        for i in 1..<max(units.count, 1) {
            #expect(starts[i] == icu.contains(i), "\(text.debugDescription) at \(i)")
        }
    }
}
