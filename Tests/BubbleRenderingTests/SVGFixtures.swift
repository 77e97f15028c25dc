import Bubble
import BubbleMapping
import BubbleTestSupport
import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif

/// Fonts load once for the whole suite.
let chain = try! FallbackChain()

/// The repository's root, for the emoji catalog's images.
let repositoryRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

/// Reads catalog images from the repository's `Emoji/` folder, as the engine does from the catalog's.
let catalogImages: @Sendable (String) -> [UInt8]? = { name in
    FileManager.default.contents(atPath: repositoryRoot.appendingPathComponent("Emoji").appendingPathComponent(name).path).map { [UInt8]($0) }
}

/// Lays out `text` as plain text with the default chain.
func layout(_ text: String, width: Double = 240, padding: Double = 10, maxLines: Int = 0) throws -> BubbleLayout {
    try layout(MappedText(plain: text), width: width, padding: padding, maxLines: maxLines)
}

func layout(_ mapped: MappedText, width: Double = 240, padding: Double = 10, maxLines: Int = 0) throws -> BubbleLayout {
    let shaped = try Typesetter(fonts: chain).shape(mapped)
    let lines = shaped.layOut(LayoutConstraints(maxWidth: width - 2 * padding, maxLines: maxLines))
    return BubbleLayout(lines, padding: EdgeInsets(all: padding))
}

/// A message with every kind of thing the SVG draws: a mention, a web link, a `javascript:` link,
/// a catalog sticker, an image span with an external source, a highlight and a color emoji.
func richMessage() -> MappedText {
    var text = ""
    var links: [Link] = []
    var placeholders: [Placeholder] = []
    var highlights: [Highlight] = []
    func append(_ s: String) -> Range<MappedIndex> {
        let start = text.utf16.count
        text += s
        return MappedIndex(start)..<MappedIndex(text.utf16.count)
    }
    _ = append("Hi ")
    links.append(Link(kind: .mention, range: append("@alice"), target: "@alice"))
    _ = append(", see ")
    links.append(Link(kind: .url, range: append("https://example.com/a?b=1&c=2"), target: "https://example.com/a?b=1&c=2"))
    _ = append(" party ")
    placeholders.append(Placeholder(index: append("\u{FFFC}").lowerBound, content: .token(name: "party", unicode: nil, image: "images/party.svg")))
    _ = append(" photo ")
    placeholders.append(Placeholder(index: append("\u{FFFC}").lowerBound, content: .image(source: "https://evil.example/track.png")))
    _ = append(" ")
    links.append(Link(kind: .link, range: append("click me"), target: "javascript:alert(1)"))
    _ = append(" ")
    highlights.append(Highlight(range: append("important"), textColor: "#B00020", backgroundColor: "#FFF3A0"))
    _ = append(" 😀 done")
    return MappedText(text: Array(text.utf16), placeholders: placeholders, links: links, highlights: highlights,
                      offsets: OffsetMap(identity: text))
}

/// What an SVG document holds, read with Foundation's XMLParser.
final class SVGDocument: NSObject, XMLParserDelegate {
    var elements: [(name: String, attributes: [String: String])] = []
    var title = ""
    private var inTitle = false
    private(set) var error: Error?

    init(_ svg: String) {
        super.init()
        let parser = XMLParser(data: Data(svg.utf8))
        parser.delegate = self
        if !parser.parse() { error = parser.parserError ?? CocoaError(.coderReadCorrupt) }
    }

    func parser(_ parser: XMLParser, didStartElement name: String, namespaceURI: String?, qualifiedName: String?,
                attributes: [String: String] = [:]) {
        elements.append((name, attributes))
        inTitle = name == "title"
    }

    func parser(_ parser: XMLParser, didEndElement name: String, namespaceURI: String?, qualifiedName: String?) {
        if name == "title" { inTitle = false }
    }

    func parser(_ parser: XMLParser, foundCharacters string: String) {
        if inTitle { title += string }
    }

    func parser(_ parser: XMLParser, parseErrorOccurred parseError: Error) { error = parseError }

    func count(_ name: String) -> Int { elements.filter { $0.name == name }.count }
}
