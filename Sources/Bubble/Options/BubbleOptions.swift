package import BubbleJSON
public import BubbleMapping
public import BubbleTypesetting
public import BubbleUnicode
import BubbleFonts

/// Every option of a layout. Library fields, JSON keys and CLI flags share these names
/// (`maxWidth` ↔ `--max-width`); what each means, its range and its default are declared once, in
/// `OptionTable`, and each field's doc comment is the table's text (a test keeps them equal). `nil`
/// means "not given here": option sets merge level by level (a message's over a request's over the
/// server's), and ``standard`` holds every default.
public struct BubbleOptions: Codable, Sendable, Hashable {
    // Geometry
    /// Max bubble width in px, padding included.
    ///
    /// Default: 280. JSON key `maxWidth`, CLI flag `--max-width`.
    public var maxWidth: Double?
    /// Bubble widths in px, instead of maxWidth: one layout per width, in order, from one shaping ({"layouts":
    /// [...]}).
    ///
    /// Default: one layout at maxWidth. JSON key `widths`, CLI flag `--widths`.
    public var widths: Widths?
    /// Lines shown at most over the whole message; 0 = no limit.
    ///
    /// Default: 0. JSON key `maxLines`, CLI flag `--max-lines`.
    public var maxLines: Int?
    /// Padding in px: one number, four (top,right,bottom,left) or {top, right, bottom, left}.
    ///
    /// Default: 8,12,8,12. JSON key `padding`, CLI flag `--padding`.
    public var padding: Padding?
    /// Split lines into pages of at most this many px.
    ///
    /// Default: no pages. JSON key `pageHeight`, CLI flag `--page-height`.
    public var pageHeight: Double?
    /// Narrowest width that keeps the same line count (no lonely last word).
    ///
    /// Default: false. JSON key `balance`, CLI flag `--balance`.
    public var balance: Bool?
    // Text
    /// Font size in px.
    ///
    /// Default: 16. JSON key `fontSize`, CLI flag `--font-size`.
    public var fontSize: Double?
    /// Font families (or, outside the service, font files) in fallback order.
    ///
    /// Default: ['DejaVu Sans', 'Noto Sans CJK SC', 'Noto Sans', 'Noto Color Emoji']. JSON key `fonts`, CLI flag
    /// `--fonts`.
    public var fonts: [String]?
    /// Font families <font face> in markup and a span's face may name (the server keeps them within
    /// --allow-families); another name is a warning in markup, an error in spans.
    ///
    /// Default: ['DejaVu Sans', 'DejaVu Serif', 'DejaVu Sans Mono', 'Noto Sans', 'Noto Serif']. JSON key
    /// `faceFamilies`, CLI flag `--face-families`.
    public var faceFamilies: [String]?
    /// Line height: a multiple of the font size (1.4), or px ("24px").
    ///
    /// Default: the fonts' own. JSON key `lineHeight`, CLI flag `--line-height`.
    public var lineHeight: LineHeightValue?
    /// Extra px between lines.
    ///
    /// Default: 0. JSON key `lineSpacing`, CLI flag `--line-spacing`.
    public var lineSpacing: Double?
    /// Extra px after each paragraph.
    ///
    /// Default: 0. JSON key `paragraphSpacing`, CLI flag `--paragraph-spacing`.
    public var paragraphSpacing: Double?
    /// Indent of each paragraph's first line, in px.
    ///
    /// Default: 0. JSON key `firstLineIndent`, CLI flag `--first-line-indent`.
    public var firstLineIndent: Double?
    /// Line alignment: start, end or center.
    ///
    /// Default: 'start'. JSON key `alignment`, CLI flag `--alignment`.
    public var alignment: TextAlignment?
    /// Paragraph direction: auto, ltr or rtl.
    ///
    /// Default: 'auto'. JSON key `direction`, CLI flag `--direction`.
    public var direction: TextDirection?
    /// Line heights as exact (fractional; CoreText, Android), web (Blink's whole-px rounding; browsers, WebViews)
    /// or flutter (SkParagraph's whole-px lines; Flutter) measures them.
    ///
    /// Default: 'exact'. JSON key `lineMetrics`, CLI flag `--line-metrics`.
    public var lineMetrics: LineMetrics?
    /// Where lines end: standard (UAX #14; URLs move whole, a longer one breaks after / ? & = -), web (Chromium's
    /// own rules with plain CSS and overflow-wrap: anywhere) or flutter (SkParagraph's, for a Flutter TextSpan),
    /// for clients that draw the text themselves.
    ///
    /// Default: 'standard'. JSON key `lineBreaking`, CLI flag `--line-breaking`.
    public var lineBreaking: LineBreaking?
    /// BCP 47 language for shaping (ja, zh-Hant…).
    ///
    /// Default: none. JSON key `language`, CLI flag `--language`.
    public var language: String?
    /// Tab stops every this many spaces of the primary font (CSS tab-size).
    ///
    /// Default: 8. JSON key `tabSize`, CLI flag `--tab-size`.
    public var tabSize: Double?
    /// Combining marks drawn on one base at most; the rest of a longer stack is dropped (real text needs up to 7).
    ///
    /// Default: 8. JSON key `maxMarksPerCluster`, CLI flag `--max-marks-per-cluster`.
    public var maxMarksPerCluster: Int?
    /// Faces for what the primary font lacks: word (a word of one script in one face when one covers it, so it
    /// keeps its joining) or cluster (each cluster in the first face that has it, as browsers and Flutter fall
    /// back; for clients that draw the text themselves).
    ///
    /// Default: 'word'. JSON key `fontFallback`, CLI flag `--font-fallback`.
    public var fontFallback: FontFallback?
    /// Trailing line feeds and spaces make lines of their own (a browser draws a\n as one line).
    ///
    /// Default: false. JSON key `keepTrailingBreaks`, CLI flag `--keep-trailing-breaks`.
    public var keepTrailingBreaks: Bool?
    // Emoji
    /// An emoji catalog file.
    ///
    /// Default: Bubble's Emoji/catalog.json. JSON key `catalog`, CLI flag `--catalog`.
    public var catalog: String?
    /// Emoji box size in px.
    ///
    /// Default: 1.25 × fontSize. JSON key `emojiSize`, CLI flag `--emoji-size`.
    public var emojiSize: Double?
    /// Emoji placement: center, baseline, top or bottom.
    ///
    /// Default: 'center'. JSON key `emojiAlign`, CLI flag `--emoji-align`.
    public var emojiAlign: PlaceholderAlignment?
    // Links
    /// Detect @mentions and URLs.
    ///
    /// Default: true. JSON key `linkify`, CLI flag `--linkify`.
    public var linkify: Bool?
    /// Exact text → URL, winning over detection ({"@百度": "https://www.baidu.com"}); merges level by level.
    ///
    /// Default: none. JSON key `linkMap`.
    public var linkMap: [String: String]?
    /// Custom link rules on PCRE2, in order after the link map and before detection: built-ins by name (hashtag,
    /// cashtag, email, phone) or {name, pattern, kind, target}.
    ///
    /// Default: none. JSON key `linkRules`.
    public var linkRules: LinkRuleList?
    /// Keep atomic links whole on a line: mentions (links whose text starts with @, from any source) and links
    /// marked atomic break only when wider than the line; false gives plain UAX #14.
    ///
    /// Default: true. JSON key `atomicLinks`, CLI flag `--atomic-links`.
    public var atomicLinks: Bool?
    // Truncation
    /// The truncation token.
    ///
    /// Default: '…'. JSON key `ellipsis`, CLI flag `--ellipsis`.
    public var ellipsis: String?
    /// A custom truncation token ("…more"); with a URL a tappable link of kind more.
    ///
    /// Default: the ellipsis. JSON key `truncationToken`, CLI flag `--truncation-token`.
    public var truncationToken: TruncationToken?
    // Furniture
    /// Room for the client's time and ticks, px {width, height}: at the end of the last line when it fits, else on
    /// a line of its own.
    ///
    /// Default: none. JSON key `statusSlot`, CLI flag `--status-slot`.
    public var statusSlot: StatusSlot?
    /// Px between the last line's text and the status slot.
    ///
    /// Default: 6. JSON key `statusGap`, CLI flag `--status-gap`.
    public var statusGap: Double?
    /// Enlarge a message of only 1, 2 or 3 emoji by jumboEmojiScale.
    ///
    /// Default: false. JSON key `jumboEmoji`, CLI flag `--jumbo-emoji`.
    public var jumboEmoji: Bool?
    /// Jumbo emoji factors for 1, 2 and 3 emoji.
    ///
    /// Default: 3,2.5,2. JSON key `jumboEmojiScale`, CLI flag `--jumbo-emoji-scale`.
    public var jumboEmojiScale: JumboEmojiScale?
    /// Least touch target size in px for links, emoji and the more token (44 Apple, 48 Material); 0 = off.
    ///
    /// Default: 0. JSON key `minTouchSize`, CLI flag `--min-touch-size`.
    public var minTouchSize: Double?
    // Report
    /// Unit of every reported offset: utf16, utf8 or scalars.
    ///
    /// Default: 'utf16'. JSON key `offsets`, CLI flag `--offsets`.
    public var offsets: OffsetUnit?
    /// Bytes that are not UTF-8: error or replace (with U+FFFD).
    ///
    /// Default: 'error'. JSON key `invalidUTF8`, CLI flag `--invalid-utf8`.
    public var invalidUTF8: InvalidUTF8Policy?
    /// Longest message accepted, in UTF-8 bytes.
    ///
    /// Default: 65536. JSON key `maxMessageLength`, CLI flag `--max-message-length`.
    public var maxMessageLength: Int?
    // SVG
    /// SVG theme: incoming, outgoing, or {style, text, link, bubble, highlight, cornerRadius}.
    ///
    /// Default: incoming. JSON key `theme`.
    public var theme: Theme?
    /// SVG: overlay line boxes, baselines and hit rects.
    ///
    /// Default: false. JSON key `debug`.
    public var debug: Bool?

