package import BubbleJSON

/// One layout option, declared once in ``OptionTable``: its key (the library field, the JSON key and,
/// in kebab-case, the CLI flag), its doc line, its default, its range, the stage that reads it and how
/// it merges. Reading JSON, reading a CLI argument, validation, merging, the shaped-text cache key,
/// the CLI help and the OpenAPI schema all follow from it.
package struct OptionSpec: Sendable {
    /// `maxWidth`: the field, the JSON key.
    package let key: String
    /// One line for help texts and the schema.
    package let doc: String
    /// Extra words after the default in the help (`1.25 × fontSize` when there is no fixed default).
    let defaultNote: String?
    /// The earliest pipeline stage that reads the option (what a cached shaped text depends on).
    package let stage: OptionStage
    /// The JSON Schema of the option's value (OpenAPI's `Options` properties are these).
    package let schema: JSONValue
    /// Whether the layout flags offer it (`theme` and `debug` are `bubble svg`'s own flags, and
    /// `--link-map FILE` belongs to the message; every option is reachable through `--options FILE`).
    package let hasFlag: Bool
    /// Whether an HTTP request may set it (a catalog path is the server's to choose).
    package let inRequests: Bool

    let read: @Sendable (JSONValue, inout BubbleOptions) throws(BubbleError) -> Void
    let readArgument: @Sendable (String, inout BubbleOptions) throws(BubbleError) -> Void
    let fill: @Sendable (inout BubbleOptions, BubbleOptions) -> Void
    /// Gives the first options the second's value, merged over the first's as the option merges (the second
    /// must give the option): merging a few given options over a full set.
    let take: @Sendable (inout BubbleOptions, BubbleOptions) -> Void
    let check: @Sendable (BubbleOptions) throws(BubbleError) -> Void
    let clear: @Sendable (inout BubbleOptions) -> Void
    /// Whether `options` gives this option.
    package let isSet: @Sendable (BubbleOptions) -> Bool
    let describe: @Sendable (BubbleOptions) -> String?

    /// `--max-width`.
    package var flag: String { key.flagSpelling }

    /// The help line of the flag: the doc and the default.
    package var help: String {
        defaultText.map { "\(doc) (default \($0))" } ?? doc
    }

    /// The default as written in help texts and docs: the value ``BubbleOptions/standard`` holds.
    package var defaultText: String? { describe(BubbleOptions.standard) ?? defaultNote }
}

/// The pipeline stage that first reads an option: options of the Map and Shape stages are part of a
/// shaped text's identity; the others only change how it is broken into lines, reported or drawn.
package enum OptionStage: Int, Sendable, Comparable {
    case map, shape, layout, report, render

    package static func < (a: OptionStage, b: OptionStage) -> Bool { a.rawValue < b.rawValue }
}

/// How an option given at two levels (message over request over server defaults) combines.
enum MergeRule: Sendable {
    /// The nearer level's value wins whole.
    case replace
    /// Objects merge key by key, the nearer level's entries winning (link maps).
    case mergeEntries
}

/// Keypaths into ``BubbleOptions`` are immutable values: safe to share.
typealias OptionPath<V> = WritableKeyPath<BubbleOptions, V?>

extension OptionSpec {
    /// An option whose value type reads itself from JSON and from a CLI argument.
    ///
    /// - Parameters:
    ///   - range: checks a value; returns what was expected when the value is out of range.
    ///   - schema: the JSON Schema of the value.
    static func make<V: OptionValue>(_ path: OptionPath<V>, _ key: String, _ doc: String, default defaultNote: String? = nil,
                                     stage: OptionStage, schema: JSONValue, merge: MergeRule = .replace, flag: Bool = true,
                                     inRequests: Bool = true, range: (@Sendable (V) -> String?)? = nil) -> OptionSpec {
        nonisolated(unsafe) let path = path
        // Where the field is stored: whether a set gives the option is read there, not through the key path
        // (whose projection copies the value and looks up generic metadata on every read), for it is asked
        // of every option each time options are merged, checked or keyed.
        guard let offset = MemoryLayout<BubbleOptions>.offset(of: path) else { preconditionFailure("option \(key) is not a stored field") }
        let check: @Sendable (BubbleOptions) throws(BubbleError) -> Void = { o throws(BubbleError) in
            guard let v = o[keyPath: path], let expected = range?(v) else { return }
            throw .outOfRange(key, v.optionDescription, expected)
        }
        return OptionSpec(
            key: key, doc: doc, defaultNote: defaultNote, stage: stage, schema: schema, hasFlag: flag, inRequests: inRequests,
            read: { json, o throws(BubbleError) in
                do throws(OptionValueError) { o[keyPath: path] = try V(json: json) } catch { throw .invalidOption(key, error) }
            },
            readArgument: { text, o throws(BubbleError) in
                do throws(OptionValueError) { o[keyPath: path] = try V(argument: text) } catch { throw .invalidOption(key, error) }
            },
            fill: { o, base in
                guard let b = base[keyPath: path] else { return }
                guard let mine = o[keyPath: path] else { o[keyPath: path] = b; return }
                if case .mergeEntries = merge { o[keyPath: path] = V.merging(mine, over: b) }
            },
            take: { o, nearer in
                guard let mine = nearer[keyPath: path] else { return }
                if case .mergeEntries = merge, let b = o[keyPath: path] { o[keyPath: path] = V.merging(mine, over: b) } else {
                    o[keyPath: path] = mine
                }
            },
            check: check,
            clear: { o in o[keyPath: path] = nil },
            isSet: { o in
                withUnsafePointer(to: o) { UnsafeRawPointer($0).advanced(by: offset).assumingMemoryBound(to: V?.self).pointee != nil }
            },
            describe: { o in o[keyPath: path].map { $0.optionDescription } })
    }

