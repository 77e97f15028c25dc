package import BubbleJSON
public import BubbleMapping
public import BubbleTypesetting
public import BubbleUnicode

/// A type an option's value can have: it reads itself from JSON and from a CLI argument.
package protocol OptionValue: Sendable, Hashable {
    /// Reads a JSON value; throws what was wrong, with the path below the option (`top` in `padding`).
    init(json: JSONValue) throws(OptionValueError)
    /// Reads a CLI argument; by default the argument is read as JSON, so `--padding '{"top": 4}'` works.
    init(argument: String) throws(OptionValueError)
    /// The value as written in an error message.
    var optionDescription: String { get }
    /// `nearer` merged over `farther` (only for options that merge entry by entry).
    static func merging(_ nearer: Self, over farther: Self) -> Self
}

/// What was wrong with an option's value, and where below the option.
package struct OptionValueError: Error, Sendable {
    package var path: String
    package var message: String

    init(_ message: String, path: String = "") {
        self.message = message
        self.path = path
    }

    static func expected(_ what: String, found json: JSONValue) -> OptionValueError {
        OptionValueError("expected \(what), found \(json.kindName)")
    }

    /// The same problem one level down (`top` → `padding.top`).
    func inside(_ key: String) -> OptionValueError {
        OptionValueError(message, path: path.isEmpty ? key : key + "." + path)
    }
}

extension OptionValue {
    package init(argument: String) throws(OptionValueError) {
        let json: JSONValue
        do { json = try JSONReader.read(argument) } catch {
            throw OptionValueError("'\(argument)' is not a valid value (\(error))")
        }
        try self.init(json: json)
    }

    package var optionDescription: String { "\(self)" }
    package static func merging(_ nearer: Self, over farther: Self) -> Self { nearer }
}

extension Double: OptionValue {
    package init(json: JSONValue) throws(OptionValueError) {
        guard let v = json.double else { throw .expected("a number", found: json) }
        self = v
    }

    package init(argument: String) throws(OptionValueError) {
        guard let v = Double(argument) else { throw OptionValueError("'\(argument)' is not a number") }
        self = v
    }

    package var optionDescription: String {
        self == rounded() && abs(self) < 1e15 ? String(Int(self)) : "\(self)"
    }
}

extension Int: OptionValue {
    package init(json: JSONValue) throws(OptionValueError) {
        guard let v = json.int else { throw .expected("an integer", found: json) }
        self = v
    }

    package init(argument: String) throws(OptionValueError) {
        guard let v = Int(argument) else { throw OptionValueError("'\(argument)' is not an integer") }
        self = v
    }
}

extension Bool: OptionValue {
    package init(json: JSONValue) throws(OptionValueError) {
        guard let v = json.bool else { throw .expected("true or false", found: json) }
        self = v
    }

    package init(argument: String) throws(OptionValueError) {
        switch argument {
        case "true": self = true
        case "false": self = false
        default: throw OptionValueError("'\(argument)' is not true or false")
        }
    }
}

extension String: OptionValue {
    package init(json: JSONValue) throws(OptionValueError) {
        guard let v = json.string else { throw .expected("a string", found: json) }
        self = v
    }

    package init(argument: String) throws(OptionValueError) { self = argument }
    package var optionDescription: String { "'\(self)'" }
}

extension Array: OptionValue where Element == String {
    package init(json: JSONValue) throws(OptionValueError) {
        guard let items = json.array else { throw .expected("an array of strings", found: json) }
        var out: [String] = []
        for (i, item) in items.enumerated() {
            guard let s = item.string else { throw OptionValueError.expected("a string", found: item).inside("[\(i)]") }
            out.append(s)
        }
        self = out
    }

    /// A comma-separated list (`--fonts "DejaVu Sans, Noto Sans CJK SC"`).
    package init(argument: String) throws(OptionValueError) {
        self = argument.split(separator: ",").map { String($0).trimmingSpaces }
    }

    package var optionDescription: String { "[\(map { "'\($0)'" }.joined(separator: ", "))]" }
}

extension Dictionary: OptionValue where Key == String, Value == String {
    package init(json: JSONValue) throws(OptionValueError) {
        guard let object = json.object else { throw .expected("an object of strings", found: json) }
        var out: [String: String] = [:]
        out.reserveCapacity(object.count)
        for m in object.members {
            guard let s = m.value.string else { throw OptionValueError.expected("a string", found: m.value).inside(m.key) }
            out[m.key] = s
        }
        self = out
    }

    package static func merging(_ nearer: Self, over farther: Self) -> Self {
        farther.merging(nearer) { $1 }
    }

    package var optionDescription: String { "an object of \(count) entries" }
}

/// Enumerations read their raw value.
extension OptionValue where Self: RawRepresentable & CaseIterable, RawValue == String {
    package init(json: JSONValue) throws(OptionValueError) {
        guard let s = json.string else { throw .expected("one of \(Self.choices)", found: json) }
        try self.init(argument: s)
    }

    package init(argument: String) throws(OptionValueError) {
        guard let v = Self(rawValue: argument) else { throw OptionValueError("'\(argument)' is not one of \(Self.choices)") }
        self = v
    }

    static var choices: String { allCases.map(\.rawValue).joined(separator: ", ") }
    package var optionDescription: String { "'\(rawValue)'" }
}

extension TextAlignment: OptionValue {}
extension TextDirection: OptionValue {}
extension LineMetrics: OptionValue {}
extension LineBreaking: OptionValue {}
extension FontFallback: OptionValue {}
extension PlaceholderAlignment: OptionValue {}
extension OffsetUnit: OptionValue {}
extension MappingOptions.InvalidUTF8Policy: OptionValue {}

extension String {
    /// The string without leading and trailing spaces and tabs (U+0009 and every space separator, Zs).
    var trimmingSpaces: String {
        func isSpace(_ s: Unicode.Scalar) -> Bool { s == "\t" || s.properties.generalCategory == .spaceSeparator }
        let scalars = unicodeScalars
        guard let first = scalars.firstIndex(where: { !isSpace($0) }) else { return "" }
        let last = scalars.lastIndex(where: { !isSpace($0) })!
        return String(scalars[first...last])
    }
}
