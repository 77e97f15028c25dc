import Foundation

/// Any JSON value, decoded with types kept apart (`true` is not `1`).
enum JSONValue: Decodable, Sendable, Equatable {
    case null
    case bool(Bool)
    case int(Int)
    case double(Double)
    case string(String)
    case array([JSONValue])
    case object([String: JSONValue])

    init(from decoder: any Decoder) throws {
        let c = try decoder.singleValueContainer()
        if c.decodeNil() { self = .null }
        else if let b = try? c.decode(Bool.self) { self = .bool(b) }
        else if let i = try? c.decode(Int.self) { self = .int(i) }
        else if let d = try? c.decode(Double.self) { self = .double(d) }
        else if let s = try? c.decode(String.self) { self = .string(s) }
        else if let a = try? c.decode([JSONValue].self) { self = .array(a) }
        else { self = .object(try c.decode([String: JSONValue].self)) }
    }

    /// The value as JSON text.
    var text: String {
        switch self {
        case .null: "null"
        case .bool(let b): b ? "true" : "false"
        case .int(let i): String(i)
        case .double(let d): d.isFinite ? (d == d.rounded() && abs(d) < 1e15 ? String(Int(d)) : "\(d)") : "null"
        case .string(let s): JSONText.quote(s)
        case .array(let a): "[" + a.map(\.text).joined(separator: ",") + "]"
        case .object(let o): "{" + o.keys.sorted().map { JSONText.quote($0) + ":" + o[$0]!.text }.joined(separator: ",") + "}"
        }
    }

    var number: Double? {
        switch self {
        case .int(let i): Double(i)
        case .double(let d): d
        default: nil
        }
    }

    /// Decodes a request body; a syntax error is a ``BubbleServerError`` 400 `malformed_json`.
    static func parse(_ bytes: [UInt8]) throws(BubbleServerError) -> JSONValue {
        do { return try JSONDecoder().decode(JSONValue.self, from: Data(bytes)) } catch {
            var detail = "\(error)"
            if case let DecodingError.dataCorrupted(context) = error {
                detail = context.debugDescription
                if let underlying = context.underlyingError { detail += " (\(underlying.localizedDescription))" }
            }
            throw .malformedJSON(detail)
        }
    }
}
