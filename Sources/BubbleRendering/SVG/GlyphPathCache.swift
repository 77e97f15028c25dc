package import BubbleFonts
import BubbleLock
import BubbleMapping
import FoundationEssentials

/// Glyph drawings shared by every message a process renders: each glyph's SVG path data (or, for a
/// color glyph, its PNG as a data URI) made once per face and glyph id.
///
/// Paths are stored at `unitsPerEm` units per em, y down, so one entry serves every font size
/// (the renderer scales each use by `fontSize / unitsPerEm`). Thread-safe; glyphs are made outside
/// the lock, so two threads may make the same glyph once each, and the first one stored wins.
public final class GlyphPathCache: @unchecked Sendable {
    /// The drawing of one glyph, at ``GlyphPathCache/unitsPerEm`` units per em.
    package enum Drawing: Sendable, Equatable {
        /// An outline; `pathData` is SVG path data, y down (empty for a space).
        case path(pathData: String)
        /// A color bitmap: a `data:image/png;base64,…` URI and its box, y down from the baseline.
        case image(dataURI: String, x: Double, y: Double, width: Double, height: Double)
        /// Nothing to draw (no outline and no image).
        case none
    }

    /// Units per em of stored paths and boxes: 100, so 2 decimals keep 1/10000 em.
    package static let unitsPerEm = 100.0

    /// A cache for processes that render without an engine.
    public static let shared = GlyphPathCache()

    private struct Key: Hashable, Sendable {
        let face: FontFace
        let glyph: UInt32
    }

    /// A drawing and the markup that defines it in `<defs>`, after its id: for a path
    /// `" d="…"/>`, for an image `" x=… y=… width=… height=… preserveAspectRatio="none" href="…"/>`,
    /// escaped; empty when nothing is drawn.
    struct Entry: Sendable {
        let drawing: Drawing
        let definitionTail: String
    }

    /// A glyph as one document writes it, its face being the document's face number `number`.
    private struct FormKey: Hashable, Sendable {
        let face: FontFace
        let glyph: UInt32
        let number: Int
    }

    /// What a document writes for a glyph: its whole `<defs>` element
    /// (`<path id="g0-42" d="…"/>`) and the start of each use (`<use href="#g0-42" transform="translate(`).
    /// `definition` is empty when the glyph draws nothing.
    struct Form: Sendable {
        let definition: String
        let useHead: [UInt8]
        /// Where the id sits in `useHead`.
        let id: Range<Int>
    }

    /// Most glyph drawings kept (and, apart, most per-document forms): past it the least recently used go.
    public let capacity: Int
    /// Most bytes the drawings and forms hold together (each table half of it), each charged the strings
    /// it keeps: an outline is some hundred bytes, a color emoji's PNG data URI 10–30 kB, so a count alone
    /// let the cache weigh anything from 2 MB to 1 GB.
    public let byteCapacity: Int
    private let entries: BoundedCache<Key, Entry>
    private let forms: BoundedCache<FormKey, Form>

    /// Glyph drawings kept by default: about 20,000 outlines are a few MB; color emoji PNGs weigh more
    /// (10–30 kB each), and a chat server sees a few thousand.
    public static let defaultCapacity = 20_000
    /// Bytes kept by default: 64 MiB, half for drawings and half for forms; a few thousand emoji PNGs
    /// (and their forms) and every outline a chat server draws.
    public static let defaultBytes = 64 << 20

    /// - Parameters:
    ///   - capacity: most glyph drawings kept (at least 2).
    ///   - bytes: most bytes kept (see ``byteCapacity``; 0 keeps nothing).
    public init(capacity: Int = GlyphPathCache.defaultCapacity, bytes: Int = GlyphPathCache.defaultBytes) {
        self.capacity = max(2, capacity)
        byteCapacity = max(0, bytes)
        entries = BoundedCache(maxEntries: self.capacity, maxBytes: byteCapacity / 2)
        forms = BoundedCache(maxEntries: self.capacity, maxBytes: byteCapacity / 2)
    }

