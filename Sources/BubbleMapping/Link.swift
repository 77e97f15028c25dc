/// A tappable range of the mapped text.
public struct Link: Sendable, Equatable {
    /// How the link came to be.
    public var kind: LinkKind
    /// The linked stretch of mapped text.
    public var range: Range<MappedIndex>
    /// Where it points: a URL, or for a mention without a map entry the mention itself (`@alice`).
    public var target: String

    public init(kind: LinkKind, range: Range<MappedIndex>, target: String) {
        self.kind = kind
        self.range = range
        self.target = target
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
