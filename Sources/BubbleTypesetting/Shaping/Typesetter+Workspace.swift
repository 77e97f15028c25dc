import BubbleFonts
import BubbleMapping
import BubbleUnicode

/// What a typesetter keeps between messages: scratch buffers and the memos of metrics and ink.
extension Typesetter {
    /// What a typesetter reuses across calls: scratch buffers and memos, in one value handed down `inout`
    /// for a whole message (``shape(_:style:cache:)``): each touch of a class's stored property in the
    /// per-run and per-word code was a dynamic exclusivity check (some 25 a message, 2,000 instructions).
    struct Workspace {
        var glyphs = GlyphBuffer()
        var wordCuts: [Int] = []
        var advances: [Double] = []
        /// One grapheme's scalars (the itemizer's).
        var scalars: [UInt32] = []
        /// The message's styles by value, once it has many (``Typesetter/intern(_:in:interned:)``); emptied
        /// for each message.
        var styleIndices: [TextStyle: Int] = [:]
        /// Metrics of the faces this typesetter used, by face (``FontFace/serial``: a fallback face outside
        /// the chain may be freed, and another made at its address) and size: asked for once per run, and
        /// a face's own table sits behind a lock every thread would take.
        var metricsMemo: [(face: UInt64, size: Double, metrics: FontMetrics)] = []
        /// Ink of the glyphs that reach past their face's metrics or sit moved up or down (marks), by face,
        /// glyph and size: such a run is measured at every layout, and HarfBuzz reads the glyph's outline
        /// each time (some 4,000 instructions a glyph). Emptied at ``Typesetter/inkMemoCapacity`` entries.
        var inkMemo: [InkKey: InkBounds] = [:]
        /// Arrays of shaped texts given back (``Typesetter/recycle(_:)``), lent to the next message's.
        var spares = SpareArrays()

        /// `face.metrics(size:)`, remembered.
        mutating func metrics(of face: FontFace, size: Double) -> FontMetrics {
            let id = face.serial
            for m in metricsMemo where m.face == id && m.size == size { return m.metrics }
            let m = face.metrics(size: size)
            if metricsMemo.count < 64 { metricsMemo.append((id, size, m)) }
            return m
        }
    }

    static let inkMemoCapacity = 4096

    struct InkKey: Hashable {
        /// The face's ``FontFace/serial``.
        var face: UInt64
        var glyph: UInt32
        /// The size's bits: `inkBounds` scales by the size itself, not only by its HarfBuzz scale.
        var size: UInt64
    }

    struct InkBounds {
        var above: Double
        var below: Double
        var hasInk: Bool
    }

    /// `face.inkBounds(glyph:size:)`, remembered in `memo` (the typesetter's `inkMemo`, borrowed).
    @inline(never)
    static func inkBounds(_ face: FontFace, glyph: UInt32, size: Double,
                                  memo: inout [InkKey: InkBounds]) -> (above: Double, below: Double)? {
        let key = InkKey(face: face.serial, glyph: glyph, size: size.bitPattern)
        if let known = memo[key] { return known.hasInk ? (known.above, known.below) : nil }
        let ink = face.inkBounds(glyph: glyph, size: size)
        if memo.count >= inkMemoCapacity { memo.removeAll(keepingCapacity: true) }
        memo[key] = InkBounds(above: ink?.above ?? 0, below: ink?.below ?? 0, hasInk: ink != nil)
        return ink
    }
}
