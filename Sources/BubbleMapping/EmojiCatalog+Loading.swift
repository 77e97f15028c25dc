import BubbleJSON
import FoundationEssentials

extension EmojiCatalog {
    /// Loads the catalog JSON at `path`; image paths resolve against the file's folder.
    ///
    /// A relative `path` is taken from the current directory, as any file argument is, and the folder is
    /// kept absolute: image paths stay right wherever the catalog is used from. Every image must exist
    /// when the catalog loads, so a sticker cannot go missing silently at draw time.
    ///
    /// Format: `{"version": 1, "generator": {...}, "defaults": {"alignment": "center"}, "entries": [{"name",
    /// "unicode" | "image", "group", "width", "height", "alignment", "ascent", "descent"}]}`.
    /// - Throws: ``MappingError/unreadableCatalog(path:reason:)`` when the file cannot be read or parsed,
    ///   ``MappingError/malformedCatalog(entry:reason:)`` naming the first bad entry (a missing image too).
    public init(contentsOf path: String) throws(MappingError) {
        let data: Data
        do {
            data = try Data(contentsOf: URL(fileURLWithPath: path))
        } catch {
            throw .unreadableCatalog(path: path, reason: EmojiCatalog.readFailure(error))
        }
        let folder = EmojiCatalog.absolute(EmojiCatalog.folder(of: path))
        try self.init(json: [UInt8](data), folder: folder, origin: path)
        for entry in entries {
            guard let image = imagePath(of: entry) else { continue }
            if let problem = EmojiCatalog.unreadableFile(image) {
                throw .malformedCatalog(entry: entry.name, reason: "image '\(entry.image ?? "")' \(problem) (looked for \(image))")
            }
        }
    }

    /// Parses catalog JSON held in memory.
    /// - Parameters:
    ///   - json: UTF-8 JSON bytes in the catalog format.
    ///   - folder: the folder image paths are relative to.
    ///   - origin: how to name the catalog in errors (a path).
    public init(json: [UInt8], folder: String? = nil, origin: String = "<memory>") throws(MappingError) {
        let document: JSONValue
        do { document = try JSONReader.read(json) } catch {
            throw .unreadableCatalog(path: origin, reason: "not JSON: \(error)")
        }
        let file = try CatalogFile(document, origin: origin)
        guard file.version == 1 else {
            throw .unreadableCatalog(path: origin, reason: "unsupported catalog version \(file.version) (expected 1)")
        }
        var entries: [Entry] = []
        entries.reserveCapacity(file.entries.count)
        for (index, value) in file.entries.enumerated() {
            let raw = try RawEntry(value, index: index)
            let label = raw.name.map { $0.isEmpty ? "#\(index)" : $0 } ?? "#\(index)"
            guard let name = raw.name else { throw .malformedCatalog(entry: label, reason: "missing \"name\"") }
            var alignment: PlaceholderAlignment?
            if let value = raw.alignment {
                guard let parsed = PlaceholderAlignment(rawValue: value) else {
                    throw .malformedCatalog(entry: label, reason: "unknown alignment '\(value)'")
                }
                alignment = parsed
            }
            entries.append(Entry(name: name, unicode: raw.unicode, image: raw.image, group: raw.group,
                                 width: raw.width, height: raw.height, alignment: alignment,
                                 ascent: raw.ascent, descent: raw.descent))
        }
        var defaultAlignment: PlaceholderAlignment?
        if let value = file.defaultAlignment {
            guard let parsed = PlaceholderAlignment(rawValue: value) else {
                throw .malformedCatalog(entry: "defaults", reason: "unknown alignment '\(value)'")
            }
            defaultAlignment = parsed
        }
        try self.init(entries: entries, defaultAlignment: defaultAlignment, folder: folder,
                      generator: file.generator)
    }

}

