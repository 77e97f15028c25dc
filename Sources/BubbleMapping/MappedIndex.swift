/// An offset into the mapped text, in UTF-16 code units.
///
/// The mapped text is the message after emoji tokens became U+FFFC placeholders. It is a
/// different coordinate space from the source message, so it gets its own type (`SourceIndex`
/// is the other); only ``OffsetMap`` converts between them.
public struct MappedIndex: Hashable, Comparable, Sendable, CustomStringConvertible {
    /// UTF-16 code units from the start of the mapped text.
    public var utf16: Int

    public init(_ utf16: Int) { self.utf16 = utf16 }

    public static func < (a: MappedIndex, b: MappedIndex) -> Bool { a.utf16 < b.utf16 }
    package static func + (a: MappedIndex, b: Int) -> MappedIndex { MappedIndex(a.utf16 + b) }
    public var description: String { "m\(utf16)" }
}

/// An offset into the source message, in UTF-16 code units.
///
/// Converted to the unit a caller asked for (UTF-8 bytes, scalars) only when reported.
public struct SourceIndex: Hashable, Comparable, Sendable, CustomStringConvertible {
    /// UTF-16 code units from the start of the source message.
    public var utf16: Int

    public init(_ utf16: Int) { self.utf16 = utf16 }

    public static func < (a: SourceIndex, b: SourceIndex) -> Bool { a.utf16 < b.utf16 }
    public var description: String { "s\(utf16)" }
}

/// The unit in which offsets into the source message are reported.
public enum OffsetUnit: String, Sendable, Codable, CaseIterable {
    /// UTF-16 code units: NSRange, JavaScript strings, Telegram entities.
    case utf16
    /// UTF-8 bytes.
    case utf8
    /// Unicode scalar values (code points).
    case scalars
}
