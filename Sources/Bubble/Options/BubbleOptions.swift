package import BubbleJSON
public import BubbleMapping
public import BubbleTypesetting
public import BubbleUnicode
import BubbleFonts

/// Every option of a layout. Library fields, JSON keys and CLI flags share these names
/// (`maxWidth` ↔ `--max-width`); what each means, its range and its default are declared once, in
/// `OptionTable`. `nil` means "not given here": option sets merge level by level (a message's over
/// a request's over the server's), and ``standard`` holds every default.
public struct BubbleOptions: Codable, Sendable, Hashable {
    // Geometry
    public var maxWidth: Double?
    public var widths: Widths?
    public var maxLines: Int?
    public var padding: Padding?
    public var pageHeight: Double?
    public var balance: Bool?
    // Text
    public var fontSize: Double?
    public var fonts: [String]?
    public var faceFamilies: [String]?
    public var lineHeight: LineHeightValue?
    public var lineSpacing: Double?
    public var paragraphSpacing: Double?
    public var firstLineIndent: Double?
    public var alignment: TextAlignment?
    public var direction: TextDirection?
    public var lineMetrics: LineMetrics?
    public var lineBreaking: LineBreaking?
    public var language: String?
    public var tabSize: Double?
    public var maxMarksPerCluster: Int?
    public var fontFallback: FontFallback?
    public var keepTrailingBreaks: Bool?
    // Emoji
    public var catalog: String?
    public var emojiSize: Double?
    public var emojiAlign: PlaceholderAlignment?
    // Links
    public var linkify: Bool?
    public var linkMap: [String: String]?
    public var linkRules: LinkRuleList?
    public var atomicLinks: Bool?
    // Truncation
    public var ellipsis: String?
    public var truncationToken: TruncationToken?
    // Furniture
    public var statusSlot: StatusSlot?
    public var statusGap: Double?
    public var jumboEmoji: Bool?
    public var jumboEmojiScale: JumboEmojiScale?
    public var minTouchSize: Double?
    // Report
    public var offsets: OffsetUnit?
    public var invalidUTF8: InvalidUTF8Policy?
    public var maxMessageLength: Int?
    // SVG
    public var theme: Theme?
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
        var o = self
        for spec in OptionTable.all { spec.fill(&o, base) }
        return o
    }

    /// Checks every range; the error names the option and its value.
    public func validate() throws(BubbleError) {
        for spec in OptionTable.all { try spec.check(self) }
    }

    /// Only the options a stage before `stage` reads: what a shaped text depends on.
    func keeping(before stage: OptionStage) -> BubbleOptions {
        var o = self
        for spec in OptionTable.all where spec.stage >= stage { spec.clear(&o) }
        return o
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
    private let full: BubbleOptions

    init(_ given: BubbleOptions) {
        self.given = given
        full = given.merged(over: .standard)
    }

    /// An option that has a standard default.
    package subscript<V>(dynamicMember path: KeyPath<BubbleOptions, V?>) -> V {
        guard let v = full[keyPath: path] else { preconditionFailure("option without a standard default read as resolved") }
        return v
    }
}
