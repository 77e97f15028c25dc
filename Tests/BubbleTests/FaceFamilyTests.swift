import Bubble
import Foundation
import Testing

/// `<font face>` in markup and `face` in spans (issue 15, item 7): a family from `faceFamilies` draws
/// what it covers, the rest falls back as usual, and the face reaches the JSON's `fonts`, the SVG and
/// the HTML. A name outside the list is a warning in markup and an error in spans, and never reaches
/// fontconfig.
@Suite struct FaceFamilyTests {
    static let engine = try! BubbleEngine()

    func layout(markup: String, options: BubbleOptions? = nil) throws -> BubbleLayout {
        try Self.engine.layout(Message(body: .markup(markup)), options: options)
    }

    func families(_ layout: BubbleLayout) -> [String] { layout.shaped.faces.map(\.family) }

    @Test func markupFaceDrawsWithThatFamilysFile() throws {
        let layout = try self.layout(markup: #"Hello <font face="DejaVu Serif">Hello</font>"#)
        #expect(families(layout).contains("DejaVu Serif"), "\(families(layout))")
        let json = JSONRenderer(includeFonts: true).render(layout)
        #expect(json.contains(#""family":"DejaVu Serif""#) && json.contains("DejaVuSerif.ttf"), "\(json)")
        #expect(!json.contains("warnings"))
        // The serif run is the second "Hello": wider than the sans one in DejaVu's metrics.
        let runs = layout.shaped.runs.filter { $0.placeholder == nil }
        let serif = try #require(runs.first { layout.shaped.face(of: $0)?.family == "DejaVu Serif" })
        #expect(serif.range == 6..<11)
    }

    @Test func aFaceChangesTheWidthWhereTheFamilyDiffers() throws {
        let plain = try layout(markup: "Hello world").lineLayout.lines[0].width
        let serif = try layout(markup: #"<font face="DejaVu Serif">Hello world</font>"#).lineLayout.lines[0].width
        let sans = try layout(markup: #"<font face="dejavu sans">Hello world</font>"#).lineLayout.lines[0].width
        #expect(abs(serif - plain) > 1, "\(serif) vs \(plain)")
        #expect(abs(sans - plain) < 0.001, "DejaVu Sans is the chain's first face already")
    }

    @Test func charactersTheFamilyLacksFallBack() throws {
        let layout = try self.layout(markup: #"<font face="DejaVu Serif">ab 你好</font>"#)
        let shaped = layout.shaped
        for run in shaped.runs {
            let family = shaped.face(of: run)?.family
            if run.range.lowerBound < 2 { #expect(family == "DejaVu Serif") }
            if run.range.lowerBound >= 3 { #expect(family == "Noto Sans CJK SC", "\(run.range): \(family ?? "-")") }
        }
        #expect(shaped.unresolvedGlyphs == 0)
    }

    @Test(arguments: ["Comic Sans MS", "/etc/fonts/evil.ttf", "Noto Sans Mono"])
    func anUnknownMarkupFaceFallsBackWithAWarning(name: String) throws {
        let layout = try self.layout(markup: "<font face=\"\(name)\">Hello</font>")
        let plain = try self.layout(markup: "Hello")
        #expect(families(layout) == families(plain))
        #expect(layout.lineLayout.lines[0].width == plain.lineLayout.lines[0].width)
        let warnings = layout.shaped.mapped.warnings
        #expect(warnings.map(\.code) == ["face_not_allowed"])
        #expect(warnings.first?.message.contains(name) == true)
        let json = JSONRenderer().render(layout)
        #expect(json.contains(#""warnings":[{"code":"face_not_allowed""#), "\(json)")
        // What is drawn is the plain text's drawing.
        #expect(try Self.engine.svg(Message(body: .markup("<font face=\"\(name)\">Hello</font>")))
                == Self.engine.svg(Message(body: .markup("Hello"))))
    }

    @Test func faceFamiliesDecidesWhatIsAllowed() throws {
        var o = BubbleOptions()
        o.faceFamilies = ["Noto Serif"]
        let refused = try layout(markup: #"<font face="DejaVu Serif">Hello</font>"#, options: o)
        #expect(refused.shaped.mapped.warnings.count == 1)
        #expect(!families(refused).contains("DejaVu Serif"))
        let allowed = try layout(markup: #"<font face="NOTO SERIF">Hello</font>"#, options: o)
        #expect(families(allowed).contains("Noto Serif"))
        o.faceFamilies = []
        #expect(try layout(markup: #"<font face="Noto Serif">Hello</font>"#, options: o).shaped.mapped.warnings.count == 1)
        o.faceFamilies = ["/usr/share/fonts/truetype/dejavu/DejaVuSerif.ttf"]
        #expect(throws: BubbleError.self) { try layout(markup: "x", options: o) }
    }

    @Test func spansTakeAFaceAndRefuseAnUnknownOne() throws {
        let good = try Self.engine.layout(Message(body: .spans([Span(type: .txt, content: "Hello "),
                                                                Span(type: .txt, content: "world", face: "DejaVu Serif")])))
        #expect(families(good).contains("DejaVu Serif"))
        do {
            _ = try Self.engine.layout(Message(body: .spans([Span(type: .txt, content: "Hello", face: "Comic Sans MS")])))
            Issue.record("an unknown span face must be an error")
        } catch {
            #expect(error.code == "font_not_allowed")
            #expect(error.message.contains("Comic Sans MS") && error.message.contains("segment 0"), "\(error.message)")
        }
        // The JSON reader takes the key.
        let spans = try Span.decodeArray(Array(#"[{"type":"txt","content":"a","face":"Noto Serif"}]"#.utf8))
        #expect(spans.first?.face == "Noto Serif")
    }

    @Test func theFaceReachesTheSVGAndTheHTML() throws {
        let markup = #"<font face="DejaVu Serif">Hello</font>"#
        #expect(try Self.engine.svg(Message(body: .markup(markup))) != Self.engine.svg(Message(body: .markup("Hello"))))
        let html = try Self.engine.html(Message(body: .markup(markup)), fontBaseURL: "/fonts/")
        #expect(html.contains("font-family:'bubble-DejaVuSerif',var(--bubble-fonts)"), "\(html)")
        #expect(html.contains(#"@font-face{font-family:"bubble-DejaVuSerif""#), "\(html)")
    }

    /// `code` and `pre` draw in the monospace face, and the HTML names that face, so a browser draws
    /// the same widths (it used to draw them in the bubble's first family).
    @Test func codeNamesTheMonospaceFaceInTheHTML() throws {
        let message = Message(text: "run swift build now", entities: [MessageEntity(type: .code, offset: 4, length: 11)])
        let layout = try Self.engine.layout(message)
        #expect(families(layout).contains("DejaVu Sans Mono"), "\(families(layout))")
        let html = try Self.engine.html(message, fontBaseURL: "/fonts/")
        #expect(html.contains("font-family:'bubble-DejaVuSansMono',var(--bubble-fonts);\">swift build</span>"), "\(html)")
    }

    /// DejaVu Sans has Arabic letters; DejaVu Sans Oblique has none. Italic Arabic stays in the upright
    /// file, slanted (as a browser synthesizes it), instead of drawing two missing-glyph boxes.
    @Test func italicTheItalicFaceLacksIsTheUprightFaceSlanted() throws {
        let text = "نه چطور؟"
        let italic = try Self.engine.layout(Message(text: text, entities: [MessageEntity(type: .italic, offset: 0, length: 2)]))
        let plain = try Self.engine.layout(Message(text: text))
        #expect(italic.shaped.unresolvedGlyphs == 0)
        #expect(abs(italic.size.width - plain.size.width) < 0.01)
        let slanted = try #require(italic.shaped.faces.first { $0.syntheticItalic })
        #expect(slanted.family == "DejaVu Sans" && !slanted.style.lowercased().contains("oblique"))
        let json = JSONRenderer(includeFonts: true).render(italic)
        #expect(json.contains(#""synthetic":["italic"]"#), "\(json)")
        // Latin in the same family still takes the family's own oblique file.
        let latin = try Self.engine.layout(Message(text: "no way", entities: [MessageEntity(type: .italic, offset: 0, length: 2)]))
        #expect(latin.shaped.faces.contains { $0.style == "Oblique" && !$0.syntheticItalic }, "\(latin.shaped.faces.map(\.style))")
    }

    /// A stream of made-up names costs no fontconfig query and no cache entry: the mapper drops them.
    @Test func hostileNamesDoNotGrowTheFamilyCache() throws {
        let engine = try BubbleEngine()
        let chain = engine.defaultChain
        let before = chain.familyCount
        for i in 0..<500 {
            let layout = try engine.layout(Message(body: .markup("<font face=\"Evil \(i)\">x</font>")))
            #expect(layout.shaped.mapped.warnings.count == 1)
        }
        #expect(chain.familyCount == before)
        // Even names asked for directly stay within the cap.
        for i in 0..<(FallbackChain.maxFamilies * 2) { _ = chain.familyFace("Nowhere \(i)") }
        #expect(chain.familyCount <= FallbackChain.maxFamilies)
    }
}
