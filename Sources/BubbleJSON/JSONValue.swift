/// A JSON value as Bubble reads it: every front end (batch lines, HTTP bodies, option files, spans,
/// the catalog) goes through ``JSONReader``, so they all accept and refuse the same documents.
///
/// Numbers keep their kind apart from booleans (`true` is not `1`); an object keeps its keys in the
/// order written (a duplicate key is refused by the reader, never silently kept or dropped) and the
/// byte range of each value, so a caller can copy a value back exactly as it was sent.
package enum JSONValue: Sendable, Equatable {
    case null
    case bool(Bool)
    case number(JSONNumber)
    case string(String)
    case array([JSONValue])
    case object(JSONObject)

    /// The value as a `Double` when it is a number.
    package var double: Double? {
        if case .number(let n) = self { return n.value }
        return nil
    }

    /// The value as an `Int` when it is a number written without fraction or exponent that fits.
    package var int: Int? {
        if case .number(let n) = self { return n.integer }
        return nil
    }

    package var string: String? {
        if case .string(let s) = self { return s }
        return nil
    }

    package var bool: Bool? {
        if case .bool(let b) = self { return b }
        return nil
    }

    package var array: [JSONValue]? {
        if case .array(let a) = self { return a }
        return nil
    }

    package var object: JSONObject? {
        if case .object(let o) = self { return o }
        return nil
    }

    /// What kind of value this is, for error messages ("expected a number, found a string").
    package var kindName: String {
        switch self {
        case .null: "null"
        case .bool: "a boolean"
        case .number: "a number"
        case .string: "a string"
        case .array: "an array"
        case .object: "an object"
        }
    }
}

/// A JSON number: its value, and whether it was written as an integer.
package struct JSONNumber: Sendable, Equatable {
    package let value: Double
    /// The value when written without fraction or exponent and within `Int`'s range.
    package let integer: Int?

    package init(_ value: Double, integer: Int? = nil) {
        self.value = value
        self.integer = integer
    }
}

/// A JSON object: its members in the order written, each with the byte range of its value in the
/// document it was read from (empty for objects built in code).
package struct JSONObject: Sendable, Equatable {
    package struct Member: Sendable, Equatable {
        package let key: String
        package let value: JSONValue
        /// Where the value's text lies in the document that was read.
        package let span: Range<Int>

        /// Members are equal when their keys and values are: where they were read is not part of the value.
        package static func == (a: Member, b: Member) -> Bool { a.key == b.key && a.value == b.value }
    }

    package private(set) var members: [Member]

    package init(members: [Member] = []) {
        self.members = members
    }

    /// An object built in code.
    package init(_ pairs: [(String, JSONValue)]) {
        members = pairs.map { Member(key: $0.0, value: $0.1, span: 0..<0) }
    }

    /// The value of `key` (objects in chat requests are small: a linear scan beats hashing).
    package subscript(key: String) -> JSONValue? {
        for m in members where m.key == key { return m.value }
        return nil
    }

    /// The member named `key`.
    package func member(_ key: String) -> Member? {
        for m in members where m.key == key { return m }
        return nil
    }

    package var keys: [String] { members.map(\.key) }
    package var count: Int { members.count }
    package var isEmpty: Bool { members.isEmpty }

    mutating func append(_ member: Member) { members.append(member) }

    /// Sets `key` to `value`, in place when the key is there, else at the end.
    package mutating func set(_ key: String, _ value: JSONValue) {
        let member = Member(key: key, value: value, span: 0..<0)
        if let i = members.firstIndex(where: { $0.key == key }) { members[i] = member } else { members.append(member) }
    }
}
