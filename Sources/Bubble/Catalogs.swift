import BubbleMapping
import BubbleLock
import FoundationEssentials

/// The emoji catalogs an engine has loaded, by path (at most ``capacity``, the least recently used
/// dropped first), and the one given in memory.
final class Catalogs: @unchecked Sendable {
    /// A catalog given in memory, used whenever the options name no catalog path.
    let inMemory: LoadedCatalog?
    /// Most catalogs kept by path (at least 1).
    let capacity: Int
    /// Kept by path, charged nothing: a catalog is operator-named (a file on the server's disk), so their
    /// number is the bound that matters.
    private let byPath: BoundedCache<String, LoadedCatalog>

    init(inMemory: EmojiCatalog?, capacity: Int) {
        self.inMemory = inMemory.map(LoadedCatalog.init)
        self.capacity = max(1, capacity)
        byPath = BoundedCache(maxEntries: self.capacity, maxBytes: Int.max)
    }

    /// Catalogs kept now by path.
    var count: Int { byPath.count }

    /// The catalog at `path` (nil: Bubble's own, or the in-memory one), loaded once.
    func catalog(at path: String?) throws(BubbleError) -> LoadedCatalog {
        if path == nil, let inMemory { return inMemory }
        let path = path ?? Catalogs.defaultPath
        if let found = byPath.value(for: path) { return found }
        let loaded: LoadedCatalog
        do { loaded = LoadedCatalog(try EmojiCatalog(contentsOf: path)) } catch {
            var message = error.message
            // A missing default catalog says where Bubble looked.
            if case .unreadableCatalog = error, path == DataLocation.catalogPath {
                message += " (\(DataLocation.missingCatalogHint))"
            }
            throw BubbleError(code: error.code, message: message)
        }
        return byPath.value(for: path, orInsert: loaded, bytes: 0)
    }

    /// Bubble's own catalog: `$BUBBLE_CATALOG`, else the one beside the executable (see ``DataLocation``).
    static var defaultPath: String { DataLocation.catalogPath }
}
