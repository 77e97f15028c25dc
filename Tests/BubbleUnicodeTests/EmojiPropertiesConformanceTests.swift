import BubbleTestSupport
import BubbleUnicode
import Foundation
import Testing

/// UTS #51: Emoji_Presentation and Extended_Pictographic of every code point as emoji-data.txt lists them
/// (``CharacterProperties`` answers the ranges with none without asking ICU: this is what holds them).
@Suite struct EmojiPropertiesConformanceTests {
    /// The code points emoji-data.txt gives `property`, as a table indexed by code point.
    static func codePoints(with property: String, in lines: [Substring]) -> [Bool] {
        var table = [Bool](repeating: false, count: 0x110000)
        for line in lines {
            let fields = line.split(separator: "#", maxSplits: 1).first?.split(separator: ";") ?? []
            guard fields.count == 2, fields[1].trimmingCharacters(in: .whitespaces) == property else { continue }
            let bounds = fields[0].trimmingCharacters(in: .whitespaces).split(separator: ".", omittingEmptySubsequences: true)
            guard let lo = bounds.first.flatMap({ Int($0, radix: 16) }), let hi = bounds.last.flatMap({ Int($0, radix: 16) }) else { continue }
            for c in lo...hi { table[c] = true }
        }
        return table
    }

    @Test(arguments: ["Emoji_Presentation", "Extended_Pictographic"])
    func everyCodePointAgreesWithEmojiData(property: String) throws {
        let listed = Self.codePoints(with: property, in: try UnicodeData.lines("emoji/emoji-data.txt"))
        #expect(listed.filter { $0 }.count > (property == "Emoji_Presentation" ? 1_000 : 3_000), "emoji-data.txt looks truncated")
        let presentation = property == "Emoji_Presentation"
        func answer(_ c: UInt32) -> Bool {
            presentation ? CharacterProperties.isEmojiPresentation(c) : CharacterProperties.isExtendedPictographic(c)
        }
        var wrong: [String] = []
        for c in 0..<UInt32(0x110000) where answer(c) != listed[Int(c)] {
            wrong.append("U+\(String(c, radix: 16, uppercase: true)) \(listed[Int(c)] ? "listed, answered no" : "answered yes, not listed")")
        }
        #expect(wrong.isEmpty, Comment(rawValue: "\(wrong.count) code points:\n" + wrong.prefix(20).joined(separator: "\n")))
    }
}