/// The catalog file's top level as read by ``JSONReader``, before its entries are checked.
private struct CatalogFile {
    var version: Int
    /// Generator record values, kept as text whatever their JSON type (a number as `Double` prints it).
    var generator: [String: String] = [:]
    var defaultAlignment: String?
    var entries: [JSONValue]

    init(_ document: JSONValue, origin: String) throws(MappingError) {
        guard let top = document.object else {
            throw .unreadableCatalog(path: origin, reason: "expected an object, found \(document.kindName)")
        }
        guard let version = top["version"] else { throw .unreadableCatalog(path: origin, reason: "missing \"version\"") }
        guard let number = version.int else {
            throw .unreadableCatalog(path: origin, reason: "\"version\" is \(version.kindName); expected an integer")
        }
        self.version = number
        switch top["entries"] {
        case .array(let items)?: entries = items
        case nil: throw .unreadableCatalog(path: origin, reason: "missing \"entries\"")
        case let other?: throw .unreadableCatalog(path: origin, reason: "\"entries\" is \(other.kindName); expected an array")
        }
        switch top["generator"] {
        case nil, .null?: break
        case .object(let record)?:
            for member in record.members {
                switch member.value {
                case .string(let s): generator[member.key] = s
                case .number(let n): generator[member.key] = String(n.value)
                case .bool(let b): generator[member.key] = String(b)
                default: generator[member.key] = ""
                }
            }
        case let other?: throw .unreadableCatalog(path: origin, reason: "\"generator\" is \(other.kindName); expected an object")
        }
        switch top["defaults"] {
        case nil, .null?: break
        case .object(let defaults)?:
            defaultAlignment = try CatalogFile.string(defaults["alignment"], "alignment") { reason throws(MappingError) in
                throw .malformedCatalog(entry: "defaults", reason: reason)
            }
        case let other?: throw .unreadableCatalog(path: origin, reason: "\"defaults\" is \(other.kindName); expected an object")
        }
    }

    /// An optional string field: absent or null is nil; any other kind is refused through `fail`.
    static func string(_ value: JSONValue?, _ key: String,
                       fail: (String) throws(MappingError) -> Never) throws(MappingError) -> String? {
        switch value {
        case nil, .null?: return nil
        case .string(let s)?: return s
        case let other?: try fail("\"\(key)\" is \(other.kindName); expected a string")
        }
    }

    /// An optional number field: absent or null is nil; any other kind is refused through `fail`.
    static func number(_ value: JSONValue?, _ key: String,
                       fail: (String) throws(MappingError) -> Never) throws(MappingError) -> Double? {
        switch value {
        case nil, .null?: return nil
        case .number(let n)?: return n.value
        case let other?: try fail("\"\(key)\" is \(other.kindName); expected a number")
        }
    }
}

/// One entry as written, before validation: a wrong kind of value names the entry by its index.
private struct RawEntry {
    var name: String?
    var unicode: String?
    var image: String?
    var group: String?
    var width: Double?
    var height: Double?
    var alignment: String?
    var ascent: Double?
    var descent: Double?

    init(_ value: JSONValue, index: Int) throws(MappingError) {
        let fail = { (reason: String) throws(MappingError) -> Never in throw .malformedCatalog(entry: "#\(index)", reason: reason) }
        guard let o = value.object else { try fail("expected an object, found \(value.kindName)") }
        name = try CatalogFile.string(o["name"], "name", fail: fail)
        unicode = try CatalogFile.string(o["unicode"], "unicode", fail: fail)
        image = try CatalogFile.string(o["image"], "image", fail: fail)
        group = try CatalogFile.string(o["group"], "group", fail: fail)
        width = try CatalogFile.number(o["width"], "width", fail: fail)
        height = try CatalogFile.number(o["height"], "height", fail: fail)
        alignment = try CatalogFile.string(o["alignment"], "alignment", fail: fail)
        ascent = try CatalogFile.number(o["ascent"], "ascent", fail: fail)
        descent = try CatalogFile.number(o["descent"], "descent", fail: fail)
    }
}
