import Bubble
import BubbleTestSupport
import Foundation
import Testing

@Suite struct SVGRendererTests {
    func render(_ layout: BubbleLayout, debug: Bool = false, theme: SVGTheme = SVGTheme()) -> String {
        SVGRenderer(theme: theme, debug: debug, glyphs: GlyphPathCache(), emojiFace: chain.faces.last, catalogImage: catalogImages)
            .render(layout)
    }

    @Test(arguments: [false, true])
    func theSVGIsWellFormedAndHasNoScriptEventsOrExternalReferences(debug: Bool) throws {
        let svg = render(try layout(richMessage()), debug: debug)
        let document = SVGDocument(svg)
        #expect(document.error == nil, "\(String(describing: document.error))")
        #expect(document.elements.first?.name == "svg")
        #expect(!svg.contains("<script"))
        #expect(!svg.lowercased().contains("href=\"javascript:"))
        #expect(!svg.contains("evil.example"))
        for (name, attributes) in document.elements {
            #expect(name != "script" && name != "foreignObject")
            for (key, value) in attributes {
                #expect(!key.lowercased().hasPrefix("on"), "event attribute \(key) on <\(name)>")
                if key == "href" || key == "xlink:href" {
                    let local = value.hasPrefix("#") || value.hasPrefix("data:image/")
                    #expect(local || (name == "a" && value.hasPrefix("https://")), "<\(name) href=\(value.prefix(40))>")
                }
            }
        }
    }

    @Test func markupInTheMessageStaysEscapedText() throws {
        let message = "<script>alert(1)</script> & \"quotes\" 'single'"
        let svg = render(try layout(message))
        let document = SVGDocument(svg)
        #expect(document.error == nil)
        #expect(document.title == message)
        #expect(document.count("script") == 0)
        #expect(svg.contains("&lt;script&gt;alert(1)&lt;/script&gt; &amp; &quot;quotes&quot; &apos;single&apos;"))
    }

    @Test func controlCharactersStillGiveAWellFormedDocument() throws {
        let svg = render(try layout("bell\u{7} escape\u{1B} nul\u{0} end"))
        #expect(SVGDocument(svg).error == nil)
    }

    @Test func eachGlyphIsDefinedOnceHoweverOftenItIsUsed() throws {
        let svg = render(try layout("aaaa aaaa aaaa aaaa", width: 120))
        let document = SVGDocument(svg)
        let paths = document.elements.filter { $0.name == "path" }
        #expect(paths.count == 1, "only the glyph of a is drawn; a space has no outline")
        let uses = document.elements.filter { $0.name == "use" }
        #expect(uses.count == 16)
        let ids = document.elements.compactMap { $0.attributes["id"] }
        #expect(Set(ids).count == ids.count, "ids are unique")
        #expect(uses.allSatisfy { $0.attributes["href"] == "#" + (paths[0].attributes["id"] ?? "") })
    }

    @Test func aColorEmojiEmbedsThePNGFromTheFont() throws {
        _ = try Fonts.require(Fonts.notoColorEmoji, package: "fonts-noto-color-emoji")
        let svg = render(try layout("Yes 😀😀"))
        let document = SVGDocument(svg)
        let images = document.elements.filter { $0.name == "image" }
        #expect(images.count == 1, "the emoji's PNG is defined once and used twice")
        let href = try #require(images.first?.attributes["href"])
        #expect(href.hasPrefix("data:image/png;base64,"))
        let png = try #require(Data(base64Encoded: String(href.dropFirst("data:image/png;base64,".count))))
        #expect(png.starts(with: [0x89, 0x50, 0x4E, 0x47]))
        let width = try #require(images.first?.attributes["width"].flatMap(Double.init))
        #expect(width > 100 && width < 140, "box of about 1.2 em at 100 units per em")
    }

    @Test func onlyWebLinksAreAnchorsAndEveryLinkIsUnderlinedInTheLinkColor() throws {
        let l = try layout(richMessage())
        let theme = SVGTheme()
        let document = SVGDocument(render(l, theme: theme))
        let anchors = document.elements.filter { $0.name == "a" }
        #expect(anchors.map { $0.attributes["href"] } == ["https://example.com/a?b=1&c=2"])
        let linkGroups = document.elements.filter { $0.name == "g" && $0.attributes["fill"] == theme.link }
        #expect(linkGroups.count == 3, "mention, URL and the javascript: link are colored, one group each")
    }

    @Test func catalogStickersAreEmbeddedAndImageSpansAreNeutralBoxes() throws {
        let svg = render(try layout(richMessage()))
        #expect(svg.contains("href=\"data:image/svg+xml;base64,"))
        let document = SVGDocument(svg)
        #expect(document.elements.contains { $0.name == "rect" && $0.attributes["fill"] == "#C7C7CC" })
    }

    @Test func highlightsDrawABackgroundAndTheirTextColor() throws {
        let svg = render(try layout(richMessage()))
        let document = SVGDocument(svg)
        #expect(document.elements.contains { $0.name == "rect" && $0.attributes["fill"] == "#FFF3A0" })
        #expect(document.elements.contains { $0.name == "g" && $0.attributes["fill"] == "#B00020" })
    }

