/// Why a message, its options or the emoji catalog could not be mapped.
///
/// Each case names the culprit; ``code`` is the stable snake_case string of the JSON error object
/// (`{"error": {"code", "message"}}`) and ``message`` the sentence shown to a person.
public enum MappingError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The message bytes are not UTF-8; `byteOffset` is the first byte of the bad sequence.
    case invalidUTF8(byteOffset: Int)
    /// The message is longer than `limit` UTF-8 bytes; `length` is its size in bytes.
    case tooLong(limit: Int, length: Int)
    /// The catalog could not be read from `path`.
    case unreadableCatalog(path: String, reason: String)
    /// A catalog entry (named, or `#index` when it has no usable name) breaks the format.
    case malformedCatalog(entry: String, reason: String)
    /// Segment `index` (0-based; -1 for the array itself) of a spans message is not a valid segment.
    case malformedSpans(index: Int, reason: String)
    /// Highlight `index` (0-based) of the message has a range that is not inside the source.
    case invalidHighlight(index: Int, reason: String)
    /// Entity `index` (0-based; -1 for the list or the object around it) of an entities message is not valid.
    case invalidEntity(index: Int, reason: String)
    /// A link rule (named) cannot be compiled or used, or matching it hit PCRE2's limits.
    case invalidLinkRule(name: String, reason: String)
    /// A span's `face` names a family outside ``MappingOptions/faceFamilies``: spans are a program's
    /// output, so a wrong name is a bug to report, not text to show (markup, typed by people, falls back).
    case faceNotAllowed(index: Int, family: String, allowed: [String])

    /// Stable machine-readable code, e.g. `"invalid_utf8"`.
    public var code: String {
        switch self {
        case .invalidUTF8: "invalid_utf8"
        case .tooLong: "message_too_long"
        case .unreadableCatalog: "unreadable_catalog"
        case .malformedCatalog: "malformed_catalog"
        case .malformedSpans: "malformed_spans"
        case .invalidHighlight: "invalid_highlight"
        case .invalidEntity: "invalid_entity"
        case .invalidLinkRule: "invalid_link_rule"
        case .faceNotAllowed: "font_not_allowed"
        }
    }

    /// A sentence for people, naming the culprit.
    public var message: String {
        switch self {
        case .invalidUTF8(let offset):
            "the message is not valid UTF-8 (bad byte sequence at byte \(offset))"
        case .tooLong(let limit, let length):
            "the message is \(length) bytes long; the limit (maxMessageLength) is \(limit) bytes"
        case .unreadableCatalog(let path, let reason):
            "cannot read the emoji catalog at \(path): \(reason)"
        case .malformedCatalog(let entry, let reason):
            "malformed emoji catalog, entry \(entry): \(reason)"
        case .malformedSpans(let index, let reason):
            index < 0 ? "malformed spans: \(reason)" : "malformed spans, segment \(index): \(reason)"
        case .invalidHighlight(let index, let reason):
            "invalid highlight \(index): \(reason)"
        case .invalidEntity(let index, let reason):
            index < 0 ? "invalid entities: \(reason)" : "invalid entity \(index): \(reason)"
        case .invalidLinkRule(let name, let reason):
            "link rule '\(name)': \(reason)"
        case .faceNotAllowed(let index, let family, let allowed):
            "spans, segment \(index): \"face\" '\(family.prefix(200))' is not a family faceFamilies allows (\(allowed.joined(separator: ", ")))"
        }
    }

    public var description: String { "\(code): \(message)" }
}
