#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The emoji catalog: every `[name]` token Bubble knows, by name.
///
/// An entry stands for a Unicode emoji sequence (`unicode`) or one of the catalog's own images
/// (`image`, a path relative to the catalog's folder), with optional size and alignment overrides.
/// Look-up by name is a dictionary access. Bubble never reads files named in messages; only the
/// catalog's own image paths are resolved, against the catalog's folder (see ``imagePath(of:)``).
public struct EmojiCatalog: Sendable {
    /// One catalog entry.
    public struct Entry: Sendable, Equatable, Hashable {
        /// The token name, without brackets: 1–64 scalars, no brackets, whitespace, slashes or backslashes.
        public var name: String
        /// The emoji sequence the name stands for (drawn with the color emoji font).
        public var unicode: String?
        /// An image file, relative to the catalog's folder (never absolute, never containing `..`).
        public var image: String?
        /// A grouping for listings (`Smileys & Emotion`).
        public var group: String?
        /// Box size in px; `nil` takes the emoji size.
        public var width: Double?
        public var height: Double?
        public var alignment: PlaceholderAlignment?
        /// Run-delegate metrics in px above and below the baseline.
        public var ascent: Double?
        public var descent: Double?

        public init(name: String, unicode: String? = nil, image: String? = nil, group: String? = nil,
                    width: Double? = nil, height: Double? = nil, alignment: PlaceholderAlignment? = nil,
                    ascent: Double? = nil, descent: Double? = nil) {
            self.name = name
            self.unicode = unicode
            self.image = image
            self.group = group
            self.width = width
            self.height = height
            self.alignment = alignment
            self.ascent = ascent
            self.descent = descent
        }
    }

    /// Entries in catalog order.
    public let entries: [Entry]
    /// The catalog-wide alignment for entries without their own (`defaults.alignment`).
    public let defaultAlignment: PlaceholderAlignment?
    /// The folder image paths are relative to; `nil` for a catalog built in memory.
    public let folder: String?
    /// Versions of the tools that generated the catalog, as recorded in it.
    public let generator: [String: String]

    /// The look-up tables, behind one reference (copying a catalog, as each mapping does, retains one
    /// object rather than five).
    private let index: Index

    /// Look-up tables of the names.
    private final class Index: Sendable {
        let byName: [String: Int]
        /// Entry index by a 64-bit hash of the name's UTF-16 units, so the mapper looks tokens up without
        /// making a `String`: an open-addressing table (linear probing, a power of two at least twice the
        /// entries) of entry index + 1 (0: empty slot), with each slot's hash beside it.
        let slots: [Int32]
        let slotHashes: [UInt64]
        /// Every name's UTF-16 units end to end, and where each name ends, to compare a token with a name
        /// without walking a `String`'s UTF-16 view.
        let nameUnits: [UInt16]
        let nameEnds: [Int]

        init(byName: [String: Int], slots: [Int32], slotHashes: [UInt64], nameUnits: [UInt16], nameEnds: [Int]) {
            self.byName = byName
            self.slots = slots
            self.slotHashes = slotHashes
            self.nameUnits = nameUnits
            self.nameEnds = nameEnds
        }
    }
    /// Longest name in UTF-16 units, so the token scanner can give up early.
    let longestNameUTF16: Int

    /// A catalog with no entries: every `[name]` stays literal.
    public static let empty = try! EmojiCatalog(entries: [])

    /// A catalog of `entries`, validated as a loaded catalog would be.
    /// - Throws: ``MappingError/malformedCatalog(entry:reason:)`` naming the first bad entry.
    public init(entries: [Entry], defaultAlignment: PlaceholderAlignment? = nil, folder: String? = nil,
                generator: [String: String] = [:]) throws(MappingError) {
        var byName: [String: Int] = [:]
        byName.reserveCapacity(entries.count)
        var longest = 0
        var size = 16
        while size < entries.count * 2 { size *= 2 }
        var slots = [Int32](repeating: 0, count: size), slotHashes = [UInt64](repeating: 0, count: size)
        var nameUnits: [UInt16] = [], nameEnds: [Int] = []
        nameEnds.reserveCapacity(entries.count)
        for (index, entry) in entries.enumerated() {
            try EmojiCatalog.validate(entry, index: index)
            if byName.updateValue(index, forKey: entry.name) != nil {
                throw .malformedCatalog(entry: entry.name, reason: "duplicate name")
            }
            longest = max(longest, entry.name.utf16.count)
            let units = Array(entry.name.utf16)
            nameUnits.append(contentsOf: units)
            nameEnds.append(nameUnits.count)
            let hash = units.withUnsafeBufferPointer(EmojiCatalog.hash)
            var slot = Int(truncatingIfNeeded: hash) & (size - 1)
            while slots[slot] != 0 { slot = (slot + 1) & (size - 1) }
            slots[slot] = Int32(index + 1)
            slotHashes[slot] = hash
        }
        self.index = Index(byName: byName, slots: slots, slotHashes: slotHashes, nameUnits: nameUnits, nameEnds: nameEnds)
        self.entries = entries
        self.longestNameUTF16 = longest
        self.defaultAlignment = defaultAlignment
        self.folder = folder
        self.generator = generator
    }

    /// The entry named `name` (without brackets).
    public subscript(name: String) -> Entry? {
        index.byName[name].map { entries[$0] }
    }

