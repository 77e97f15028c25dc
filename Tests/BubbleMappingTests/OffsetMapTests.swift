import Testing
@testable import BubbleMapping

@Suite struct OffsetMapTests {
    /// "ab" + [emoji]→U+FFFC + "cd" + "\"→"" + "[x]": source 2+7+2+1+3 = 15, mapped 2+1+2+0+3 = 8.
    static func sample() -> OffsetMap {
        var builder = OffsetMap.Builder()
        builder.copy(2)
        builder.replace(source: 7, mapped: 1)
        builder.copy(2)
        builder.replace(source: 1, mapped: 0)
        builder.copy(3)
        return builder.build(sourceUTF16: Array(#"ab[emoji]cd\[x]"#.utf16))
    }

    @Test func lengthsAndPieces() {
        let map = Self.sample()
        #expect(map.mappedLength == 8 && map.sourceLength == 15)
        #expect(map.pieces.map(\.copies) == [true, false, true, false, true])
        #expect(map.pieces.map(\.source) == [0..<2, 2..<9, 9..<11, 11..<12, 12..<15])
        #expect(map.pieces.map(\.mapped) == [0..<2, 2..<3, 3..<5, 5..<5, 5..<8])
    }

    @Test func mappedToSource() {
        let map = Self.sample()
        #expect((0...8).map { map.source(MappedIndex($0)).utf16 } == [0, 1, 2, 9, 10, 12, 13, 14, 15])
        // Ranges: a placeholder covers its whole token; deletions at the edges stay outside.
        #expect(map.source(MappedIndex(2)..<MappedIndex(3)) == SourceIndex(2)..<SourceIndex(9))
        #expect(map.source(MappedIndex(3)..<MappedIndex(5)) == SourceIndex(9)..<SourceIndex(11))
        #expect(map.source(MappedIndex(5)..<MappedIndex(8)) == SourceIndex(12)..<SourceIndex(15))
        #expect(map.source(MappedIndex(4)..<MappedIndex(6)) == SourceIndex(10)..<SourceIndex(13))
        #expect(map.source(MappedIndex(5)..<MappedIndex(5)) == SourceIndex(12)..<SourceIndex(12))
    }

    @Test func sourceToMapped() {
        let map = Self.sample()
        #expect((0...15).map { map.mapped(SourceIndex($0)).utf16 } == [0, 1, 2, 2, 2, 2, 2, 2, 2, 3, 4, 5, 5, 6, 7, 8])
    }

    @Test func deletionAtStartAndReplacementAtEnd() {
        var builder = OffsetMap.Builder()
        builder.replace(source: 3, mapped: 0)
        builder.copy(1)
        builder.replace(source: 4, mapped: 1)
        let map = builder.build(source: "<b>x<br>")
        #expect(map.source(MappedIndex(0)) == SourceIndex(3))
        #expect(map.source(MappedIndex(0)..<MappedIndex(1)) == SourceIndex(3)..<SourceIndex(4))
        #expect(map.source(MappedIndex(1)..<MappedIndex(2)) == SourceIndex(4)..<SourceIndex(8))
        #expect(map.mapped(SourceIndex(1)) == MappedIndex(0))
    }

    @Test func identityAndReporting() {
        let map = OffsetMap(identity: "a😀é")
        #expect(map.pieces.count == 1)
        #expect(map.source(MappedIndex(3)) == SourceIndex(3))
        #expect(map.report(SourceIndex(3), in: .utf8) == 5)
        #expect(map.report(SourceIndex(3), in: .scalars) == 2)
        #expect(map.report(SourceIndex(4), in: .utf8) == 7)
    }

    @Test func emptyMaps() {
        let map = OffsetMap.Builder().build(source: "")
        #expect(map.source(MappedIndex(0)) == SourceIndex(0))
        #expect(map.mapped(SourceIndex(0)) == MappedIndex(0))
        #expect(OffsetMap(identity: "").pieces.isEmpty)
    }

    @Test func sourceUnitsFromStringAndUTF16Agree() {
        for text in ["", "abc", "é", "中文", "😀", "a😀b中é", "👨‍👩‍👧🇨🇳"] {
            let a = SourceUnits(text), b = SourceUnits(utf16: Array(text.utf16))
            for offset in 0...text.utf16.count {
                for unit in OffsetUnit.allCases {
                    #expect(a.convert(utf16: offset, to: unit) == b.convert(utf16: offset, to: unit) || a.isInsidePair(offset))
                }
            }
        }
        // A lone surrogate counts as a 3-byte scalar, like its U+FFFD.
        let lone = SourceUnits(utf16: [0x61, 0xD800, 0x62])
        #expect(lone.convert(utf16: 2, to: .utf8) == 4 && lone.convert(utf16: 3, to: .scalars) == 3)
    }
}
