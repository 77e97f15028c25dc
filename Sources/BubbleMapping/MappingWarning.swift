/// Something the Map stage set aside rather than refused: the message is laid out, and the report says
/// what was not honoured and why (the JSON's `warnings`).
public struct MappingWarning: Sendable, Equatable {
    /// Stable snake_case: `face_not_allowed`, `image_dropped`, `font_size_ignored`.
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

    /// An `<img>` whose `width` or `height` cannot be drawn (out of ``InputBounds/imageSide``): the image is
    /// left out and the rest of the message laid out; in spans the same size is a `malformed_spans` error.
    package static func imageDropped(offset: Int, attribute: String, value: String, expected: String) -> MappingWarning {
        MappingWarning(code: "image_dropped",
                       message: "markup at offset \(offset): \(attribute) is \(value.prefix(40)); expected \(expected); the image is left out")
    }

    /// A `<font size>` out of ``InputBounds/fontSize``: the size is ignored (the text keeps its size), the
    /// rest of the tag applies; in spans or options the same size is an error naming the field.
    package static func fontSizeIgnored(offset: Int, value: String, expected: String) -> MappingWarning {
        MappingWarning(code: "font_size_ignored",
                       message: "markup at offset \(offset): <font size> is \(value.prefix(40)); expected \(expected); the text keeps its size")
    }
}
