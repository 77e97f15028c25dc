@testable import BubbleTypesetting
import BubbleFonts
import BubbleMapping
import Testing

/// Issue 20: every distinct word style used to be appended to a list scanned per word and indexed in 16 bits
/// (a trap at 65,536 styles); now styles are hashed, and a full table starts a new generation.
@Suite struct WordStyleBoundsTests {
    @Test func distinctSizesStartNewGenerationsAndShapeTheSame() throws {
        let typesetter = try Typesetter(fonts: FallbackChain())
        let cache = ShapeCache(capacity: 1 << 12)
        let count = ShapedWordTable.maxStyles + 300
        for k in 0..<count {
            let size = 10 + Double(k) / 256
            let style = ParagraphStyle(fontSize: size)
            let cached = typesetter.shape(MappedText(plain: "Hello world \(k % 7)"), style: style, cache: cache)
            #expect(cache.styleCount <= ShapedWordTable.maxStyles)
            if k % 997 == 0 || k == count - 1 {
                let plain = typesetter.shape(MappedText(plain: "Hello world \(k % 7)"), style: style)
                #expect(cached.glyphs.map(\.id) == plain.glyphs.map(\.id))
                #expect(cached.width(0..<cached.count) == plain.width(0..<plain.count))
            }
        }
        #expect(cache.styleGenerations >= 1)
        // Words of the current generation still hit.
        let before = cache.hits
        _ = typesetter.shape(MappedText(plain: "Hello world 1"), style: ParagraphStyle(fontSize: 10 + Double(count - 1) / 256), cache: cache)
        #expect(cache.hits > before)
    }
}
