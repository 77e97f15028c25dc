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
    private let lock = Lock()
    private var byPath: [String: (catalog: LoadedCatalog, used: UInt64)] = [:]
    private var tick: UInt64 = 0

    init(inMemory: EmojiCatalog?, capacity: Int) {
        self.inMemory = inMemory.map(LoadedCatalog.init)
        self.capacity = max(1, capacity)
    }

    /// Catalogs kept now by path.
    var count: Int { lock.withLock { byPath.count } }

    /// The catalog at `path` (nil: Bubble's own, or the in-memory one), loaded once.
    func catalog(at path: String?) throws(BubbleError) -> LoadedCatalog {
        if path == nil, let inMemory { return inMemory }
        let path = path ?? Catalogs.defaultPath
        let found: LoadedCatalog? = lock.withLock {
            tick &+= 1
            guard let entry = byPath[path] else { return nil }
            byPath[path]!.used = tick
            return entry.catalog
        }
        if let found { return found }
        let loaded: LoadedCatalog
        do { loaded = LoadedCatalog(try EmojiCatalog(contentsOf: path)) } catch {
            var message = error.message
            // A missing default catalog says where Bubble looked.
            if case .unreadableCatalog = error, path == DataLocation.catalogPath {
                message += " (\(DataLocation.missingCatalogHint))"
            }
            throw BubbleError(code: error.code, message: message)
        }
        return lock.withLock {
            if let existing = byPath[path] { return existing.catalog }
            if byPath.count >= capacity, let oldest = byPath.min(by: { $0.value.used < $1.value.used }) {
                byPath.removeValue(forKey: oldest.key)
            }
            byPath[path] = (loaded, tick)
            return loaded
        }
    }

    /// Bubble's own catalog: `$BUBBLE_CATALOG`, else the one beside the executable (see ``DataLocation``).
    static var defaultPath: String { DataLocation.catalogPath }
}
