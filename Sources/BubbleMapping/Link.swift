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

    public init(kind: LinkKind, range: Range<MappedIndex>, target: String, isAtomic: Bool = false) {
        self.kind = kind
        self.range = range
        self.target = target
        self.isAtomic = isAtomic
    }
}

/// The kinds of link in a layout report.
public enum LinkKind: String, Sendable, Codable, CaseIterable {
    /// An `@mention`.
    case mention
    /// A detected URL (`http://`, `https://`, `www.`).
    case url
    /// A link the user gave: a link map entry, a `link` span, an `<a href>`.
    case link
    /// The tappable truncation token.
    case more
}
