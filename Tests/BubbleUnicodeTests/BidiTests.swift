import BubbleUnicode
import Testing

@Suite struct BidiTests {
    @Test func hebrewParagraphIsRightToLeft() throws {
        let text = Array("שלום world".utf16)
        let (base, levels) = try BidiResolver().levels(of: text[...], direction: .auto)
        #expect(base == 1)
        #expect(levels.prefix(4).allSatisfy { $0 == 1 })
        #expect(levels.suffix(5).allSatisfy { $0 == 2 })
    }

    @Test func latinTextSkipsICU() throws {
        let (base, levels) = try BidiResolver().levels(of: Array("hello".utf16)[...], direction: .auto)
        #expect(base == 0 && levels == [0, 0, 0, 0, 0])
    }

    @Test func visualOrderReversesRightToLeftRuns() {
        #expect(BidiResolver.visualOrder(levels: [1, 1, 1]) == [2, 1, 0])
        #expect(BidiResolver.visualOrder(levels: [0, 1, 1, 0]) == [0, 2, 1, 3])
    }
}
