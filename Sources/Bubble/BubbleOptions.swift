public import BubbleMapping
public import BubbleTypesetting
public import BubbleUnicode
public import FoundationEssentials

/// Every option of a layout. Library fields, JSON keys and CLI flags share these names
/// (`maxWidth` ↔ `--max-width`). `nil` means the default, so two option sets merge by taking the
/// first non-nil value (a CLI flag wins over an options file, a message's options over a batch's).
public struct BubbleOptions: Codable, Sendable, Equatable {
    // Geometry
    /// Max bubble width in px, padding included (default 280).
    public var maxWidth: Double?
    /// Lines shown at most over the whole message; 0 = no limit (default).
    public var maxLines: Int?
    /// Padding in px: one number, or `{top, right, bottom, left}` (default 8 above and below, 12 at the sides).
    public var padding: Padding?
    /// Split lines into pages of at most this many px.
    public var pageHeight: Double?
    /// Narrowest width that keeps the same line count (no lonely last word).
    public var balance: Bool?
    // Text
    /// Font size in px (default 16).
    public var fontSize: Double?
    /// Family names or font file paths, in fallback order.
    public var fonts: [String]?
    /// A multiplier of the font size (number), or px (`"24px"`).
    public var lineHeight: LineHeightValue?
    public var lineSpacing: Double?
    public var paragraphSpacing: Double?
    public var firstLineIndent: Double?
    public var alignment: TextAlignment?
    public var direction: TextDirection?
    /// BCP 47 language for shaping (`ja`, `zh-Hant`).
    public var language: String?
    // Emoji
    /// Path of an emoji catalog (default: Bubble's own `Emoji/catalog.json`).
    public var catalog: String?
    /// Emoji box size in px (default 1.25 × fontSize).
    public var emojiSize: Double?
    public var emojiAlign: PlaceholderAlignment?
    // Links
    /// Detect mentions and URLs (default true).
    public var linkify: Bool?
    /// Exact text → URL; wins over detection (`{"@百度": "https://www.baidu.com"}`).
    public var linkMap: [String: String]?
    // Truncation
    /// The default truncation token (default `…`).
    public var ellipsis: String?
    /// A custom token: text, or `{text, url}` for a tappable `more` link.
    public var truncationToken: TruncationToken?
    // Report
    public var offsets: OffsetUnit?
    /// `error` (default) or `replace` (with U+FFFD).
    public var invalidUTF8: InvalidUTF8Policy?
    /// Longest accepted message in UTF-8 bytes (default 65536).
    public var maxMessageLength: Int?
    // SVG
    public var theme: Theme?
    public var debug: Bool?

    public init() {}

    /// The padding of a chat bubble when none is given: 8 px above and below, 12 px at the sides.
    public static let defaultPadding = EdgeInsets(top: 8, right: 12, bottom: 8, left: 12)

    /// `padding`, or ``defaultPadding``.
    public var resolvedPadding: EdgeInsets { padding?.insets ?? BubbleOptions.defaultPadding }

    /// Every key a JSON options object may hold.
    public static let keys: Set<String> = [
        "maxWidth", "maxLines", "padding", "pageHeight", "balance", "fontSize", "fonts", "lineHeight", "lineSpacing",
        "paragraphSpacing", "firstLineIndent", "alignment", "direction", "language", "catalog", "emojiSize", "emojiAlign",
        "linkify", "linkMap", "ellipsis", "truncationToken", "offsets", "invalidUTF8", "maxMessageLength", "theme", "debug",
    ]

    /// Decodes a JSON object of options (UTF-8). Not JSON, or a bare value, is a `malformed_json` error;
    /// an array, an unknown key or a wrong type is `invalid_options`.
    public static func decode(json data: Data) throws(BubbleError) -> BubbleOptions {
        do {
            return try JSONDecoder().decode(CheckedOptions.self, from: data).options
        } catch let error as BubbleError {
            throw error
        } catch {  // CheckedOptions throws only BubbleError: anything else is the parser's
            throw BubbleError(code: "malformed_json", message: "options are not valid JSON")
        }
    }