    /// The index in ``entries`` of the entry named by the UTF-16 units `name` (without brackets): the
    /// scanner reads the entry in place, where an entry returned is a copy (a retain of each string).
    package func entryIndex(utf16 name: UnsafeBufferPointer<UInt16>) -> Int? {
        let table = index
        let hash = EmojiCatalog.hash(name)
        let mask = table.slots.count - 1
        var slot = Int(truncatingIfNeeded: hash) & mask
        while true {
            let stored = Int(table.slots[slot])
            if stored == 0 { return nil }
            if table.slotHashes[slot] == hash {
                let found = stored - 1
                let start = found == 0 ? 0 : table.nameEnds[found - 1], end = table.nameEnds[found]
                if end - start == name.count, table.nameUnits.withUnsafeBufferPointer({ units in
                    name.isEmpty || memcmp(units.baseAddress! + start, name.baseAddress!, name.count * 2) == 0
                }) {
                    return found
                }
            }
            slot = (slot + 1) & mask
        }
    }

    /// FNV-1a over UTF-16 units.
    static func hash(_ units: UnsafeBufferPointer<UInt16>) -> UInt64 {
        var h: UInt64 = 0xcbf2_9ce4_8422_2325
        for u in units { h = (h ^ UInt64(u)) &* 0x100_0000_01b3 }
        return h
    }

    /// Number of entries.
    public var count: Int { entries.count }

    /// The entry's image path resolved against the catalog's folder, or `nil` when it has no image.
    public func imagePath(of entry: Entry) -> String? {
        entry.image.map(imagePath(of:))
    }

    /// An entry's `image`, resolved against the catalog's folder (as it is, without a folder).
    package func imagePath(of image: String) -> String {
        guard let folder, !folder.isEmpty else { return image }
        return folder.hasSuffix("/") ? folder + image : folder + "/" + image
    }

    /// Longest name, in scalars.
    static let maxNameLength = 64

    /// Checks one entry against the catalog format.
    static func validate(_ entry: Entry, index: Int) throws(MappingError) {
        let label = entry.name.isEmpty ? "#\(index)" : entry.name
        let scalars = entry.name.unicodeScalars
        guard !scalars.isEmpty, scalars.count <= maxNameLength else {
            throw .malformedCatalog(entry: label, reason: "a name must be 1–\(maxNameLength) characters")
        }
        for scalar in scalars where !TokenName.allows(scalar) {
            throw .malformedCatalog(entry: label,
                                    reason: "a name may not contain brackets, whitespace, slashes or control characters")
        }
        guard entry.unicode != nil || entry.image != nil else {
            throw .malformedCatalog(entry: label, reason: "needs \"unicode\" or \"image\"")
        }
        if let unicode = entry.unicode, unicode.isEmpty {
            throw .malformedCatalog(entry: label, reason: "\"unicode\" is empty")
        }
        if let image = entry.image, let problem = imagePathProblem(image) {
            throw .malformedCatalog(entry: label, reason: problem)
        }
        for (key, value, bound) in [("width", entry.width, InputBounds.imageSide), ("height", entry.height, InputBounds.imageSide),
                                    ("ascent", entry.ascent, InputBounds.placeholderOffset),
                                    ("descent", entry.descent, InputBounds.placeholderOffset)] {
            if let value, !bound.contains(value) {
                throw .malformedCatalog(entry: label, reason: "\"\(key)\" is \(value); expected \(bound.expected)")
            }
        }
    }

    /// Why an image path may not be used, or `nil` when it is a plain relative path inside the folder.
    static func imagePathProblem(_ path: String) -> String? {
        if path.isEmpty { return "\"image\" is empty" }
        if path.hasPrefix("/") || path.hasPrefix("\\") || path.hasPrefix("~") {
            return "\"image\" must be relative to the catalog folder"
        }
        if path.contains(":") { return "\"image\" must be a relative path, not a URL or drive path" }
        if path.unicodeScalars.contains(where: { $0.value < 0x20 || $0.value == 0x7F }) {
            return "\"image\" contains control characters"
        }
        let components = path.split(separator: "/", omittingEmptySubsequences: false)
            .flatMap { $0.split(separator: "\\", omittingEmptySubsequences: false) }
        if components.contains("..") { return "\"image\" may not contain '..'" }
        return nil
    }
}

/// The characters a token name may hold.
enum TokenName {
    /// Anything but brackets, whitespace, slashes, backslashes and controls.
    @inline(__always)
    static func allows(_ scalar: Unicode.Scalar) -> Bool {
        allows(unit: scalar.value)
    }

    /// The same rule on a scalar value (or a UTF-16 unit: surrogates are allowed, their pair is checked
    /// only as a whole name).
    @inline(__always)
    static func allows(unit value: UInt32) -> Bool {
        switch value {
        case 0x5B, 0x5D, 0x2F, 0x5C, 0x20: return false  // [ ] / \ space
        case 0..<0x20, 0x7F...0x9F: return false
        case 0x85, 0xA0, 0x1680, 0x2000...0x200A, 0x2028, 0x2029, 0x202F, 0x205F, 0x3000: return false
        case 0xFEFF, 0xFFFC, 0xFFFD: return false
        default: return true
        }
    }
}