    /// Number of glyphs stored.
    public var count: Int { entries.count }
    /// Bytes the drawings and forms hold (the sum of their charges).
    public var bytes: Int { entries.bytes + forms.bytes }

    /// What a table charges one entry beyond its strings: key, value and slot.
    private static let slotBytes = 96

    private static func charge(_ entry: Entry) -> Int {
        var strings = MemoryEstimate.string(entry.definitionTail)
        switch entry.drawing {
        case let .path(pathData): strings += MemoryEstimate.string(pathData)
        case let .image(dataURI, _, _, _, _): strings += MemoryEstimate.string(dataURI)
        case .none: break
        }
        return slotBytes + strings
    }

    private static func charge(_ form: Form) -> Int {
        slotBytes + MemoryEstimate.string(form.definition) + MemoryEstimate.array(form.useHead)
    }

    /// The drawing of `glyph` of `face`, made on first request.
    package func drawing(face: FontFace, glyph: UInt32) -> Drawing {
        entry(face: face, glyph: glyph).drawing
    }

    /// The drawing of `glyph` of `face` and its definition markup, made on first request.
    func entry(face: FontFace, glyph: UInt32) -> Entry {
        let key = Key(face: face, glyph: glyph)
        if let hit = entries.value(for: key) { return hit }
        let drawing = GlyphPathCache.make(face: face, glyph: glyph)
        let made = Entry(drawing: drawing, definitionTail: GlyphPathCache.definitionTail(drawing))
        return entries.value(for: key, orInsert: made, bytes: GlyphPathCache.charge(made))
    }

    /// `glyph` of `face` as a document whose face number `number` is `face` writes it, made on first request.
    func form(face: FontFace, glyph: UInt32, number: Int) -> Form {
        let key = FormKey(face: face, glyph: glyph, number: number)
        if let hit = forms.value(for: key) { return hit }
        let entry = entry(face: face, glyph: glyph)
        let made: Form
        if entry.definitionTail.isEmpty {
            made = Form(definition: "", useHead: [], id: 0..<0)
        } else {
            let image: Bool
            if case .image = entry.drawing { image = true } else { image = false }
            var head: [UInt8] = []
            head.append(literal: "<use href=\"#")
            let idStart = head.count
            head.append(image ? 0x69 : 0x67)
            head.append(integer: number)
            head.append(0x2D)
            head.append(unsigned: UInt(glyph))
            let id = idStart..<head.count
            head.append(literal: "\" transform=\"translate(")
            var definition = image ? "<image id=\"" : "<path id=\""
            definition += String(decoding: head[id], as: UTF8.self)
            definition += entry.definitionTail
            made = Form(definition: definition, useHead: head, id: id)
        }
        return forms.value(for: key, orInsert: made, bytes: GlyphPathCache.charge(made))
    }

    /// The `<defs>` markup of `drawing` after its id (see ``Entry``).
    private static func definitionTail(_ drawing: Drawing) -> String {
        var w = SVGWriter(capacity: 64)
        switch drawing {
        case .none:
            return ""
        case let .path(pathData):
            guard !pathData.isEmpty else { return "" }
            w.bytes.append(literal: "\" d=\"")
            SVGWriter.appendEscaped(pathData, to: &w.bytes)
            w.bytes.append(literal: "\"/>")
        case let .image(dataURI, x, y, width, height):
            w.bytes.append(literal: "\" x=\"")
            w.bytes.append(decimal: x)
            w.bytes.append(literal: "\" y=\"")
            w.bytes.append(decimal: y)
            w.bytes.append(literal: "\" width=\"")
            w.bytes.append(decimal: width)
            w.bytes.append(literal: "\" height=\"")
            w.bytes.append(decimal: height)
            w.bytes.append(literal: "\" preserveAspectRatio=\"none\" href=\"")
            SVGWriter.appendEscaped(dataURI, to: &w.bytes)
            w.bytes.append(literal: "\"/>")
        }
        return w.output
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
