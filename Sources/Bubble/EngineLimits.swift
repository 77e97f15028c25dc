/// How much an engine keeps between calls: every cache it owns has its cap here (the shaped-message cache
/// is the caller's, `ShapedTextCache`). `bubble serve` sets each from a flag and reports it in `/metrics`.
public struct EngineLimits: Sendable, Equatable {
    /// Font chains kept besides the default one, by `fonts` list, least recently used dropped first
    /// (with their idle typesetters and word caches). 0 keeps none.
    public var fontChains: Int = 16
    /// Emoji catalogs kept by path (at least 1).
    public var catalogs: Int = 8
    /// Glyph drawings kept for SVG (see `GlyphPathCache`).
    public var glyphPaths: Int = GlyphPathCache.defaultCapacity
    /// Bytes those drawings may hold: their entries range from some hundred bytes (an outline) to 30 kB
    /// (a color emoji's PNG), so they are bounded in bytes too (see `GlyphPathCache/byteCapacity`).
    public var glyphPathBytes: Int = GlyphPathCache.defaultBytes
    /// Most shaped words each typesetter keeps (see ``/BubbleTypesetting/ShapeCache``); 0 turns the word cache off.
    public var shapedWords: Int = 1 << 15

    public init() {}
}

/// What an engine keeps now, against its limits (for `/metrics` and tests).
public struct EngineCacheCounts: Sendable, Equatable {
    /// Font chains kept besides the default one, and how many were dropped to make room.
    public var fontChains: Int
    public var fontChainEvictions: Int
    /// Font faces the process's `FaceStore` keeps (shared by every chain and engine; at most 256).
    public var fontFaces: Int
    /// Idle typesetters over every chain.
    public var idleTypesetters: Int
    /// Catalogs kept by path.
    public var catalogs: Int
    /// Glyph drawings kept, and the bytes they and their per-document forms hold.
    public var glyphPaths: Int
    public var glyphPathBytes: Int
}
