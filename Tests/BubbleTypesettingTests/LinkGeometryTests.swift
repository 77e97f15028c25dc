import BubbleFonts
import BubbleMapping
import BubbleTestSupport
import BubbleTypesetting
import BubbleUnicode
import Testing

/// Links as a tap target: whole on a line when atomic, one rect per visual run of their own glyphs, hits only
/// where their glyphs are — and the same for highlights and emoji — in both directions.
@Suite struct AtomicLinkTests {
    let typesetter = try! Typesetter(fonts: chain)

    func shaped(_ message: Message, linkMap: [String: String] = [:]) throws -> ShapedText {
        typesetter.shape(try Mapper(options: MappingOptions(linkMap: linkMap)).map(message))
    }

    /// Every line end strictly inside an atomic link, at every width: only allowed when the link alone is
    /// wider than the line.
    func splitsOfAtomicLinks(_ shaped: ShapedText, widths: some Sequence<Double>, atomicLinks: Bool = true) -> [String] {
        var found: [String] = []
        for width in widths {
            var c = LayoutConstraints(maxWidth: width)
            c.atomicLinks = atomicLinks
            let layout = shaped.layOut(c)
            for line in layout.lines.dropLast() {
                let cut = line.range.upperBound
                for link in shaped.mapped.links where link.isAtomic {
                    let r = link.range.lowerBound.utf16..<link.range.upperBound.utf16
                    guard r.lowerBound < cut && cut < r.upperBound else { continue }
                    if shaped.width(r) <= width {
                        found.append("\(width): " + String(decoding: shaped.mapped.text[r], as: UTF16.self))
                    }
                }
            }
        }
        return found
    }

    @Test func aLinkSpanMentionNeverBreaksAtItsHyphen() throws {
        let spans: [Span] = [.txt("please ask "), Span(type: .link, content: "@alice-smith", url: "https://a.example"),
                             .txt(" or "), Span(type: .link, content: "order 12-34/56", url: "https://o.example", atomic: true),
                             .txt(" today")]
        let text = try shaped(Message(spans: spans))
        #expect(text.mapped.links.allSatisfy { $0.isAtomic })
        #expect(splitsOfAtomicLinks(text, widths: stride(from: 30.0, through: 300, by: 1)) == [])
        // Plain UAX #14 (atomicLinks off) does break there at some width: the check above can fail.
        #expect(!splitsOfAtomicLinks(text, widths: stride(from: 30.0, through: 300, by: 1), atomicLinks: false).isEmpty)
    }

    @Test func markupAndLinkMapMentionsStayWhole() throws {
        let markup = #"谢谢<a href="https://a.example">@王小明</a>和@李四帮忙，还有@张三-李"#
        let text = try shaped(Message(markup: markup, linkMap: ["@李四": "https://li.example"]), linkMap: [:])
        #expect(text.mapped.links.count == 3)
        #expect(text.mapped.links.allSatisfy { $0.isAtomic })
        #expect(splitsOfAtomicLinks(text, widths: stride(from: 20.0, through: 260, by: 1)) == [])
    }

    @Test func aMentionWiderThanTheLineBreaksAtGraphemes() throws {
        let text = try shaped(Message(text: "hi @supercalifragilistic-x ok"))
        let layout = text.layOut(LayoutConstraints(maxWidth: 90))
        let mention = text.mapped.links[0].range
        let inside = layout.lines.map(\.range.upperBound).filter { $0 > mention.lowerBound.utf16 && $0 < mention.upperBound.utf16 }
        #expect(!inside.isEmpty)
        #expect(inside.allSatisfy { text.graphemeStarts[$0] })
        #expect(layout.lines.allSatisfy { $0.width <= 90 + 1e-6 })
        // The line before the mention ends before its `@`: the mention starts a line of its own.
        #expect(layout.lines.contains { $0.range.lowerBound == mention.lowerBound.utf16 })
    }
}

