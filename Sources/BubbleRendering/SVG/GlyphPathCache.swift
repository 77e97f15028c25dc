public import BubbleFonts
import Foundation

/// Glyph drawings shared by every message a process renders: each glyph's SVG path data (or, for a
/// color glyph, its PNG as a data URI) made once per face and glyph id.
///
/// Paths are stored at ``unitsPerEm`` units per em, y down, so one entry serves every font size
/// (the renderer scales each use by `fontSize / unitsPerEm`). Thread-safe; glyphs are made outside
/// the lock, so two threads may make the same glyph once each, and the first one stored wins.
public final class GlyphPathCache: @unchecked Sendable {
    /// The drawing of one glyph, at ``GlyphPathCache/unitsPerEm`` units per em.
    public enum Drawing: Sendable, Equatable {
        /// An outline; `pathData` is SVG path data, y down (empty for a space).
        case path(pathData: String)
        /// A color bitmap: a `data:image/png;base64,…` URI and its box, y down from the baseline.
        case image(dataURI: String, x: Double, y: Double, width: Double, height: Double)
        /// Nothing to draw (no outline and no image).
        case none
    }

    /// Units per em of stored paths and boxes: 100, so 2 decimals keep 1/10000 em.
    public static let unitsPerEm = 100.0

    /// A cache for processes that render without an engine.
    public static let shared = GlyphPathCache()

    private struct Key: Hashable {
        let face: FontFace
        let glyph: UInt32
    }

    private let lock = NSLock()
    private var drawings: [Key: Drawing] = [:]

    public init() {}

    /// Number of glyphs stored.
    public var count: Int { lock.withLock { drawings.count } }

    /// The drawing of `glyph` of `face`, made on first request.
    public func drawing(face: FontFace, glyph: UInt32) -> Drawing {
        let key = Key(face: face, glyph: glyph)
        if let hit = lock.withLock({ drawings[key] }) { return hit }
        let made = GlyphPathCache.make(face: face, glyph: glyph)
        return lock.withLock {
            if let existing = drawings[key] { return existing }
            drawings[key] = made
            return made
        }
    }

    private static func make(face: FontFace, glyph: UInt32) -> Drawing {
        let em = unitsPerEm
        if face.hasPNGGlyphs {
            // Any size gives the same box in em units; ask at 1 em = 100 px.
            if let image = face.pngImage(glyph: glyph, size: em) {
                let uri = "data:image/png;base64," + Data(image.png).base64EncodedString()
                return .image(dataURI: uri, x: image.x, y: -image.top, width: image.width, height: image.height)
            }
        }
        guard let outline = face.outline(glyph: glyph) else { return .none }
        return .path(pathData: outline.svgPathData(scale: em / Double(outline.unitsPerEm)))
    }
}