    public init() {}

    /// Every default, in one place: what a layout uses for an option no level gives. Options without
    /// an entry here have none (`pageHeight`: no pages) or derive theirs (`emojiSize`: 1.25 × `fontSize`).
    public static let standard: BubbleOptions = {
        var o = BubbleOptions()
        o.maxWidth = 280
        o.maxLines = 0
        o.padding = Padding(EdgeInsets(top: 8, right: 12, bottom: 8, left: 12))
        o.balance = false
        o.fontSize = 16
        o.fonts = FallbackChain.defaultFamilies
        o.faceFamilies = MappingOptions.defaultFaceFamilies
        o.lineSpacing = 0
        o.paragraphSpacing = 0
        o.firstLineIndent = 0
        o.alignment = .start
        o.direction = .auto
        o.lineMetrics = .exact
        o.lineBreaking = .standard
        o.tabSize = ParagraphStyle.defaultTabSize
        o.maxMarksPerCluster = ParagraphStyle.defaultMaxMarksPerCluster
        o.fontFallback = .word
        o.keepTrailingBreaks = false
        o.emojiAlign = .center
        o.linkify = true
        o.atomicLinks = LayoutConstraints(maxWidth: 0).atomicLinks  // the typesetter's own default
        o.ellipsis = "…"
        o.statusGap = 6
        o.jumboEmoji = false
        o.jumboEmojiScale = JumboEmojiScale([3, 2.5, 2])
        o.minTouchSize = 0
        o.offsets = .utf16
        o.invalidUTF8 = .error
        o.maxMessageLength = MappingOptions.defaultMaxMessageLength
        o.debug = false
        return o
    }()