    /// These options with every nil field taken from `base`.
    public func merged(over base: BubbleOptions) -> BubbleOptions {
        var o = self
        o.maxWidth = maxWidth ?? base.maxWidth
        o.maxLines = maxLines ?? base.maxLines
        o.padding = padding ?? base.padding
        o.pageHeight = pageHeight ?? base.pageHeight
        o.balance = balance ?? base.balance
        o.fontSize = fontSize ?? base.fontSize
        o.fonts = fonts ?? base.fonts
        o.lineHeight = lineHeight ?? base.lineHeight
        o.lineSpacing = lineSpacing ?? base.lineSpacing
        o.paragraphSpacing = paragraphSpacing ?? base.paragraphSpacing
        o.firstLineIndent = firstLineIndent ?? base.firstLineIndent
        o.alignment = alignment ?? base.alignment
        o.direction = direction ?? base.direction
        o.language = language ?? base.language
        o.catalog = catalog ?? base.catalog
        o.emojiSize = emojiSize ?? base.emojiSize
        o.emojiAlign = emojiAlign ?? base.emojiAlign
        o.linkify = linkify ?? base.linkify
        o.linkMap = linkMap ?? base.linkMap
        o.ellipsis = ellipsis ?? base.ellipsis
        o.truncationToken = truncationToken ?? base.truncationToken
        o.offsets = offsets ?? base.offsets
        o.invalidUTF8 = invalidUTF8 ?? base.invalidUTF8
        o.maxMessageLength = maxMessageLength ?? base.maxMessageLength
        o.theme = theme ?? base.theme
        o.debug = debug ?? base.debug
        return o
    }

    /// Checks ranges; the error names the key and the value.
    public func validate() throws(BubbleError) {
        func positive(_ key: String, _ v: Double?, max: Double) throws(BubbleError) {
            guard let v else { return }
            guard v.isFinite, v > 0, v <= max else { throw .outOfRange(key, "\(v)", "a number > 0 and ≤ \(Int(max))") }
        }
        func nonNegative(_ key: String, _ v: Double?, max: Double) throws(BubbleError) {
            guard let v else { return }
            guard v.isFinite, v >= 0, v <= max else { throw .outOfRange(key, "\(v)", "a number ≥ 0 and ≤ \(Int(max))") }
        }
        func within(_ key: String, _ v: Double?, _ bound: NumberBound) throws(BubbleError) {
            if let v, !bound.contains(v) { throw .outOfRange(key, "\(v)", bound.expected) }
        }
        try within("maxWidth", maxWidth, InputBounds.maxWidth)
        try within("fontSize", fontSize, InputBounds.fontSize)
        try positive("pageHeight", pageHeight, max: 10_000_000)
        try within("emojiSize", emojiSize, InputBounds.emojiSize)
        try nonNegative("lineSpacing", lineSpacing, max: 1000)
        try nonNegative("paragraphSpacing", paragraphSpacing, max: 1000)
        try nonNegative("firstLineIndent", firstLineIndent, max: 10_000)
        if let m = maxLines, m < 0 || m > 1_000_000 { throw .outOfRange("maxLines", "\(m)", "0 (no limit) to 1000000") }
        if let m = maxMessageLength, m < 1 || m > 1 << 30 { throw .outOfRange("maxMessageLength", "\(m)", "1 to 1073741824 bytes") }
        if let p = padding {
            for (k, v) in [("top", p.insets.top), ("right", p.insets.right), ("bottom", p.insets.bottom), ("left", p.insets.left)] {
                try nonNegative("padding.\(k)", v, max: 10_000)
            }
        }
        switch lineHeight {
        case .multiple(let m)?: try positive("lineHeight", m, max: 100)
        case .pixels(let px)?: try positive("lineHeight", px, max: 10_000)
        case nil: break
        }
        try within("theme.cornerRadius", theme?.cornerRadius, InputBounds.cornerRadius)
        if let language, LanguageTag.normalized(language) == nil {
            throw .outOfRange("language", "'\(language.prefix(64))'", "a BCP 47 tag (zh-Hans, ja) of at most \(LanguageTag.maxLength) characters")
        }
        if let fonts, fonts.isEmpty { throw .outOfRange("fonts", "[]", "at least one family or path") }
        if let t = truncationToken, t.text.utf16.count > 256 { throw .outOfRange("truncationToken", "\(t.text.utf16.count) units long", "at most 256") }
        if let e = ellipsis, e.utf16.count > 256 { throw .outOfRange("ellipsis", "\(e.utf16.count) units long", "at most 256") }
    }
}

