import Bubble
import Foundation

/// One `bubble serve` flag, declared once in ``ServerFlagTable``: its name (the CLI property and, in
/// kebab-case, the flag), the settings field it writes, its help line, its range and how it reads its
/// argument. Parsing, `bubble serve --help`, the defaults shown, the range errors and docs/service.md's
/// flag list all follow from it; the defaults themselves are ``BubbleServerSettings``' initial values.
package struct ServerFlag: Sendable {
    /// `maxBodyBytes`: the CLI's property; `--max-body-bytes` is its flag.
    package let key: String
    /// The ``BubbleServerSettings`` field the flag writes (`limits` for the engine's caps).
    package let field: String
    /// One line for the help and the docs.
    package let doc: String
    /// What the flag takes, for the help, the docs and shell completion.
    package let value: Value
    /// The default in words when the settings' value does not say it (`2 per core`), or when there is none.
    let defaultNote: String?
    /// Markdown after the doc in docs/service.md only (links the terminal cannot follow).
    let docsNote: String?
    let describe: @Sendable (BubbleServerSettings) -> String?
    let apply: @Sendable (String, inout BubbleServerSettings) throws -> Void

    /// What a flag takes.
    package enum Value: Sendable, Equatable {
        /// Nothing: the flag switches something on.
        case none
        /// A number or a word.
        case text
        /// A file's path (with the files' extension shells offer).
        case file(String)
        /// One of these words.
        case choice([String])
    }

    /// `--max-body-bytes`.
    package var flag: String { key.flagSpelling }

    /// The default as the help and the docs write it.
    package var defaultText: String? { defaultNote ?? describe(BubbleServerSettings()) }

    /// The help line: the doc and the default.
    package var help: String { defaultText.map { "\(doc) (default \($0))" } ?? doc }
}

/// A flag's argument that the flag does not take: a usage error naming the flag.
package struct ServerFlagError: Error, CustomStringConvertible {
    package let description: String
    init(_ flag: String, takes expected: String, not argument: String) {
        description = "\(flag) takes \(expected), not '\(argument)'"
    }
}

typealias SettingsPath<V> = WritableKeyPath<BubbleServerSettings, V>

extension ServerFlag {
    /// A flag reading its argument with `read` (nil: not taken, and `expected` says what is).
    static func make<V: Sendable>(_ path: SettingsPath<V>, _ key: String, field: String? = nil, _ doc: String, value: Value = .text,
                                  default note: String? = nil, docs: String? = nil, expected: String,
                                  describe: @escaping @Sendable (V) -> String?, read: @escaping @Sendable (String) -> V?) -> ServerFlag {
        nonisolated(unsafe) let path = path
        let flag = key.flagSpelling
        return ServerFlag(key: key, field: field ?? key, doc: doc, value: value, defaultNote: note, docsNote: docs,
                          describe: { describe($0[keyPath: path]) },
                          apply: { argument, settings in
                              guard let v = read(argument) else { throw ServerFlagError(flag, takes: expected, not: argument) }
                              settings[keyPath: path] = v
                          })
    }

    /// A whole number in `range`; `bytes` shows the default in MiB too.
    static func integer<I: FixedWidthInteger & Sendable>(_ path: SettingsPath<I>, _ key: String, field: String? = nil, _ doc: String,
                                                         _ range: ClosedRange<I>, bytes: Bool = false, default note: String? = nil) -> ServerFlag {
        let expected = range.upperBound == .max ? "\(range.lowerBound) or more" : "\(range.lowerBound) to \(range.upperBound)"
        return make(path, key, field: field, doc, default: note, expected: expected,
                    describe: { v in bytes && v > 0 && v % (1 << 20) == 0 ? "\(v) (\(v >> 20) MiB)" : "\(v)" },
                    read: { I($0).flatMap { range.contains($0) ? $0 : nil } })
    }

    /// A number of seconds or bytes per second in `range`.
    static func number(_ path: SettingsPath<Double>, _ key: String, _ doc: String, _ range: NumberRange) -> ServerFlag {
        make(path, key, doc, expected: range.expectation, describe: { $0.optionDescription },
             read: { Double($0).flatMap { range.contains($0) ? $0 : nil } })
    }

    /// A word the settings always hold (an address).
    static func text(_ path: SettingsPath<String>, _ key: String, _ doc: String) -> ServerFlag {
        make(path, key, doc, expected: "a non-empty text", describe: { $0 }, read: { $0.isEmpty ? nil : $0 })
    }

    /// A word (a URL, a header name); nil when the settings have none by default.
    static func text(_ path: SettingsPath<String?>, _ key: String, _ doc: String, default note: String? = nil,
                     expected: String = "a non-empty text", valid: @escaping @Sendable (String) -> Bool = { !$0.isEmpty }) -> ServerFlag {
        make(path, key, doc, default: note, expected: expected, describe: { $0 },
             read: { text -> String?? in valid(text) ? .some(text) : .none })
    }

    /// A comma-separated list of names, each trimmed.
    static func list(_ path: SettingsPath<[String]?>, _ key: String, field: String? = nil, _ doc: String, default note: String) -> ServerFlag {
        make(path, key, field: field, doc, default: note, expected: "names separated by commas", describe: { $0?.joined(separator: ",") },
             read: { text -> [String]?? in
                 let names = text.split(separator: ",", omittingEmptySubsequences: false).map { $0.trimmingCharacters(in: .whitespaces) }
                 return names.contains(where: \.isEmpty) ? .none : .some(names)
             })
    }

    /// One of an enumeration's raw values.
    static func choice<V: RawRepresentable & CaseIterable & Sendable>(_ path: SettingsPath<V>, _ key: String, _ doc: String) -> ServerFlag
    where V.RawValue == String {
        let words = V.allCases.map(\.rawValue)
        return make(path, key, doc, value: .choice(words), expected: words.joined(separator: " or "), describe: { $0.rawValue },
                    read: V.init(rawValue:))
    }

    /// A switch: given, it turns the setting on.
    static func toggle(_ path: SettingsPath<Bool>, _ key: String, _ doc: String) -> ServerFlag {
        make(path, key, doc, value: .none, default: "off", expected: "no value", describe: { _ in nil },
             read: { $0 == "true" ? true : nil })
    }

    /// A file read at start into the settings by `read`, which names the flag in its errors.
    static func file(_ key: String, field: String, _ doc: String, extension ext: String = "json", docs: String? = nil,
                     read: @escaping @Sendable (_ bytes: [UInt8], _ path: String, inout BubbleServerSettings) throws -> Void) -> ServerFlag {
        let flag = key.flagSpelling
        return ServerFlag(key: key, field: field, doc: doc, value: .file(ext), defaultNote: nil, docsNote: docs, describe: { _ in nil },
                          apply: { path, settings in
                              guard let data = FileManager.default.contents(atPath: path) else {
                                  throw ServerFlagError(flag, takes: "a readable file", not: path)
                              }
                              try read([UInt8](data), path, &settings)
                          })
    }

    /// A value written into the settings by `set` (the defaults' catalog and fonts).
    static func custom(_ key: String, field: String, _ doc: String, value: Value = .text, default note: String,
                       set: @escaping @Sendable (String, inout BubbleServerSettings) throws -> Void) -> ServerFlag {
        ServerFlag(key: key, field: field, doc: doc, value: value, defaultNote: note, docsNote: nil, describe: { _ in nil }, apply: set)
    }
}
