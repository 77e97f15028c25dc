/// One chat message as the user sent it: plain text, spans or markup, with its own links and highlights.
///
/// What "source" means for offsets depends on the format (every reported range is in source offsets):
/// - `text`: the message text itself.
/// - `markup`: the markup string itself, tags and entities included, so offsets point into what was sent.
/// - `entities`: the text (entities only add links and styles).
/// - `spans`: the concatenation of the segments' `content`, where each `img` or `emoji` segment counts as
///   one U+FFFC (see `Message/spansSource(_:)`).
public struct Message: Sendable {
    /// The input formats (`--input`).
    public enum Format: String, Sendable, Codable, CaseIterable {
        case text, spans, markup
        /// Text plus Telegram-style entities (``MessageEntity``); as bytes, one JSON object
        /// `{"text", "entities"}`.
        case entities
    }

    /// The message body.
    public enum Body: Sendable {
        /// Plain text.
        case text(String)
        /// Safe-subset markup (see ``Mapper``).
        case markup(String)
        /// Decoded segments.
        case spans([Span])
        /// Plain text with entities giving its links and styles; the source is the text.
        case entities(String, [MessageEntity])
        /// Raw bytes in the given format: UTF-8 text or markup (checked against `invalidUTF8`), or a spans
        /// JSON array.
        case bytes([UInt8], Format)
    }

    public var body: Body
    /// Per-message link map (exact text → URL), merged over ``MappingOptions/linkMap``.
    public var linkMap: [String: String]
    /// Highlighted ranges, in source offsets of the unit ``MappingOptions/offsets`` names.
    public var highlights: [SourceHighlight]

    public init(body: Body, linkMap: [String: String] = [:], highlights: [SourceHighlight] = []) {
        self.body = body
        self.linkMap = linkMap
        self.highlights = highlights
    }

    /// A plain-text message.
    public init(text: String, linkMap: [String: String] = [:], highlights: [SourceHighlight] = []) {
        self.init(body: .text(text), linkMap: linkMap, highlights: highlights)
    }

    /// A markup message.
    public init(markup: String, linkMap: [String: String] = [:], highlights: [SourceHighlight] = []) {
        self.init(body: .markup(markup), linkMap: linkMap, highlights: highlights)
    }

    /// A spans message.
    public init(spans: [Span], linkMap: [String: String] = [:], highlights: [SourceHighlight] = []) {
        self.init(body: .spans(spans), linkMap: linkMap, highlights: highlights)
    }

    /// A text message with entities (offsets in the unit of ``MappingOptions/offsets``).
    public init(text: String, entities: [MessageEntity], linkMap: [String: String] = [:],
                highlights: [SourceHighlight] = []) {
        self.init(body: .entities(text, entities), linkMap: linkMap, highlights: highlights)
    }

    /// A message received as bytes (UTF-8 text or markup, or a spans JSON array).
    public init(utf8: [UInt8], format: Format = .text, linkMap: [String: String] = [:],
                highlights: [SourceHighlight] = []) {
        self.init(body: .bytes(utf8, format), linkMap: linkMap, highlights: highlights)
    }

    /// The source string of a spans message: `content` of `txt` and `link` segments, one U+FFFC for
    /// each `img` and `emoji` segment.
    package static func spansSource(_ spans: [Span]) -> String {
        var result = ""
        for span in spans {
            switch span.type {
            case .txt, .link: result += span.content ?? ""
            case .img, .emoji: result += "\u{FFFC}"
            }
        }
        return result
    }
}

/// One segment of a spans message: the seed engines' JSON template
/// `{type: txt|img|link|emoji, content, color, size, url, name, width, height}`, plus `atomic` on links.
public struct Span: Sendable, Equatable, Codable {
    /// Segment kinds.
    public enum Kind: String, Sendable, Codable, CaseIterable {
        /// Text (emoji tokens and links are detected in it as in a plain message).
        case txt
        /// An inline image of declared size; `name` (or `content`, or `url`) is its source, never read.
        case img
        /// A link: `content` shown, `url` the target.
        case link
        /// A catalog emoji by `name`.
        case emoji
    }

    public var type: Kind
    public var content: String?
    /// CSS color: a name (`red`), `#RGB` or `#RRGGBB`; `default` or absent inherits.
    public var color: String?
    /// Font size in px.
    public var size: Double?
    public var url: String?
    public var name: String?
    /// Declared image size in px (CSS px), known before any download.
    public var width: Double?
    public var height: Double?
    /// A `link` segment that must stay whole on a line (see ``Link/isAtomic``); a link whose content starts
    /// with `@` is atomic without it.
    public var atomic: Bool?
    /// Font family of a `txt` or `link` segment, one of ``MappingOptions/faceFamilies`` (another is
    /// ``MappingError/faceNotAllowed(index:family:allowed:)``); characters it lacks fall back as usual.
    public var face: String?

    public init(type: Kind, content: String? = nil, color: String? = nil, size: Double? = nil, url: String? = nil,
                name: String? = nil, width: Double? = nil, height: Double? = nil, atomic: Bool? = nil, face: String? = nil) {
        self.atomic = atomic
        self.face = face
        self.type = type
        self.content = content
        self.color = color
        self.size = size
        self.url = url
        self.name = name
        self.width = width
        self.height = height
    }

    /// A text segment.
    package static func txt(_ content: String, color: String? = nil, size: Double? = nil) -> Span {
        Span(type: .txt, content: content, color: color, size: size)
    }
}

/// A highlight requested on the source message (seed 002): a range with a text and a background color.
public struct SourceHighlight: Sendable, Equatable, Codable {
    /// Start and end offsets in the source, in the unit ``MappingOptions/offsets`` names.
    public var start: Int
    public var end: Int
    /// CSS colors (validated like span colors).
    public var textColor: String?
    public var backgroundColor: String?

    public init(start: Int, end: Int, textColor: String? = nil, backgroundColor: String? = nil) {
        self.start = start
        self.end = end
        self.textColor = textColor
        self.backgroundColor = backgroundColor
    }
}