    /// A number option in `range` (px unless the doc says otherwise).
    static func number(_ path: OptionPath<Double>, _ key: String, _ doc: String, default d: String? = nil,
                       stage: OptionStage, _ range: NumberRange) -> OptionSpec {
        make(path, key, doc, default: d, stage: stage, schema: range.schema(type: "number", doc: doc),
             range: { range.contains($0) ? nil : range.expectation })
    }

    /// An integer option in `range`.
    static func integer(_ path: OptionPath<Int>, _ key: String, _ doc: String, default d: String? = nil,
                        stage: OptionStage, _ range: NumberRange) -> OptionSpec {
        make(path, key, doc, default: d, stage: stage, schema: range.schema(type: "integer", doc: doc),
             range: { range.contains(Double($0)) ? nil : range.expectation })
    }

    static func bool(_ path: OptionPath<Bool>, _ key: String, _ doc: String, default d: String? = nil,
                     stage: OptionStage, flag: Bool = true) -> OptionSpec {
        make(path, key, doc, default: d, stage: stage, schema: .schema(["type": .string("boolean"), "description": .string(doc)]),
             flag: flag)
    }

    /// An option taking one of an enumeration's raw values.
    static func choice<V: OptionValue & CaseIterable & RawRepresentable>(_ path: OptionPath<V>, _ key: String, _ doc: String,
                                                                        default d: String? = nil, stage: OptionStage) -> OptionSpec
    where V.RawValue == String {
        make(path, key, doc, default: d, stage: stage,
             schema: .schema(["enum": .array(V.allCases.map { .string($0.rawValue) }), "description": .string(doc)]))
    }

    /// A string of at most `maxLength` UTF-16 units.
    static func text(_ path: OptionPath<String>, _ key: String, _ doc: String, default d: String? = nil, stage: OptionStage,
                     maxLength: Int, flag: Bool = true, inRequests: Bool = true) -> OptionSpec {
        make(path, key, doc, default: d, stage: stage,
             schema: .schema(["type": .string("string"), "maxLength": .int(maxLength), "description": .string(doc)]), flag: flag,
             inRequests: inRequests,
             range: { $0.utf16.count <= maxLength ? nil : "at most \(maxLength) UTF-16 units" })
    }
}

extension String {
    /// The CLI flag of a camel-case key, as ArgumentParser spells it: `maxWidth` → `--max-width`; a run of
    /// capitals is one word (`invalidUTF8` → `--invalid-utf8`).
    package var flagSpelling: String {
        var out = "--"
        var previousUpper = false
        for c in self {
            let upper = c.isUppercase
            if upper && !previousUpper { out += "-" }
            out += upper ? c.lowercased() : String(c)
            previousUpper = upper
        }
        return out
    }
}

/// A closed or half-open range of numbers, with its wording for errors and its JSON Schema.
package struct NumberRange: Sendable {
    var min: Double
    /// Whether `min` itself is refused (`> 0` rather than `≥ 0`).
    var minExclusive: Bool
    var max: Double

    package static func above(_ min: Double, max: Double) -> NumberRange { NumberRange(min: min, minExclusive: true, max: max) }
    package static func from(_ min: Double, max: Double) -> NumberRange { NumberRange(min: min, minExclusive: false, max: max) }

    package func contains(_ v: Double) -> Bool {
        v.isFinite && (minExclusive ? v > min : v >= min) && v <= max
    }

    package var expectation: String {
        "a number \(minExclusive ? ">" : "≥") \(min.optionDescription) and ≤ \(max.optionDescription)"
    }

    func schema(type: String, doc: String) -> JSONValue {
        .schema(["type": .string(type), minExclusive ? "exclusiveMinimum" : "minimum": .number(min),
                 "maximum": .number(max), "description": .string(doc)])
    }
}

extension JSONValue {
    /// A schema object with its keys in a fixed order, so the generated document diffs cleanly.
    static func schema(_ fields: KeyValuePairs<String, JSONValue>) -> JSONValue {
        .object(JSONObject(fields.map { ($0.key, $0.value) }))
    }

    static func number(_ v: Double) -> JSONValue {
        let i = Int(exactly: v)
        return .number(JSONNumber(v, integer: i))
    }

    static func int(_ v: Int) -> JSONValue { .number(JSONNumber(Double(v), integer: v)) }
}

extension BubbleError {
    /// An option whose value has the wrong shape.
    static func invalidOption(_ key: String, _ problem: OptionValueError) -> BubbleError {
        BubbleError(code: "invalid_options", message: "option '\(problem.path.isEmpty ? key : key + "." + problem.path)': \(problem.message)")
    }
}
