import ArgumentParser

/// A command whose flags are one `@Option`/`@Flag` line per entry of a table (``LayoutFlags`` for the
/// layout options, `ServeCommand` for the server's flags): each property is named as its table key, so
/// what was given, and which keys have a flag, are read off the properties.
protocol TableFlags: ParsableArguments {
    /// Whether `key` is an entry of the command's table.
    static func isTableKey(_ key: String) -> Bool
}

extension TableFlags {
    /// The flags given, as (table key, argument; "true" for a switch): every stored flag whose name is a table key.
    func givenFlags() -> [(key: String, argument: String)] {
        Mirror(reflecting: self).children.compactMap { child in
            guard let label = child.label?.dropFirst(), Self.isTableKey(String(label)) else { return nil }
            switch child.value {
            case let flag as Flag<Bool>: return flag.wrappedValue ? (String(label), "true") : nil
            case let option as Option<String?>: return option.wrappedValue.map { (String(label), $0) }
            default: return nil
            }
        }
    }

    /// The table keys that have a flag here, in order (for the tests that check them against the table).
    static var flagKeys: [String] {
        Mirror(reflecting: Self()).children.compactMap { $0.label.map { String($0.dropFirst()) } }.filter(isTableKey)
    }
}