    /// The padding of a chat bubble when none is given: 8 px above and below, 12 px at the sides.
    package static var defaultPadding: EdgeInsets { standard.padding!.insets }

    /// `padding`, or ``defaultPadding``.
    package var resolvedPadding: EdgeInsets { padding?.insets ?? BubbleOptions.defaultPadding }

    /// Every key a JSON options object may hold.
    package static var keys: Set<String> { Set(OptionTable.all.map(\.key)) }

    /// Reads a JSON object of options. Not JSON is `malformed_json`; anything but an object, an unknown
    /// key, or a value of the wrong type is `invalid_options`, naming the key.
    public static func decode(json bytes: some Collection<UInt8>) throws(BubbleError) -> BubbleOptions {
        let value: JSONValue
        do { value = try JSONReader.read(Array(bytes)) } catch {
            throw BubbleError(code: "malformed_json", message: "options are not valid JSON: \(error)")
        }
        return try BubbleOptions(json: value)
    }

    /// Reads options from a JSON value, which must be an object of known keys.
    package init(json: JSONValue) throws(BubbleError) {
        guard let object = json.object else {
            throw BubbleError(code: "invalid_options", message: "options must be a JSON object, not \(json.kindName)")
        }
        self.init()
        for m in object.members {
            guard let spec = OptionTable.spec(m.key) else {
                throw BubbleError(code: "invalid_options", message: "unknown option '\(m.key)'")
            }
            if case .null = m.value {
                throw BubbleError(code: "invalid_options", message: "option '\(m.key)' is null; leave it out for its default")
            }
            try spec.read(m.value, &self)
        }
    }

