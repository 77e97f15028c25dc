/// An options object decoded with its keys checked first, so an unknown key is named rather than
/// silently ignored (Codable skips keys it does not know).
///
/// Every error it throws is a ``BubbleError``; whatever else ``JSONDecoder`` throws came from parsing.
struct CheckedOptions: Decodable {
    let options: BubbleOptions

    /// Any key of a JSON object.
    private struct AnyKey: CodingKey {
        var stringValue: String
        var intValue: Int? { nil }
        init(stringValue: String) { self.stringValue = stringValue }
        init?(intValue: Int) { nil }
    }

    init(from decoder: any Decoder) throws {
        let keys: [AnyKey]
        do { keys = try decoder.container(keyedBy: AnyKey.self).allKeys } catch {
            // A bare value at the top: the parser used to refuse it as not JSON; keep that code.
            guard (try? decoder.unkeyedContainer()) != nil else {
                throw BubbleError(code: "malformed_json", message: "options are not valid JSON: expected an object, found a bare value")
            }
            throw BubbleError(code: "invalid_options", message: "options must be a JSON object")
        }
        if let unknown = keys.map(\.stringValue).filter({ !BubbleOptions.keys.contains($0) }).sorted().first {
            throw BubbleError(code: "invalid_options", message: "unknown option '\(unknown)'")
        }
        do {
            options = try BubbleOptions(from: decoder)
        } catch let DecodingError.typeMismatch(_, context), let DecodingError.dataCorrupted(context) {
            let key = context.codingPath.map(\.stringValue).joined(separator: ".")
            throw BubbleError(code: "invalid_options", message: "option '\(key)': \(context.debugDescription)")
        } catch {
            throw BubbleError(code: "invalid_options", message: "options: \(error)")
        }
    }
}
