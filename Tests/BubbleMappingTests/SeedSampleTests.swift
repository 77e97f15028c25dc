import Testing
@testable import BubbleMapping

/// The seed article's sample (article 004): emoji first, then the hyperlink map.
@Suite struct SeedSampleTests {
    static let sample = "很久很久以前[emoji],在一个群里,生活着@百度、@腾讯这样的居民,后来,一个[emoji]叫做@谷歌的人入侵了这个村庄,他的同伙@脸书让整个群里变得淫荡无比。从此[emoji],迎来了污妖王的时代。污妖王,我当定了![emoji]"
    static let linkMap = ["@百度": "https://www.baidu.com", "@腾讯": "https://www.qq.com",
                          "@谷歌": "https://www.google.com", "@脸书": "https://www.facebook.com"]

    // Worked out by hand. Every character is one UTF-16 unit; `[emoji]` is 7 units and becomes 1, so after
    // the k-th token mapped = source − 6k.
    //   很久很久以前 0–5 · [emoji] 6..<13 → m6
    //   ,在一个群里,生活着 13–22 · @百度 23..<26 → m17..<m20 · 、26 · @腾讯 27..<30 → m21..<m24
    //   这样的居民,后来,一个 30–40 · [emoji] 41..<48 → m35
    //   叫做 48–49 · @谷歌 50..<53 → m38..<m41 · 的人入侵了这个村庄,他的同伙 53–66 · @脸书 67..<70 → m55..<m58
    //   让整个群里变得淫荡无比。从此 70–83 · [emoji] 84..<91 → m72
    //   ,迎来了污妖王的时代。污妖王,我当定了! 91–110 · [emoji] 111..<118 → m93; mapped length 94.
    @Test func placeholdersAndLinks() throws {
        let mapped = try mapper(MappingOptions(linkMap: Self.linkMap)).map(Self.sample)
        #expect(mapped.text.count == 94)
        #expect(mapped.offsets.sourceLength == 118)
        #expect(mapped.placeholders.map(\.index.utf16) == [6, 35, 72, 93])
        for placeholder in mapped.placeholders {
            #expect(mapped.text[placeholder.index.utf16] == placeholderCharacter)
            #expect(placeholder.content == .token(name: "emoji", unicode: nil, image: fixtures + "/images/emoji.svg"))
            #expect(placeholder.width == 20 && placeholder.height == 20 && placeholder.alignment == .baseline)
            #expect(placeholder.ascent == 16 && placeholder.descent == 4)
        }
        #expect(mapped.placeholders.map { mapped.offsets.source($0.index..<($0.index + 1)) }.map { $0.lowerBound.utf16..<$0.upperBound.utf16 }
                == [6..<13, 41..<48, 84..<91, 111..<118])

        #expect(mapped.links.map(\.kind) == [.link, .link, .link, .link])
        #expect(mapped.links.map(\.target) == ["https://www.baidu.com", "https://www.qq.com",
                                               "https://www.google.com", "https://www.facebook.com"])
        #expect(mapped.links.map { $0.range.lowerBound.utf16..<$0.range.upperBound.utf16 }
                == [17..<20, 21..<24, 38..<41, 55..<58])
        #expect(mapped.links.map { mapped.sourceRange($0.range, in: .utf16) } == [23..<26, 27..<30, 50..<53, 67..<70])
        // Scalars equal UTF-16 here (no astral characters); UTF-8: 14 CJK × 3 + 9 ASCII bytes precede @百度.
        #expect(mapped.links.map { mapped.sourceRange($0.range, in: .scalars) } == [23..<26, 27..<30, 50..<53, 67..<70])
        #expect(mapped.sourceRange(mapped.links[0].range, in: .utf8) == 51..<58)
        #expect(annotate(mapped) == "很久很久以前{emoji},在一个群里,生活着<l:@百度>、<l:@腾讯>这样的居民,后来,一个{emoji}叫做<l:@谷歌>的人入侵了这个村庄,他的同伙<l:@脸书>让整个群里变得淫荡无比。从此{emoji},迎来了污妖王的时代。污妖王,我当定了!{emoji}")
        #expect(reconstructSource(mapped) == Array(Self.sample.utf16))
    }

    /// Without the map, a CJK mention runs to the next non-letter (CJK has no spaces): detection is no
    /// substitute for the seed's map.
    @Test func detectionWithoutMap() throws {
        let mapped = try mapper().map(Self.sample)
        #expect(mapped.links.map(\.kind) == [.mention, .mention, .mention, .mention])
        #expect(mapped.links.first?.target == "@百度")
        #expect(mapped.links[1].target == "@腾讯这样的居民")
    }
}
