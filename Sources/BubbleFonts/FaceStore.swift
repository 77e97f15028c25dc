import BubbleLock

/// The faces a process has open, by file, face index and synthetic style: chains that name the same file
/// share one ``FontFace`` (one memory map, one set of HarfBuzz fonts) instead of opening it again.
///
/// The store holds its faces weakly: a face lives as long as a chain (or a glyph-path entry) uses it, so the
/// store is bounded by what its owners keep, and the owners are bounded (the engine's chains by
/// `fontChains`, glyph paths by `glyphPaths`). Dead entries are swept when the table doubles.
public final class FaceStore: @unchecked Sendable {
    /// The process's store.
    public static let shared = FaceStore()

    private struct Key: Hashable {
        var source: FontSource
        var syntheticBold: Bool
        var syntheticItalic: Bool
    }

    private final class Weak {
        weak var face: FontFace?
        init(_ face: FontFace) { self.face = face }
    }

    private let lock = Lock()
    private var faces: [Key: Weak] = [:]
    /// Entries after the last sweep, doubled: the next sweep's threshold.
    private var sweepAt = 64

    init() {}

    /// The open face of `source` with these synthetic styles, or a new one (kept while someone uses it).
    public func face(_ source: FontSource, syntheticBold: Bool = false, syntheticItalic: Bool = false) throws(FontError) -> FontFace {
        let key = Key(source: source, syntheticBold: syntheticBold, syntheticItalic: syntheticItalic)
        if let live = lock.withLock({ faces[key]?.face }) { return live }
        let made = try FontFace(source: source, syntheticBold: syntheticBold, syntheticItalic: syntheticItalic)
        return lock.withLock {
            if let live = faces[key]?.face { return live }
            faces[key] = Weak(made)
            if faces.count >= sweepAt {
                faces = faces.filter { $0.value.face != nil }
                sweepAt = max(64, faces.count * 2)
            }
            return made
        }
    }

    /// Faces open now (live entries).
    public var count: Int { lock.withLock { faces.values.reduce(0) { $0 + ($1.face == nil ? 0 : 1) } } }
}
