package import BubbleJSON

/// One entity of a message as chat servers store it: Telegram Bot API's `MessageEntity`
/// (`{type, offset, length, url?, language?, custom_emoji_id?, user?}`).
///
/// `offset` and `length` count in the unit of the `offsets` option (UTF-16 code units by default, as
/// Telegram counts), and must fall on grapheme boundaries of the text.
public struct MessageEntity: Sendable, Equatable {
    /// Telegram's entity types (the JSON spelling is the raw value).
    public enum Kind: String, Sendable, CaseIterable {
        case mention, hashtag, cashtag, email, url, bold, italic, underline, strikethrough, spoiler, code, pre, blockquote
        case textMention = "text_mention"
        case textLink = "text_link"
        case botCommand = "bot_command"
        case phoneNumber = "phone_number"
        case customEmoji = "custom_emoji"

        /// Styles that may nest in and around any entity but `code` and `pre` (Telegram's rule).
        package var isFormatting: Bool {
            switch self {
            case .bold, .italic, .underline, .strikethrough, .spoiler: true
            default: false
            }
        }

        /// A block of its own (`pre`, `blockquote`): it starts and ends a line.
        package var isBlock: Bool { self == .pre || self == .blockquote }

        /// The link kind an entity of this type reports, or nil for a style or block.
        package var linkKind: LinkKind? {
            switch self {
            case .mention, .textMention: .mention
            case .url: .url
            case .textLink: .link
            case .hashtag: .hashtag
            case .cashtag: .cashtag
            case .botCommand: .botCommand
            case .email: .email
            case .phoneNumber: .phoneNumber
            default: nil
            }
        }
    }

    /// The color a spoiler's text and background are drawn in (a highlight with both set to it).
    package static let spoilerColor = "#9e9e9e"

    public var type: Kind
    /// Start, in the unit of the `offsets` option.
    public var offset: Int
    /// Length, in the same unit.
    public var length: Int
    /// `text_link`: the target (http or https only).
    public var url: String?
    /// `pre`: the programming language (kept, not used for drawing).
    public var language: String?
    /// `custom_emoji`: the sticker's id, looked up as a name in the emoji catalog.
    public var customEmojiId: String?
    /// `text_mention`: the user's id (`user.id`).
    public var userId: Int?

    public init(type: Kind, offset: Int, length: Int, url: String? = nil, language: String? = nil,
                customEmojiId: String? = nil, userId: Int? = nil) {
        self.type = type
        self.offset = offset
        self.length = length
        self.url = url
        self.language = language
        self.customEmojiId = customEmojiId
        self.userId = userId
    }

    /// Reads an `entities` array; errors name the entity's index.
    package static func decodeArray(_ json: JSONValue) throws(MappingError) -> [MessageEntity] {
        guard let items = json.array else {
            throw .invalidEntity(index: -1, reason: "\"entities\" must be an array of {type, offset, length}, not \(json.kindName)")
        }
        var result: [MessageEntity] = []
        result.reserveCapacity(items.count)
        for (index, item) in items.enumerated() {
            guard let o = item.object else { throw .invalidEntity(index: index, reason: "expected an object, found \(item.kindName)") }
            guard let typeName = o["type"]?.string else { throw .invalidEntity(index: index, reason: "\"type\" must be a string") }
            guard let type = Kind(rawValue: typeName) else {
                throw .invalidEntity(index: index, reason: "unknown type '\(typeName)' (known: \(Kind.allCases.map(\.rawValue).joined(separator: ", ")))")
            }
            guard let offset = o["offset"]?.int, let length = o["length"]?.int else {
                throw .invalidEntity(index: index, reason: "\"offset\" and \"length\" must be integers")
            }
            func string(_ key: String) throws(MappingError) -> String? {
                guard let v = o[key], v != .null else { return nil }
                guard let s = v.string else { throw .invalidEntity(index: index, reason: "\"\(key)\" must be a string, not \(v.kindName)") }
                return s
            }
            var entity = MessageEntity(type: type, offset: offset, length: length, url: try string("url"),
                                       language: try string("language"), customEmojiId: try string("custom_emoji_id"))
            if let user = o["user"], user != .null {
                guard let id = user.object?["id"]?.int else { throw .invalidEntity(index: index, reason: "\"user\" must be an object with an integer \"id\"") }
                entity.userId = id
            }
            result.append(entity)
        }
        return result
    }

    /// Reads the `{"text", "entities"}` object of `--input entities`.
    package static func decodeMessage(_ bytes: [UInt8]) throws(MappingError) -> (text: String, entities: [MessageEntity]) {
        let value: JSONValue
        do { value = try JSONReader.read(bytes) } catch { throw .invalidEntity(index: -1, reason: "not valid JSON: \(error)") }
        guard let o = value.object, let text = o["text"]?.string else {
            throw .invalidEntity(index: -1, reason: "an entities message is an object {\"text\": string, \"entities\": [...]}")
        }
        return (text, try o["entities"].map { (v) throws(MappingError) in try decodeArray(v) } ?? [])
    }
}