    @Test func outputIsByteIdenticalAcrossRunsAndCaches() throws {
        let a = render(try layout(richMessage()))
        let b = render(try layout(richMessage()))
        let shared = GlyphPathCache()
        _ = SVGRenderer(glyphs: shared).render(try layout("warm the cache with other glyphs: xyz 很久"))
        let c = SVGRenderer(glyphs: shared, emojiFace: chain.faces.last, catalogImage: catalogImages).render(try layout(richMessage()))
        #expect(a == b)
        #expect(a == c)
    }

    /// Glyph drawings of every size (outlines of a few hundred bytes, emoji PNGs of kilobytes) against a
    /// byte cap: the cache keeps what fits, least recently used going first, and renders the same bytes.
    @Test func aByteCapBoundsTheGlyphDrawingsAndChangesNoOutput() throws {
        let cap = 48_000
        let small = GlyphPathCache(capacity: 100_000, bytes: cap)
        var text = "很久很久以前 😀😁😂🤣😃😄😅😆😉😊😋😎😍😘 مرحبا "
        for scalar in 0x4E00..<0x4F00 { text.unicodeScalars.append(Unicode.Scalar(scalar)!) }
        let l = try layout(text)
        let bounded = SVGRenderer(glyphs: small, emojiFace: chain.faces.last, catalogImage: catalogImages).render(l)
        let unbounded = GlyphPathCache()
        let expected = SVGRenderer(glyphs: unbounded, emojiFace: chain.faces.last, catalogImage: catalogImages).render(l)
        #expect(bounded == expected)
        #expect(small.bytes > 0 && small.bytes <= cap, "\(small.bytes)")
        #expect(small.count < unbounded.count)
        #expect(unbounded.bytes > cap)
        let none = GlyphPathCache(capacity: 100, bytes: 0)
        #expect(SVGRenderer(glyphs: none, emojiFace: chain.faces.last, catalogImage: catalogImages).render(l) == expected)
        #expect(none.count == 0 && none.bytes == 0)
    }

    @Test func threadsSharingOneCacheRenderTheSameDocument() throws {
        let shared = GlyphPathCache()
        let layouts = try (0..<8).map { i in try layout(i % 2 == 0 ? richMessage() : MappedText(plain: "Thread \(i): 很久很久以前 😀 مرحبا")) }
        let expected = layouts.map { render($0) }
        let results = Results(count: layouts.count)
        DispatchQueue.concurrentPerform(iterations: layouts.count) { i in
            results.set(i, SVGRenderer(glyphs: shared, emojiFace: chain.faces.last, catalogImage: catalogImages).render(layouts[i]))
        }
        #expect(results.values == expected)
    }

    @Test func theDocumentIsTheBubblesSize() throws {
        let l = try layout("Hello, world", padding: 12)
        let root = try #require(SVGDocument(render(l)).elements.first)
        #expect(root.attributes["width"].flatMap(Double.init).map { abs($0 - l.size.width) < 0.01 } == true)
        #expect(root.attributes["height"].flatMap(Double.init).map { abs($0 - l.size.height) < 0.01 } == true)
        #expect(root.attributes["viewBox"]?.hasPrefix("0 0 ") == true)
    }

    @Test func aThemeColorThatIsNotAColorFallsBackToTheDefault() {
        let theme = SVGTheme(style: .outgoing, text: "url(https://evil.example/x)", bubble: "#123456", cornerRadius: -3)
        #expect(theme.text == "#FFFFFF")
        #expect(theme.bubble == "#123456")
        #expect(theme.cornerRadius == 18)
        #expect(SVGTheme.sanitizedColor("rgb(1, 2, 3)") == "rgb(1, 2, 3)")
        #expect(SVGTheme.sanitizedColor("red\" onload=\"x") == nil)
    }

    @Test func truncationTokenGlyphsAreDrawn() throws {
        let l = try layout("one two three four five six seven eight nine ten eleven twelve", width: 100, maxLines: 2)
        #expect(l.lineLayout.truncated)
        let svg = render(l)
        let ellipsis = try #require(chain.faces[0].glyph(for: 0x2026))
        #expect(svg.contains("href=\"#g0-\(ellipsis)\""))
    }

    @Test func rsvgConvertRasterizesTheSVG() throws {
        let tool = ["/usr/bin/rsvg-convert", "/usr/local/bin/rsvg-convert"].first { FileManager.default.isExecutableFile(atPath: $0) }
        let rsvg = try #require(tool, "rsvg-convert is missing: apt-get install librsvg2-bin")
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("bubble-svg-\(getpid())")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let input = dir.appendingPathComponent("rich.svg"), output = dir.appendingPathComponent("rich.png")
        try render(try layout(richMessage()), debug: true).write(to: input, atomically: true, encoding: .utf8)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: rsvg)
        process.arguments = ["-o", output.path, input.path]
        try process.run()
        process.waitUntilExit()
        #expect(process.terminationStatus == 0)
        let png = try Data(contentsOf: output)
        #expect(png.count > 1000)
        #expect(png.starts(with: [0x89, 0x50, 0x4E, 0x47]))
    }
}

/// Results written by concurrent workers.
final class Results: @unchecked Sendable {
    private let lock = NSLock()
    private var storage: [String]
    init(count: Int) { storage = Array(repeating: "", count: count) }
    func set(_ i: Int, _ value: String) { lock.withLock { storage[i] = value } }
    var values: [String] { lock.withLock { storage } }
}
