/// What the Map stage does with a message: the mapping half of Bubble's options.
///
/// Field names are the JSON keys and (in kebab-case) the CLI flags of the product contract.
public struct MappingOptions: Sendable, Equatable, Codable {
    /// What to do with bytes that are not UTF-8.
    public enum InvalidUTF8Policy: String, Sendable, Codable, CaseIterable {
        /// Refuse the message with ``MappingError/invalidUTF8(byteOffset:)``.
        case error
        /// Replace each maximal bad subsequence with U+FFFD (offsets then count the U+FFFD).
        case replace
    }

    /// Detect `@mentions` and URLs (the link map applies either way).
    public var linkify: Bool = true
    /// Exact text → URL; an occurrence in the mapped text becomes a link of kind `link`, winning over
    /// detection (the seed's hyperlink map, `{"@百度": "https://www.baidu.com"}`).
    public var linkMap: [String: String] = [:]
    /// Custom link rules (PCRE2 patterns, or built-ins by name), applied in order after the link map and
    /// before detection; see ``LinkRule``.
    public var linkRules: [LinkRule] = []
    /// Placeholder size in px for catalog emoji without their own size; `nil` leaves it to the
    /// typesetter (1.25 × font size).
    public var emojiSize: Double?
    /// Vertical placement of emoji without their own alignment; `nil` takes the catalog default.
    public var emojiAlign: PlaceholderAlignment?
    /// The unit in which source offsets are reported, and in which highlight ranges are given.
    public var offsets: OffsetUnit = .utf16
    /// Invalid UTF-8 in byte input: an error (default) or U+FFFD.
    public var invalidUTF8: InvalidUTF8Policy = .error
    /// Longest accepted message, in UTF-8 bytes of what was sent (the text, the markup or the spans JSON).
    public var maxMessageLength: Int = MappingOptions.defaultMaxMessageLength
    /// The longest message accepted when nothing says otherwise (64 KiB): the option's default, and the
    /// default of `bubble serve --max-message-length`.
    public static let defaultMaxMessageLength = 65536
    /// Path of the emoji catalog to load instead of the default one (used by whoever builds the ``Mapper``).
    public var catalog: String?
    /// The families `<font face>` in markup and a span's `face` may name (``defaultFaceFamilies`` unless
    /// set; the `faceFamilies` option). A name outside it never reaches fontconfig: an allowed list, not
    /// a cache of what fontconfig found, is what keeps a stream of made-up names from costing a query
    /// (or a cache entry) each. Matched case-insensitively; the list's spelling is kept.
    public var faceFamilies: [String] = MappingOptions.defaultFaceFamilies

    /// The families a face may name when no `faceFamilies` is given: sans, serif and monospace faces of
    /// the Debian packages Bubble already needs (fonts-dejavu-core, fonts-noto-core). Declared once here.
    public static let defaultFaceFamilies = ["DejaVu Sans", "DejaVu Serif", "DejaVu Sans Mono", "Noto Sans", "Noto Serif"]

    /// The entry of ``faceFamilies`` that `name` spells (case-insensitively), or nil when it is not allowed.
    package func allowedFace(_ name: String) -> String? {
        let lower = name.lowercased()
        return faceFamilies.first { $0.lowercased() == lower }
    }

    public init(linkify: Bool = true, linkMap: [String: String] = [:], emojiSize: Double? = nil,
                emojiAlign: PlaceholderAlignment? = nil, offsets: OffsetUnit = .utf16,
                invalidUTF8: InvalidUTF8Policy = .error, maxMessageLength: Int = MappingOptions.defaultMaxMessageLength,
                catalog: String? = nil, linkRules: [LinkRule] = [],
                faceFamilies: [String] = MappingOptions.defaultFaceFamilies) {
        self.linkRules = linkRules
        self.faceFamilies = faceFamilies
        self.linkify = linkify
        self.linkMap = linkMap
        self.emojiSize = emojiSize
        self.emojiAlign = emojiAlign
        self.offsets = offsets
        self.invalidUTF8 = invalidUTF8
        self.maxMessageLength = maxMessageLength
        self.catalog = catalog
    }

    private enum CodingKeys: String, CodingKey {
        case linkify, linkMap, linkRules, emojiSize, emojiAlign, offsets, invalidUTF8, maxMessageLength, catalog, faceFamilies
    }

    /// Decodes the options; a missing key keeps its default.
    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        self.init()
        linkify = try c.decodeIfPresent(Bool.self, forKey: .linkify) ?? linkify
        linkMap = try c.decodeIfPresent([String: String].self, forKey: .linkMap) ?? linkMap
        linkRules = try c.decodeIfPresent([LinkRule].self, forKey: .linkRules) ?? linkRules
        emojiSize = try c.decodeIfPresent(Double.self, forKey: .emojiSize)
        emojiAlign = try c.decodeIfPresent(PlaceholderAlignment.self, forKey: .emojiAlign)
        offsets = try c.decodeIfPresent(OffsetUnit.self, forKey: .offsets) ?? offsets
        invalidUTF8 = try c.decodeIfPresent(InvalidUTF8Policy.self, forKey: .invalidUTF8) ?? invalidUTF8
        maxMessageLength = try c.decodeIfPresent(Int.self, forKey: .maxMessageLength) ?? maxMessageLength
        catalog = try c.decodeIfPresent(String.self, forKey: .catalog)
        faceFamilies = try c.decodeIfPresent([String].self, forKey: .faceFamilies) ?? faceFamilies
    }
}
