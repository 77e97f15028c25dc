@testable import BubbleTypesetting
import BubbleFonts
import BubbleMapping
import Testing

/// A word longer than `Typesetter.longestCachedWord` (a URL, mostly) is kept by the word cache the second
/// time it is shaped, and shapes the same kept or not.
@Suite struct LongWordCacheTests {
    static let url = "https://www.example.com/watch/video/2024-06-01?utm_source=chat&id=5669929"

    @Test func aLongWordIsKeptTheSecondTimeAndShapesTheSame() throws {
        let typesetter = try Typesetter(fonts: FallbackChain())
        let cache = ShapeCache(capacity: 1 << 12)
        let text = "see " + Self.url + " now"
        #expect(Self.url.utf16.count > Typesetter.longestCachedWord)
        let plain = typesetter.shape(MappedText(plain: text), style: ParagraphStyle())
        var kept: [Int] = [], hits: [Int] = []
        for _ in 0..<3 {
            let before = cache.hits
            let shaped = typesetter.shape(MappedText(plain: text), style: ParagraphStyle(), cache: cache)
            kept.append(cache.wordCount)
            hits.append(cache.hits - before)
            #expect(shaped.glyphs.map(\.id) == plain.glyphs.map(\.id))
            #expect(shaped.glyphs.map(\.cluster) == plain.glyphs.map(\.cluster))
            #expect(shaped.advanceBefore == plain.advanceBefore)
        }
        // "see " and "now" are kept at once, the URL at its second shaping; the third finds all three.
        #expect(kept == [2, 3, 3])
        #expect(hits == [0, 2, 3])
    }

    @Test func longWordsSeenOnceTakeNoRoom() throws {
        let typesetter = try Typesetter(fonts: FallbackChain())
        let cache = ShapeCache(capacity: 1 << 12)
        for k in 0..<200 {
            _ = typesetter.shape(MappedText(plain: Self.url + "&n=\(k)"), style: ParagraphStyle(), cache: cache)
        }
        #expect(cache.wordCount == 0)
    }

    @Test func aWordLongerThanARecordIsShapedInPlace() throws {
        let typesetter = try Typesetter(fonts: FallbackChain())
        let cache = ShapeCache(capacity: 1 << 12)
        let word = String(repeating: "abcdefgh", count: 40)  // 320 units: more than a record holds
        #expect(word.utf16.count > ShapedWordTable.longestWord)
        let plain = typesetter.shape(MappedText(plain: word), style: ParagraphStyle())
        for _ in 0..<3 {
            let shaped = typesetter.shape(MappedText(plain: word), style: ParagraphStyle(), cache: cache)
            #expect(shaped.glyphs.map(\.id) == plain.glyphs.map(\.id))
        }
        #expect(cache.wordCount == 0)
    }
}
