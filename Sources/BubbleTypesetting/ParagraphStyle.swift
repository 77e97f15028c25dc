public import BubbleMapping
public import BubbleUnicode

/// Everything about the text that shaping depends on: the width does not appear here, so one
/// ``ShapedText`` serves every width.
public struct ParagraphStyle: Sendable, Equatable {
    /// Default font size in px.
    public var fontSize: Double = 16
    /// Base direction of every paragraph.
    public var direction: TextDirection = .auto
    /// Default emoji box size in px; nil means 1.25 × fontSize.
    public var emojiSize: Double?
    /// Default vertical placement of inline boxes.
    public var emojiAlign: PlaceholderAlignment = .center
    /// The text that ends a truncated last line (`…` by default).
    public var truncationToken: String = "…"
    /// BCP 47 language for shaping (picks CJK glyph variants, for one), or nil for the default.
    public var language: String?
    /// The factor a jumbo-emoji message is scaled by (``fontSize`` and ``emojiSize`` already are;
    /// placeholders with their own size are scaled by it when resolved), or nil for any other message.
    package var jumboScale: Double?
    /// Tab stops every this many spaces of the primary face (CSS `tab-size`, whose default is 8).
    public var tabSize: Double = ParagraphStyle.defaultTabSize
    /// Combining marks drawn on one base at most; the rest of a longer stack is dropped.
    ///
    /// The deepest clusters of real text carry 4 to 7 marks (Tibetan Sanskrit stacks, Vedic Devanagari with
    /// its accents, Hebrew with points and cantillation; Vietnamese needs 2), so 8 draws all of them and
    /// stops a "Zalgo" stack of dozens or thousands at a height the line can grow to hold. Unicode's
    /// Stream-Safe Text Format (UAX #15) allows 30 non-starters in a row: the largest value accepted.
    public var maxMarksPerCluster: Int = ParagraphStyle.defaultMaxMarksPerCluster
    /// How faces are chosen for what the primary face lacks (``FontFallback``): per word by default.
    public var fontFallback: FontFallback = .word

    public static let defaultTabSize = 8.0
    public static let defaultMaxMarksPerCluster = 8

    public init(fontSize: Double = 16, direction: TextDirection = .auto, emojiSize: Double? = nil,
                emojiAlign: PlaceholderAlignment = .center, truncationToken: String = "…", language: String? = nil,
                tabSize: Double = ParagraphStyle.defaultTabSize, maxMarksPerCluster: Int = ParagraphStyle.defaultMaxMarksPerCluster,
                fontFallback: FontFallback = .word) {
        self.fontSize = fontSize
        self.direction = direction
        self.emojiSize = emojiSize
        self.emojiAlign = emojiAlign
        self.truncationToken = truncationToken
        self.language = language
        self.tabSize = tabSize
        self.maxMarksPerCluster = maxMarksPerCluster
        self.fontFallback = fontFallback
    }
}

/// CSS-like line height: a multiple of the font size, or a fixed number of px.
public enum LineHeight: Sendable, Equatable {
    case multiple(Double)
    case pixels(Double)
}

/// Horizontal alignment of lines inside the bubble's content box.
public enum TextAlignment: String, Sendable, Codable, CaseIterable {
    /// Left in a left-to-right paragraph, right in a right-to-left one.
    case start
    case end
    case center
}

/// What changes from one layout of the same shaped text to the next.
public struct LayoutConstraints: Sendable, Equatable {
    // Stored eight-byte fields first, then the optionals, then the one-byte fields: 120 bytes rather than
    // 129 in the order they read best. A copy of at most 128 bytes is a few moves; a longer one is a call
    // to memcpy, and a layout copies its constraints several times.
    /// Width available to the text, px (the bubble's max width less its padding).
    public var maxWidth: Double
    /// Lines of the whole message shown at most; 0 means no limit.
    public var maxLines: Int = 0
    /// Extra px between two lines.
    public var lineSpacing: Double = 0
    /// Extra px after each paragraph but the last.
    public var paragraphSpacing: Double = 0
    /// Indent of each paragraph's first line, px.
    public var firstLineIndent: Double = 0
    /// How far ink may reach above and below a line box before the line grows to hold it, px: the
    /// bubble's top and bottom padding. The first line's ink then stays inside the top padding, the last
    /// line's inside the bottom padding, and a middle line's reaches at most that far into its
    /// neighbour: nothing is drawn outside the bubble, and ordinary text (an Arabic mark, a Vietnamese
    /// capital) keeps the line height browsers give it.
    package var inkAllowanceAbove = 0.0
    package var inkAllowanceBelow = 0.0
    /// px before ``statusSlot`` when it shares the last line.
    public var statusGap: Double = 0
    /// Room kept at the end of the last line (or on a line of its own) for the client's time and
    /// ticks, or nil for none; ``statusGap`` px go before it when it shares the line.
    public var statusSlot: StatusSlot?
    /// Fixed line height, or nil for each line's own ascent + descent.
    public var lineHeight: LineHeight?
    /// Split lines into pages of at most this height, px.
    public var pageHeight: Double?
    public var alignment: TextAlignment = .start
    /// Atomic links (`Link/isAtomic`: every link whose text starts with `@`, whatever its source, and links
    /// the caller marks) stay whole on a line: no UAX #14 break inside one, unless it alone is wider than the
    /// line (then it breaks at graphemes). False gives plain UAX #14 everywhere (option `atomicLinks`).
    public var atomicLinks = true
    /// URLs stay whole unless wider than a line (on by default): a URL that fits on the next line moves
    /// there whole, as Chromium moves it, rather than leaving `https://` or a path fragment behind; one
    /// wider than a line breaks after `/ ? & = -` first, then between graphemes, where `bubble html`
    /// puts its `<wbr>`.
    package var keepURLsWhole = true
    /// Which opportunities lines end at (``LineBreaking``): `standard` by default; `web` for a browser
    /// drawing the text with its own plain CSS.
    public var lineBreaking: LineBreaking = .standard
    /// How each line's height is measured (``LineMetrics``): `exact` by default.
    public var lineMetrics: LineMetrics = .exact
    /// Line feeds and spaces that end the message make lines of their own, as in a `<textarea>`. Off by
    /// default: a browser draws `a\n` as one line, and a chat bubble should not grow an empty last line.
    public var keepTrailingBreaks = false
    /// Lay out at the narrowest width that keeps the line count, so the last line is not left with one
    /// lonely word (CSS `text-wrap: balance`; option `balance`).
    public var balance = false

    public init(maxWidth: Double, maxLines: Int = 0, lineHeight: LineHeight? = nil, lineSpacing: Double = 0,
                paragraphSpacing: Double = 0, firstLineIndent: Double = 0, alignment: TextAlignment = .start,
                pageHeight: Double? = nil) {
        self.maxWidth = maxWidth
        self.maxLines = maxLines
        self.lineHeight = lineHeight
        self.lineSpacing = lineSpacing
        self.paragraphSpacing = paragraphSpacing
        self.firstLineIndent = firstLineIndent
        self.alignment = alignment
        self.pageHeight = pageHeight
    }
}