/// Mixed-direction chat text from a seeded generator: RTL words with Latin mentions and URLs, Latin with RTL
/// mentions, numbers, emoji.
func randomBidiMessage(_ g: inout SeededGenerator) -> (text: String, direction: TextDirection) {
    let rtl = ["שלום", "מחר", "בבקשה", "היום", "مرحبا", "غدا", "الساعة", "سلام", "فردا", "لطفاً", "جلسه"]
    let ltr = ["hello", "and", "friends", "see", "the", "meeting", "Bubble"]
    let mentions = ["@bob", "@alice-smith", "@דנה", "@علی", "@نوا.לוי", "@a_b", "@百度"]
    let urls = ["https://example.com/a?b=1", "www.example.co.il/map", "https://x.org/שלום"]
    let numbers = ["42", "2024-06-01", "3.14", "١٢٣", "۱۴۰۳", "+972-50-1234567"]
    let emoji = ["😀", "👍🏽", "🇮🇱", "❤️", "👨‍👩‍👧"]
    var words: [String] = []
    let base = Int.random(in: 0..<3, using: &g)  // mostly RTL, mostly LTR, mixed
    for _ in 0..<Int.random(in: 2...22, using: &g) {
        switch Int.random(in: 0..<10, using: &g) {
        case 0, 1: words.append(mentions.randomElement(using: &g)!)
        case 2: words.append(urls.randomElement(using: &g)!)
        case 3: words.append(numbers.randomElement(using: &g)!)
        case 4: words.append(emoji.randomElement(using: &g)!)
        default:
            let useRTL = base == 0 ? Int.random(in: 0..<5, using: &g) > 0 : base == 1 ? Int.random(in: 0..<5, using: &g) == 0 : Bool.random(using: &g)
            words.append((useRTL ? rtl : ltr).randomElement(using: &g)!)
        }
    }
    var text = ""
    for (i, w) in words.enumerated() {
        if i > 0 { text += ["", " ", " ", " ", ", ", "! ", "\u{2005}"].randomElement(using: &g)! }
        text += w
    }
    return (text, [TextDirection.auto, .auto, .rtl, .ltr].randomElement(using: &g)!)
}

@Suite struct BidiRectTests {
    let typesetter = try! Typesetter(fonts: chain)

    func layout(_ text: String, width: Double, direction: TextDirection = .auto,
                highlights: [SourceHighlight] = []) throws -> BubbleLayout {
        let mapped = try Mapper().map(Message(text: text, highlights: highlights))
        let shaped = typesetter.shape(mapped, style: ParagraphStyle(direction: direction))
        return BubbleLayout(shaped.layOut(LayoutConstraints(maxWidth: width)), padding: EdgeInsets(top: 8, right: 12, bottom: 8, left: 12))
    }

    /// Sum of the advances of the glyphs (and boxes) of mapped `range` drawn on the layout's lines.
    static func advance(of range: Range<Int>, in layout: BubbleLayout) -> Double {
        var sum = 0.0
        for fragment in layout.lineLayout.fragments {
            switch fragment.kind {
            case .placeholder: if range.overlaps(fragment.range) { sum += fragment.width }
            case .token: break
            case let .glyphs(_, glyphRange):
                for k in glyphRange where range.contains(Int(layout.shaped.glyphs[k].cluster)) {
                    sum += Double(layout.shaped.glyphs[k].advance)
                }
            }
        }
        return sum
    }

    /// x spans (bubble space) of glyphs outside `range` with an advance, with the y span of their line.
    static func foreignSpans(of range: Range<Int>, in layout: BubbleLayout) -> [(line: ClosedRange<Double>, x: ClosedRange<Double>)] {
        var result: [(ClosedRange<Double>, ClosedRange<Double>)] = []
        for line in layout.lineLayout.lines {
            let top = line.top + layout.padding.top...line.top + line.height + layout.padding.top
            for f in line.fragments {
                let fragment = layout.lineLayout.fragments[f]
                switch fragment.kind {
                case .placeholder, .token:
                    if !range.overlaps(fragment.range) || fragment.range.isEmpty {
                        result.append((top, fragment.x + layout.padding.left...fragment.x + fragment.width + layout.padding.left))
                    }
                case let .glyphs(_, glyphRange):
                    var x = fragment.x + layout.padding.left
                    for k in glyphRange {
                        let a = Double(layout.shaped.glyphs[k].advance)
                        if a > 0 && !range.contains(Int(layout.shaped.glyphs[k].cluster)) { result.append((top, x...x + a)) }
                        x += a
                    }
                }
            }
        }
        return result
    }

    /// The rects of `range` cover exactly its glyphs: widths add up to their advances, and no rect overlaps a
    /// glyph outside the range by more than float noise.
    func checkRects(_ rects: [Rect], of range: Range<Int>, in layout: BubbleLayout, _ what: String) {
        let total = rects.reduce(0) { $0 + $1.width }
        #expect(abs(total - Self.advance(of: range, in: layout)) < 0.01, "\(what): rects \(total) px, glyphs \(Self.advance(of: range, in: layout)) px")
        for rect in rects {
            for foreign in Self.foreignSpans(of: range, in: layout) where foreign.line.contains(rect.y + rect.height / 2) {
                let overlap = min(rect.maxX, foreign.x.upperBound) - max(rect.x, foreign.x.lowerBound)
                #expect(overlap < 0.01, "\(what): rect \(rect) covers a glyph at \(foreign.x) outside its range")
            }
        }
    }

