import Testing
@testable import BubbleMapping

/// Seeded random messages mixing scripts, emoji (surrogate pairs, ZWJ sequences, flags, modifiers),
/// combining marks, brackets, backslashes and `@`.
@Suite struct PropertyTests {
    static let pieces: [String] = [
        "a", "b", "Z", "7", " ", " ", ".", "-", "_", "/", ":", "(", ")", "@", "@", "[", "]", "\\", ",", "!", "?", "\n",
        "[a]", "[b]", "[emoji]", "[微笑]", "[脸红]", "[nope]", "http://", "https://", "www.", "x.com", "@bob",
        "很", "久", "以", "前", "、", "。", "생", "활", "あ", "カ", "Д", "ж", "ש", "ל", "ع", "ی", "\u{200C}", "ก", "ั", "क", "्", "ष",
        "e\u{301}", "\u{301}", "\u{308}", "é", "😀", "👍🏽", "🏽", "👨‍👩‍👧", "🇨🇳", "🇫", "❤️", "\u{FE0F}", "\u{200D}", "\u{FFFC}",
        "\u{1F600}\u{301}", "𝒳", "𠀋",
    ]

    static func randomMessage(_ rng: inout SplitMix64) -> String {
        let count = Int(rng.next() % 24)
        var text = ""
        for _ in 0..<count { text += pieces[Int(rng.next() % UInt64(pieces.count))] }
        return text
    }

    @Test(arguments: 0..<8)
    func rangesRespectGraphemesAndRoundTrip(_ batch: Int) throws {
        var rng = SplitMix64(seed: 0xB0BB1E + UInt64(batch))
        let m = mapper(MappingOptions(linkMap: ["@bob": "https://bob.example", "很久": "https://old.example"]))
        for _ in 0..<400 {
            let source = Self.randomMessage(&rng)
            let mapped = try m.map(source)
            let graphemes = SourceGraphemes(source)
            let ranges = mapped.links.map(\.range) + mapped.placeholders.map { $0.index..<($0.index + 1) }
            for range in ranges {
                let sourceRange = mapped.offsets.source(range)
                #expect(graphemes.isBoundary(sourceRange.lowerBound) && graphemes.isBoundary(sourceRange.upperBound),
                        "\(range) → \(sourceRange) splits a grapheme of \(source.debugDescription)")
                #expect(!sourceRange.isEmpty)
            }
            // Links are ordered and disjoint; placeholders sit on U+FFFC and every U+FFFC is one.
            for (a, b) in zip(mapped.links, mapped.links.dropFirst()) { #expect(a.range.upperBound <= b.range.lowerBound) }
            #expect(mapped.placeholders.count == mapped.text.filter { $0 == placeholderCharacter }.count)
            for placeholder in mapped.placeholders { #expect(mapped.text[placeholder.index.utf16] == placeholderCharacter) }
            // The mapped text and the map give back the source exactly.
            #expect(reconstructSource(mapped) == Array(source.utf16), "\(source.debugDescription)")
            // Mapped → source → mapped is the identity.
            for m in 0...mapped.text.count {
                #expect(mapped.offsets.mapped(mapped.offsets.source(MappedIndex(m))) == MappedIndex(m))
            }
        }
    }

    @Test(arguments: 0..<4)
    func offsetsRoundTripBetweenUnits(_ batch: Int) {
        var rng = SplitMix64(seed: 0x5EED + UInt64(batch))
        for _ in 0..<300 {
            let source = Self.randomMessage(&rng)
            let units = SourceUnits(source)
            let fromUTF16 = SourceUnits(utf16: Array(source.utf16))
            var u16 = 0, u8 = 0, scalars = 0
            for scalar in source.unicodeScalars {
                for unit in OffsetUnit.allCases {
                    let expected = unit == .utf16 ? u16 : unit == .utf8 ? u8 : scalars
                    #expect(units.convert(utf16: u16, to: unit) == expected)
                    #expect(fromUTF16.convert(utf16: u16, to: unit) == expected)
                    #expect(units.utf16(from: expected, in: unit) == u16)
                }
                if scalar.utf16.count == 2 { #expect(units.isInsidePair(u16 + 1)) }
                if scalar.utf8.count > 1 { #expect(units.utf16(from: u8 + 1, in: .utf8) == nil) }
                u16 += scalar.utf16.count; u8 += scalar.utf8.count; scalars += 1
            }
            for unit in OffsetUnit.allCases {
                let end = unit == .utf16 ? u16 : unit == .utf8 ? u8 : scalars
                #expect(units.convert(utf16: u16, to: unit) == end)
                #expect(units.utf16(from: end, in: unit) == u16)
                #expect(units.utf16(from: end + 1, in: unit) == nil)
            }
        }
    }

    @Test func graphemeIndices() {
        let source = "a👨‍👩‍👧e\u{301}🇨🇳b"
        let graphemes = SourceGraphemes(source)
        #expect(graphemes.count == 5)
        #expect(graphemes.graphemeIndex(of: SourceIndex(0)) == 0)
        #expect(graphemes.graphemeIndex(of: SourceIndex(1)) == 1)
        #expect(graphemes.graphemeIndex(of: SourceIndex(3)) == 1)  // inside the family
        #expect(graphemes.graphemeIndex(of: SourceIndex(9)) == 2)  // e + U+0301
        #expect(graphemes.graphemeIndex(of: SourceIndex(11)) == 3)
        #expect(graphemes.graphemeIndex(of: SourceIndex(15)) == 4)
        #expect(graphemes.graphemeIndex(of: SourceIndex(16)) == 5)
        #expect(!graphemes.isBoundary(SourceIndex(10)) && graphemes.isBoundary(SourceIndex(11)))
    }
}
