import BubbleMapping
@testable import BubbleTypesetting
import Testing

/// `lineBreaking: web`: Blink's opportunities between printable ASCII characters, ICU's elsewhere, and a
/// word wider than the line cut where the line is full (`overflow-wrap: anywhere`).
@Suite struct WebLineBreakingTests {
    func webLines(_ text: String, width: Double) throws -> LineLayout {
        let shaped = try Typesetter(fonts: chain).shape(MappedText(plain: text), style: ParagraphStyle())
        var c = LayoutConstraints(maxWidth: width)
        c.lineBreaking = .web
        return shaped.layOut(c)
    }

    /// The break offsets the web rules give `text`, from a single-paragraph shaping.
    func opportunities(_ text: String) throws -> [Int] {
        let shaped = try Typesetter(fonts: chain).shape(MappedText(plain: text), style: ParagraphStyle())
        let wrapper = LineWrapper(shaped: shaped, atomicLinks: true, rules: .web)
        return Array(wrapper.breaks[wrapper.paragraphBreaks(0)])
    }

    @Test func hyphenBreaksBeforeADigitOnlyAfterALetterOrDigit() throws {
        #expect(try opportunities("ABCD-1234").contains(5))
        #expect(try opportunities("2024-06").contains(5))
        #expect(try !opportunities("a -5").contains(3))
        #expect(try opportunities("well-known").contains(5))
        #expect(try !opportunities("a-.b").contains(2))
    }

    @Test func questionMarkBreaksBeforeAWordButNotBeforeClosingPunctuation() throws {
        #expect(try opportunities("wiki?utm").contains(5))
        #expect(try !opportunities("why?)").contains(4))
    }

    @Test func noOpportunityAfterASlashOrInsideAURLsHost() throws {
        let text = "https://en.wikipedia.org/watch/s"
        #expect(try opportunities(text) == [text.utf16.count])
    }

    @Test func anOpeningBracketMayStartALineAfterPunctuation() throws {
        #expect(try opportunities("a,(b)").contains(2))
        #expect(try !opportunities("f(x)").contains(1))
    }

    @Test func aRunOfSpacesIsAlwaysAnOpportunity() throws {
        // UAX #14 keeps `{ return` together (LB14: an opening bracket and its spaces) and ` ?` (LB13);
        // Blink breaks after every run of spaces.
        let code = "f(s) { return"
        let icu = try Typesetter(fonts: chain).shape(MappedText(plain: code), style: ParagraphStyle()).breaks
        #expect(!icu.contains(7))
        #expect(try opportunities(code).contains(7))
        #expect(try opportunities("why   ?").contains(6))
        #expect(try !opportunities("why   ?").contains(4))  // never before a space
    }

    @Test func anInlineImageIsAnOpportunityOnBothSidesExceptBeforeASpace() throws {
        // UAX #14 keeps closing punctuation after an image (`[smile]。`) and an opening bracket before it.
        let text = "です\u{FFFC}。「\u{FFFC} ok"
        let shaped = try Typesetter(fonts: chain).shape(mapped(text, placeholders: [2, 5]), style: ParagraphStyle())
        #expect(!shaped.breaks.contains(3) && !shaped.breaks.contains(5))
        let wrapper = LineWrapper(shaped: shaped, atomicLinks: true, rules: .web)
        let web = Array(wrapper.breaks[wrapper.paragraphBreaks(0)])
        #expect(web.contains(2) && web.contains(3) && web.contains(5))
        #expect(!web.contains(6))
    }

    @Test func aHyphenBetweenHebrewLettersIsAnOpportunity() throws {
        // Unicode 15.1's LB21a (Chromium's ICU) breaks `כל-|כך`; Bubble's ICU (15.0) does not.
        let text = "לא כל-כך טוב"
        let icu = try Typesetter(fonts: chain).shape(MappedText(plain: text), style: ParagraphStyle()).breaks
        #expect(!icu.contains(6))
        #expect(try opportunities(text).contains(6))
        #expect(try !opportunities("כל-é").contains(3))  // LB21a still keeps a hyphen after a Hebrew letter before others
    }

    @Test func nonASCIITextKeepsICUOpportunities() throws {
        let text = "很久很久以前，在一个群里 héllo wörld"
        let shaped = try Typesetter(fonts: chain).shape(MappedText(plain: text), style: ParagraphStyle())
        #expect(try opportunities(text) == shaped.breaks)
    }

    @Test func aURLWiderThanTheLineIsCutWhereTheLineIsFull() throws {
        let text = "see https://en.wikipedia.org/watch/a1b2c3d4e5f6/video"
        let layout = try webLines(text, width: 150)
        let lines = lineTexts(layout)
        #expect(lines.joined() == text)
        #expect(lines[0] == "see ")  // no opportunity after https:// — the URL moves down
        for (i, line) in layout.lines.enumerated() where i > 0 && i < layout.lines.count - 1 {
            #expect(line.width <= 150)
            // Full: one more grapheme would not fit.
            let next = try webLines(lines[i] + String(lines[i + 1].first!), width: 10_000).lines[0].width
            #expect(next > 150, "line \(i) \(lines[i]) is not full")
        }
    }

    @Test func everyLineFitsAndTheTextIsKept() throws {
        let samples = ["ABCD-1234-5678-abcd?x=1&y=2 (see [this]) {ok} <tag> a-b-c-d-e",
                       "Tranquilo/a. Lo primero https://t.co/2024-06-01/watch?utm_source=wechat&id=5991125 ok",
                       "مرحبا https://example.com/a-b?c=d שלום", "🙂 a-1 b?c 你好-世界"]
        for text in samples {
            for width in stride(from: 40.0, through: 300, by: 37) {
                let layout = try webLines(text, width: width)
                #expect(lineTexts(layout).joined() == text)
                    #expect(layout.lines.allSatisfy { $0.width <= width + 1e-6 })
            }
        }
    }
}
