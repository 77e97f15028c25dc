public import BubbleMapping
import BubbleLock
import FoundationEssentials

/// The emoji catalogs an engine has loaded, by path, and the one given in memory.
final class Catalogs: @unchecked Sendable {
    /// A catalog given in memory, used whenever the options name no catalog path.
    let inMemory: LoadedCatalog?
    private let lock = Lock()
    private var byPath: [String: LoadedCatalog] = [:]

    init(inMemory: EmojiCatalog?) {
        self.inMemory = inMemory.map(LoadedCatalog.init)
    }

    /// The catalog at `path` (nil: Bubble's own, or the in-memory one), loaded once.
    func catalog(at path: String?) throws(BubbleError) -> LoadedCatalog {
        if path == nil, let inMemory { return inMemory }
        let path = path ?? Catalogs.defaultPath
        if let c = lock.withLock({ byPath[path] }) { return c }
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
            byPath[path] = loaded
            return loaded
        }
    }

    /// Bubble's own catalog: `$BUBBLE_CATALOG`, else the one beside the executable (see ``DataLocation``).
    static var defaultPath: String { DataLocation.catalogPath }
}
