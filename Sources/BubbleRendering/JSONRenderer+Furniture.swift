package import BubbleTypesetting

extension ReportWriter {
    /// `{"x", "y", "width", "height"}`, rounded by its edges: each edge to the writer's 2 decimals, the size
    /// the difference. Rounding the origin and the size apart could make two rects that abut in the layout
    /// overlap by 0.01 in the JSON, or push a rect's far edge past the bubble's; by edges they cannot.
    mutating func rect(_ r: Rect) {
        let (x, width) = Self.edges(r.x, r.width), (y, height) = Self.edges(r.y, r.height)
        beginObject()
        field(.x, x); field(.y, y); field(.width, width); field(.height, height)
        endObject()
    }

    /// An extent's start and length with both of its ends rounded to hundredths, as ``number(_:)`` writes them.
    static func edges(_ start: Double, _ length: Double) -> (start: Double, length: Double) {
        let a = (start * 100).rounded(), b = ((start + length) * 100).rounded()
        return (a / 100, (b - a) / 100)
    }

    /// A link's touch rects, when touch targets are on: `"touchRects": [...]` (one per rect), or for
    /// the `more` token, which has one rect, `"touchRect": {…}`.
    mutating func touchRects(of link: Int, in layout: BubbleLayout) {
        guard let t = layout.touchTargets else { return }
        if layout.links[link].link.kind == .more, let only = t.links[link].first {
            key(.touchRect); rect(only)
            return
        }
        key(.touchRects); beginArray(); for r in t.links[link] { rect(r) }; endArray()
    }

    /// An emoji's `"touchRect"`, when touch targets are on.
    mutating func touchRect(ofEmoji e: Int, in layout: BubbleLayout) {
        guard let t = layout.touchTargets else { return }
        key(.touchRect); rect(t.emoji[e])
    }

    /// `"status": {"rect", "inline"}` when a status slot was asked for, and `"jumbo": true` for a
    /// jumbo-emoji message: fields only these options add, so other layouts keep their bytes.
    mutating func furniture(of layout: BubbleLayout) {
        if let s = layout.status {
            key(.status); beginObject()
            key(.rect); rect(s.rect)
            field(.inline, s.inline)
            endObject()
        }
        if layout.jumbo { field(.jumbo, true) }
    }
}

extension JSONRenderer {
    /// `{"layouts": [...]}`: the layouts of one message at several widths, in order, each exactly
    /// what ``render(_:)`` writes for it.
    package func render(_ layouts: [BubbleLayout]) -> String {
        "{\"layouts\":" + renderArray(layouts) + "}"
    }

    /// `[...]`: each layout as ``render(_:)`` writes it (for a batch or HTTP result's `"layouts"`).
    package func renderArray(_ layouts: [BubbleLayout]) -> String {
        var out: [UInt8] = [0x5B]
        for (i, layout) in layouts.enumerated() {
            if i > 0 { out.append(0x2C) }
            out.append(contentsOf: renderUTF8(layout))
        }
        out.append(0x5D)
        return String(decoding: out, as: UTF8.self)
    }

    /// The layouts of ``renderArray(_:)`` as tokens (``renderTokens(_:)-(BubbleLayout)``): an array of reports.
    package func renderTokens(_ layouts: [BubbleLayout]) -> [UInt8] {
        var w = TokenWriter(capacity: 512 * layouts.count)
        w.beginArray()
        for layout in layouts { write(layout, to: &w) }
        w.endArray()
        return w.bytes
    }
}