    /// These options with every option they do not give taken from `base` (link maps merge entry by
    /// entry, these options' entries winning).
    public func merged(over base: BubbleOptions) -> BubbleOptions {
        merged(over: base, giving: givenOptions)
    }

    /// ``merged(over:)`` when the options these give are known: `base` with each of them taken over it,
    /// so an option set that gives three options costs three, not one visit per option of the table.
    package func merged(over base: BubbleOptions, giving given: OptionMask) -> BubbleOptions {
        var o = base
        OptionTable.all.withUnsafeBufferPointer { specs in
            for i in given { specs[i].take(&o, self) }
        }
        return o
    }

    /// The options these give (not nil).
    package var givenOptions: OptionMask {
        OptionTable.all.withUnsafeBufferPointer { specs in
            var m = OptionMask()
            for i in specs.indices where specs[i].isSet(self) { m.insert(i) }
            return m
        }
    }

    /// Checks every range; the error names the option and its value.
    public func validate() throws(BubbleError) {
        try validate(givenOptions)
    }

    /// Checks the ranges of `options` only (the others are nil here, or were checked before).
    package func validate(_ options: OptionMask) throws(BubbleError) {
        try OptionTable.all.withUnsafeBufferPointer { specs throws(BubbleError) in
            for i in options { try specs[i].check(self) }
        }
    }

    /// Only the options a stage before `stage` reads: what a shaped text depends on.
    func keeping(before stage: OptionStage) -> BubbleOptions {
        keeping(givenOptions.intersection(stage == .layout ? OptionTable.beforeLayout : OptionTable.stages(before: stage)))
    }

    /// Only `options` of these options.
    func keeping(_ options: OptionMask) -> BubbleOptions {
        merged(over: BubbleOptions(), giving: options)
    }
}

/// What to do with bytes that are not UTF-8: `error` (reject, `invalid_utf8`) or `replace` (U+FFFD).
public typealias InvalidUTF8Policy = MappingOptions.InvalidUTF8Policy

/// Options with every default filled in, read with the field's own name and type
/// (`resolved.maxWidth` is a `Double`). Built once per plan.
@dynamicMemberLookup
package struct ResolvedOptions: Sendable {
    /// The options as given, merged over the engine's defaults: nil where nothing was given.
    package let given: BubbleOptions
    /// The options with every default filled in.
    let full: BubbleOptions

    init(_ given: BubbleOptions) {
        self.given = given
        full = given.merged(over: .standard)
    }

    /// `own` over an engine's defaults, checked: only the options `own` gives are merged and checked.
    /// - Parameter resolvedDefaults: the defaults merged over ``BubbleOptions/standard``.
    init(_ own: BubbleOptions, over defaults: BubbleOptions, resolvedDefaults: BubbleOptions) throws(BubbleError) {
        let mask = own.givenOptions
        given = own.merged(over: defaults, giving: mask)
        try given.validate(mask)
        full = own.merged(over: resolvedDefaults, giving: mask)
    }

    /// An option that has a standard default.
    package subscript<V>(dynamicMember path: KeyPath<BubbleOptions, V?>) -> V {
        guard let v = full[keyPath: path] else { preconditionFailure("option without a standard default read as resolved") }
        return v
    }
}
