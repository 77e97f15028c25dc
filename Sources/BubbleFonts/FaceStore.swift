import BubbleLock

/// The faces a process has open, by file, face index and synthetic style: chains that name the same file
/// share one ``FontFace`` (one memory map, one set of HarfBuzz fonts) instead of opening it again.
///
/// Bounded: at most ``capacity`` faces, the least recently asked for dropped first. A dropped face lives on
/// while a chain uses it (a later request for it opens it again). Held strongly, not weakly: a weak
/// reference gives every face a side table, and each retain of a face then took Swift's slow path
/// (2.5% more instructions per message).
package final class FaceStore: @unchecked Sendable {
    /// The process's store.
    package static let shared = FaceStore()

    /// Most faces kept: the default chain, a few dozen fallback and styled faces, the chains of a server.
    package static let capacity = 256

    private struct Key: Hashable, Sendable {
        var source: FontSource
        var syntheticBold: Bool
        var syntheticItalic: Bool
    }

    private let faces = BoundedCache<Key, FontFace>(maxEntries: FaceStore.capacity, maxBytes: Int.max)

    init() {}

    /// The open face of `source` with these synthetic styles, or a new one.
    package func face(_ source: FontSource, syntheticBold: Bool = false, syntheticItalic: Bool = false) throws(FontError) -> FontFace {
        let key = Key(source: source, syntheticBold: syntheticBold, syntheticItalic: syntheticItalic)
        if let found = faces.value(for: key) { return found }
        let made = try FontFace(source: source, syntheticBold: syntheticBold, syntheticItalic: syntheticItalic)
        return faces.value(for: key, orInsert: made, bytes: 0)
    }

    /// Faces kept now.
    package var count: Int { faces.count }
}
