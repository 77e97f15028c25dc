import Bubble
import Testing

/// An engine made by `withTypesettersApart()` shares its fonts and plans with the engine it came from but
/// borrows its own typesetters: its word caches fill, and are let go, apart from the other's.
@Suite struct TypesettersApartTests {
    @Test func eachEngineBorrowsAndLetsGoOfItsOwnTypesetters() throws {
        let main = try BubbleEngine()
        let apart = main.withTypesettersApart()
        #expect(main.cacheCounts.idleTypesetters == 0 && apart.cacheCounts.idleTypesetters == 0)

        let text = "Typesetters apart: the same layout from either engine, 很久很久以前"
        let fromMain = JSONRenderer().render(try main.layout(text: text))
        #expect(main.cacheCounts.idleTypesetters == 1 && apart.cacheCounts.idleTypesetters == 0)
        var o = BubbleOptions()
        o.fontSize = 23
        let fromApart = JSONRenderer().render(try apart.layout(text: text))
        _ = try apart.layout(text: text, options: o)
        #expect(main.cacheCounts.idleTypesetters == 1 && apart.cacheCounts.idleTypesetters == 1)
        #expect(fromApart == fromMain)

        // A chain other than the default one is kept by both pools, each with its own idle typesetters.
        o.fonts = ["DejaVu Serif", "Noto Sans CJK SC"]
        #expect(try JSONRenderer().render(apart.layout(text: text, options: o)) == JSONRenderer().render(main.layout(text: text, options: o)))
        #expect(main.cacheCounts.idleTypesetters == 2 && apart.cacheCounts.idleTypesetters == 2)

        apart.releaseIdleTypesetters()
        #expect(main.cacheCounts.idleTypesetters == 2 && apart.cacheCounts.idleTypesetters == 0)
        main.releaseIdleTypesetters()
        #expect(main.cacheCounts.idleTypesetters == 0)
        // A second engine made apart shares the first one's typesetters.
        _ = try apart.layout(text: text)
        #expect(main.withTypesettersApart().cacheCounts.idleTypesetters == 1)
    }
}
