import BubbleFonts
import BubbleTestSupport
import Testing

/// Caches kept across messages key a face by its serial, which no later face reuses (an address would be:
/// a face made after another is freed may land where it was).
@Suite struct FaceSerialTests {
    @Test func aFaceMadeAfterAnotherIsFreedHasItsOwnSerial() throws {
        var serials: [UInt64] = []
        for path in [Fonts.dejaVuSans, Fonts.notoSansCJK, Fonts.dejaVuSans] {
            serials.append(try FontFace(source: FontSource(path: path, index: path == Fonts.notoSansCJK ? 2 : 0)).serial)
        }
        #expect(Set(serials).count == serials.count)
        #expect(serials == serials.sorted())
    }
}
