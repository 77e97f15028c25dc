import BubbleMapping
import Testing

@Suite struct OffsetMapIdentityTests {
    @Test func plainTextMapsOneToOneAndReportsEveryUnit() {
        let source = "a😀é中"
        let mapped = MappedText(plain: source)
        #expect(mapped.text.count == 5)
        let map = mapped.offsets
        #expect(map.source(MappedIndex(3)) == SourceIndex(3))
        #expect(map.report(SourceIndex(3), in: .utf8) == 5)     // a(1) + 😀(4)
        #expect(map.report(SourceIndex(3), in: .scalars) == 2)
        #expect(map.report(SourceIndex(5), in: .utf8) == 10)
        #expect(map.report(SourceIndex(5), in: .scalars) == 4)
    }
}