    @Test func anLTRMentionInAnRTLLineCoversOnlyItself() throws {
        let layout = try layout("שלום @bob and friends היום", width: 400)
        let box = try #require(layout.links.first)
        #expect(box.link.kind == .mention)
        // `@` is neutral between RTL text and `bob`: bidi shows it after "bob and friends"; two rects, neither
        // over "and friends" (the old single rect was about 140 px wide).
        #expect(box.rects.count == 2)
        checkRects(box.rects, of: box.range, in: layout, "@bob")
        #expect(box.rects.reduce(0) { $0 + $1.width } < 50)
        // Tapping "and friends" finds no link.
        let line = layout.lineLayout.lines[0]
        let y = line.top + layout.padding.top + line.height / 2
        let friends = Array("שלום @bob and friends היום".utf16)
        let andRange = 10..<21
        #expect(String(decoding: friends[andRange], as: UTF16.self) == "and friends")
        var sawFriends = false
        for x in stride(from: 0.0, through: layout.size.width, by: 0.5) {
            guard let hit = layout.hitTest(x: x, y: y) else { continue }
            let under = hit.affinity == .leading ? hit.offset : hit.offset - 1
            if andRange.contains(under) { sawFriends = true; #expect(hit.link == nil, "x \(x) over \(under)") }
        }
        #expect(sawFriends)
    }

    @Test func sweptHitsAndRectWidthsOverMixedDirectionText() throws {
        var g = SeededGenerator(seed: 14_2026)
        var linksChecked = 0, emojiChecked = 0, highlightsChecked = 0, linkHits = 0
        for _ in 0..<160 {
            let (text, direction) = randomBidiMessage(&g)
            let units = text.utf16.count
            var highlights: [SourceHighlight] = []
            if Bool.random(using: &g) {
                // A highlight on scalar boundaries: the start and end of two random words.
                let utf16 = Array(text.utf16)
                var starts = [0]
                for (i, u) in utf16.enumerated() where u == 0x20 { starts.append(i + 1) }
                let a = starts.randomElement(using: &g)!, b = starts.randomElement(using: &g)!
                let lower = min(a, b), upper = max(a, b) == lower ? units : max(a, b)
                highlights = [SourceHighlight(start: lower, end: upper, backgroundColor: "yellow")]
            }
            let width = Double.random(in: 80...320, using: &g)
            let layout = try layout(text, width: width, direction: direction, highlights: highlights)
            let what = "\(text.debugDescription) \(direction) at \(width)"
            for box in layout.links { checkRects(box.rects, of: box.range, in: layout, "link \(box.range) of \(what)"); linksChecked += 1 }
            for box in layout.highlights { checkRects(box.rects, of: box.range, in: layout, "highlight of \(what)"); highlightsChecked += 1 }
            for e in layout.emoji {
                checkRects([e.rect], of: e.range, in: layout, "emoji \(e.unicode ?? "") of \(what)")
                emojiChecked += 1
            }
            // Sweep every line: whatever a hit returns holds the grapheme under the point, and a point on a
            // link's, emoji's or highlight's glyph returns it.
            for (index, line) in layout.lineLayout.lines.enumerated() {
                let y = line.top + layout.padding.top + line.height / 2
                for x in stride(from: 0.0, through: layout.size.width, by: 0.37) {
                    let hit = try #require(layout.hitTest(x: x, y: y))
                    #expect(hit.line == index)
                    let under = hit.affinity == .leading ? hit.offset : hit.offset - 1
                    if let i = hit.link {
                        linkHits += 1
                        #expect(layout.links[i].range.contains(under), "hit at \(x) returns link \(layout.links[i].range) for \(under) in \(what)")
                    }
                    if let i = hit.emoji { #expect(layout.emoji[i].range.contains(under), "emoji at \(x) in \(what)") }
                    if let i = hit.highlight { #expect(layout.highlights[i].range.contains(under), "highlight at \(x) in \(what)") }
                    let onText = x > line.x + layout.padding.left && x < line.x + line.width + layout.padding.left
                    if onText, let owner = layout.links.firstIndex(where: { $0.range.contains(under) }) {
                        #expect(hit.link == owner, "x \(x) on \(under) of link \(layout.links[owner].range) found \(String(describing: hit.link)) in \(what)")
                    }
                }
            }
        }
        // The generator produced what the test is about.
        #expect(linksChecked > 300 && emojiChecked > 100 && highlightsChecked > 30 && linkHits > 1000,
                "\(linksChecked) links, \(emojiChecked) emoji, \(highlightsChecked) highlights, \(linkHits) link hits")
    }
}
