/// Something the Map stage set aside rather than refused: the message is laid out, and the report says
/// what was not honoured and why (the JSON's `warnings`).
public struct MappingWarning: Sendable, Equatable {
    /// Stable snake_case: `face_not_allowed`.
    public var code: String
    /// A sentence for people, naming the culprit.
    public var message: String

    package init(code: String, message: String) {
        self.code = code
        self.message = message
    }

    /// `<font face>` named a family outside ``MappingOptions/faceFamilies``: the text keeps the chain's
    /// faces. Markup is what people typed (like an unknown tag, which stays literal), so one unknown
    /// name must not cost the whole message; spans, a program's output, get an error instead.
    package static func faceNotAllowed(offset: Int, family: String, allowed: [String]) -> MappingWarning {
        MappingWarning(code: "face_not_allowed",
                       message: "markup at offset \(offset): <font face> '\(family.prefix(200))' is not a family faceFamilies allows "
                           + "(\(allowed.joined(separator: ", "))); the text keeps the fallback chain's faces")
    }
}
