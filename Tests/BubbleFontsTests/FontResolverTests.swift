@testable import BubbleFonts
import Testing

/// What the fallback look-ups cost and keep for code points no installed font draws.
@Suite struct FontResolverTests {
    /// Plane 15's private use area: no font in Debian's Noto and DejaVu packages covers it.
    static let uncovered = Array(UInt32(0xF0000)..<0xF0400)

    /// A message can carry thousands of distinct code points no font covers: each is answered without a
    /// sort of every installed font and is not kept (before, each cost a sort under the resolver's lock,
    /// about 2.4 ms, and an entry in the cache for good). Other suites look fonts up at the same time, so
    /// the counts are compared with the 1,024 code points asked, not with zero.
    @Test func codePointsNoFontCoversCostNoSortAndAreNotKept() {
        let resolver = FontResolver.shared
        let sorts = resolver.sortCount, kept = resolver.coverageCacheCount
        for scalar in Self.uncovered { #expect(resolver.face(covering: scalar) == nil) }
        for scalar in Self.uncovered.prefix(64) {
            #expect(resolver.face(covering: [0x0B95, scalar], language: "ta") == nil)  // a cluster: Tamil KA + one
        }
        #expect(resolver.sortCount - sorts < Self.uncovered.count / 2)
        #expect(resolver.coverageCacheCount - kept < Self.uncovered.count / 2)
    }

    /// Code points some installed font covers are still found, one by one and as a cluster.
    @Test func coveredCodePointsAreStillFound() throws {
        let resolver = FontResolver.shared
        let tamil = try #require(resolver.face(covering: [0x0B95, 0x0BBF], language: "ta"))  // கி
        #expect(tamil.path.contains("Tamil"))
        #expect(resolver.face(covering: 0x0B95) != nil)
        #expect(resolver.face(covering: 0x10D0) != nil)  // Georgian AN
    }
}
