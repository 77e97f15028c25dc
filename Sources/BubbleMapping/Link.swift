/// A tappable range of the mapped text.
public struct Link: Sendable, Equatable {
    /// How the link came to be.
    public var kind: LinkKind
    /// The linked stretch of mapped text.
    public var range: Range<MappedIndex>
    /// Where it points: a URL, or for a mention without a map entry the mention itself (`@alice`).
    public var target: String
    /// The link is one unit for line breaking: no break inside it unless it alone is wider than a line
    /// (then at graphemes). True for every link whose text starts with `@` — detected, from the link map,
    /// a `link` span or an `<a href>` — and for links the caller marks (`"atomic": true` on a span, an
    /// `atomic` attribute on `<a>`). `LayoutConstraints.atomicLinks` turns the rule off.
    public var isAtomic: Bool

    package init(kind: LinkKind, range: Range<MappedIndex>, target: String, isAtomic: Bool = false) {
        self.kind = kind
        self.range = range
        self.target = target
        self.isAtomic = isAtomic
    }
}

/// The kind of a link in a layout report: one of Bubble's own (`mention`, `url`, `link`, `more`), a
/// message entity's type (`hashtag`, `cashtag`, `bot_command`, `email`, `phone_number`), or the `kind`
/// a caller's link rule names. A string, because link rules name their own kinds.
public struct LinkKind: RawRepresentable, Sendable, Hashable, Codable, CustomStringConvertible {
    public var rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    public init(_ rawValue: String) { self.rawValue = rawValue }
    public var description: String { rawValue }

    /// An `@mention`.
    public static let mention = LinkKind("mention")
    /// A detected URL (`http://`, `https://`, `www.`), or a `url` entity.
    public static let url = LinkKind("url")
    /// A link the user gave: a link map entry, a `link` span, an `<a href>`, a `text_link` entity.
    public static let link = LinkKind("link")
    /// The tappable truncation token.
    public static let more = LinkKind("more")
    /// `#hashtag` (an entity or the built-in rule).
    public static let hashtag = LinkKind("hashtag")
    /// `$CASHTAG` (an entity or the built-in rule).
    public static let cashtag = LinkKind("cashtag")
    /// `/command` (an entity).
    public static let botCommand = LinkKind("bot_command")
    /// An e-mail address (an entity or the built-in rule); its target is `mailto:`.
    public static let email = LinkKind("email")
    /// A phone number (an entity or the built-in `phone` rule); its target is `tel:`.
    public static let phoneNumber = LinkKind("phone_number")
}