/// Padding: one number for every side, or an object with `top`, `right`, `bottom`, `left`.
public struct Padding: Codable, Sendable, Equatable {
    public var insets: EdgeInsets

    public init(_ insets: EdgeInsets) { self.insets = insets }

    public init(from decoder: Decoder) throws {
        let c = try decoder.singleValueContainer()
        if let all = try? c.decode(Double.self) {
            insets = EdgeInsets(all: all)
        } else {
            struct Sides: Codable { var top, right, bottom, left: Double? }
            let s = try c.decode(Sides.self)
            insets = EdgeInsets(top: s.top ?? 0, right: s.right ?? 0, bottom: s.bottom ?? 0, left: s.left ?? 0)
        }
    }

    public func encode(to encoder: Encoder) throws {
        var c = encoder.singleValueContainer()
        try c.encode(insets)
    }
}

/// `lineHeight`: a number is a multiple of the font size; a string `"24px"` (or `"24"`) is px.
public enum LineHeightValue: Codable, Sendable, Equatable {
    case multiple(Double)
    case pixels(Double)

    public init(from decoder: Decoder) throws {
        let c = try decoder.singleValueContainer()
        if let m = try? c.decode(Double.self) { self = .multiple(m); return }
        let s = try c.decode(String.self).trimmingSpaces
        guard let px = Double(s.hasSuffix("px") ? String(s.dropLast(2)) : s) else {
            throw DecodingError.dataCorruptedError(in: c, debugDescription: "expected a number (a multiplier) or \"Npx\"")
        }
        self = .pixels(px)
    }

    public func encode(to encoder: Encoder) throws {
        var c = encoder.singleValueContainer()
        switch self {
        case .multiple(let m): try c.encode(m)
        case .pixels(let px): try c.encode("\(px)px")
        }
    }

    /// Parses a CLI value: `1.4` or `24px`.
    public init?(argument: String) {
        if argument.hasSuffix("px"), let px = Double(argument.dropLast(2)) { self = .pixels(px) }
        else if let m = Double(argument) { self = .multiple(m) }
        else { return nil }
    }
}

extension String {
    /// The string without leading and trailing spaces and tabs (what Foundation's `.whitespaces` trims:
    /// U+0009 and every space separator, Zs).
    fileprivate var trimmingSpaces: String {
        func isSpace(_ s: Unicode.Scalar) -> Bool { s == "\t" || s.properties.generalCategory == .spaceSeparator }
        let scalars = unicodeScalars
        guard let first = scalars.firstIndex(where: { !isSpace($0) }) else { return "" }
        let last = scalars.lastIndex(where: { !isSpace($0) })!
        return String(scalars[first...last])
    }
}

/// The truncation token: plain text, or text with a URL (a tappable link of kind `more`).
public struct TruncationToken: Codable, Sendable, Equatable {
    public var text: String
    public var url: String?

    public init(text: String, url: String? = nil) {
        self.text = text
        self.url = url
    }

    public init(from decoder: Decoder) throws {
        let c = try decoder.singleValueContainer()
        if let s = try? c.decode(String.self) { text = s; url = nil; return }
        struct Object: Codable { var text: String; var url: String? }
        let o = try c.decode(Object.self)
        text = o.text
        url = o.url
    }
}

/// What to do with bytes that are not UTF-8: `error` (reject, `invalid_utf8`) or `replace` (U+FFFD).
public typealias InvalidUTF8Policy = MappingOptions.InvalidUTF8Policy

/// SVG colors and shape of the bubble.
public struct Theme: Codable, Sendable, Equatable {
    /// `incoming` (light bubble on the left) or `outgoing` (colored bubble on the right).
    public var style: String?
    public var text: String?
    public var link: String?
    public var bubble: String?
    public var highlight: String?
    public var cornerRadius: Double?

    public init(style: String? = nil, text: String? = nil, link: String? = nil, bubble: String? = nil,
                highlight: String? = nil, cornerRadius: Double? = nil) {
        self.style = style
        self.text = text
        self.link = link
        self.bubble = bubble
        self.highlight = highlight
        self.cornerRadius = cornerRadius
    }
}
