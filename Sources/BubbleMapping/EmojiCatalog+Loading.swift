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
        let file: CatalogFile
        do {
            file = try JSONDecoder().decode(CatalogFile.self, from: Data(json))
        } catch let DecodingError.dataCorrupted(context) {
            throw .unreadableCatalog(path: origin, reason: "not JSON: \(context.debugDescription)")
        } catch let DecodingError.typeMismatch(_, context), let DecodingError.valueNotFound(_, context),
                let DecodingError.keyNotFound(_, context) {
            throw EmojiCatalog.formatError(context, file: origin)
        } catch {
            throw .unreadableCatalog(path: origin, reason: "\(error)")
        }
        guard file.version == 1 else {
            throw .unreadableCatalog(path: origin, reason: "unsupported catalog version \(file.version) (expected 1)")
        }
        var entries: [Entry] = []
        entries.reserveCapacity(file.entries.count)
        for (index, raw) in file.entries.enumerated() {
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
        if let value = file.defaults?.alignment {
            guard let parsed = PlaceholderAlignment(rawValue: value) else {
                throw .malformedCatalog(entry: "defaults", reason: "unknown alignment '\(value)'")
            }
            defaultAlignment = parsed
        }
        try self.init(entries: entries, defaultAlignment: defaultAlignment, folder: folder,
                      generator: file.generator?.mapValues(\.text) ?? [:])
    }

    /// A type error inside `entries[i]` names that entry; elsewhere, the catalog.
    private static func formatError(_ context: DecodingError.Context, file: String) -> MappingError {
        let path = context.codingPath
        if path.count >= 2, path[0].stringValue == "entries", let index = path[1].intValue {
            let field = path.count > 2 ? "\"\(path[2].stringValue)\": " : ""
            return .malformedCatalog(entry: "#\(index)", reason: field + context.debugDescription)
        }
        let where_ = path.map(\.stringValue).joined(separator: ".")
        return .unreadableCatalog(path: file, reason: "\(where_): \(context.debugDescription)")
    }
}

/// The catalog file as written on disk, before validation.
private struct CatalogFile: Decodable {
    var version: Int
    var generator: [String: GeneratorValue]?
    var defaults: Defaults?
    var entries: [RawEntry]

    struct Defaults: Decodable { var alignment: String? }

    struct RawEntry: Decodable {
        var name: String?
        var unicode: String?
        var image: String?
        var group: String?
        var width: Double?
        var height: Double?
        var alignment: String?
        var ascent: Double?
        var descent: Double?
    }

    /// A generator record value: kept as text whatever its JSON type.
    struct GeneratorValue: Decodable {
        var text: String
        init(from decoder: any Decoder) throws {
            let c = try decoder.singleValueContainer()
            if let s = try? c.decode(String.self) { text = s }
            else if let n = try? c.decode(Double.self) { text = String(n) }
            else if let b = try? c.decode(Bool.self) { text = String(b) }
            else { text = "" }
        }
    }
}
