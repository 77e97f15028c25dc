package import BubbleTypesetting
import BubbleMapping

extension JSONRenderer {
    /// Renders a hit-test answer as JSON, keys in a fixed order, offsets in the source message's units:
    ///
    /// `{"offset", "affinity": "leading|trailing", "line", "link": {kind, text, target, start, end} | null,
    /// "emoji": {kind, name?, unicode?, start, end, rect} | null, "highlight": {start, end, color?, background?} | null}`
    ///
    /// A point outside the bubble (`hit == nil`) renders as `null`.
    package func render(_ hit: HitResult?, in layout: BubbleLayout) -> String {
        var w = JSONWriter(capacity: 256)
        guard let hit else { w.null(); return w.output }
        let map = layout.mapped.offsets
        func source(_ m: Int) -> Int { map.report(map.source(MappedIndex(m)), in: offsets) }
        func span(_ r: Range<Int>) {  // content: no tag at either edge, as in the layout JSON
            let s = map.source(MappedIndex(r.lowerBound)..<MappedIndex(r.upperBound))
            w.field("start", map.report(s.lowerBound, in: offsets))
            w.field("end", map.report(s.upperBound, in: offsets))
        }
        w.beginObject()
        w.field("offset", source(hit.offset))
        w.field("affinity", hit.affinity.rawValue)
        w.field("line", hit.line)
        w.key("link")
        if let i = hit.link {
            let box = layout.links[i]
            w.beginObject()
            w.field("kind", box.link.kind.rawValue)
            w.field("text", layout.text(of: box))
            w.field("target", box.link.target)
            span(box.range)
            w.endObject()
        } else { w.null() }
        w.key("emoji")
        if let i = hit.emoji {
            let e = layout.emoji[i]
            w.beginObject()
            w.field("kind", e.kind.rawValue)
            if let name = e.name { w.field("name", name) }
            if let unicode = e.unicode { w.field("unicode", unicode) }
            span(e.range)
            w.key("rect"); w.rect(e.rect)
            w.endObject()
        } else { w.null() }
        w.key("highlight")
        if let i = hit.highlight {
            let h = layout.highlights[i]
            w.beginObject()
            span(h.range)
            if let c = h.highlight.textColor { w.field("color", c) }
            if let c = h.highlight.backgroundColor { w.field("background", c) }
            w.endObject()
        } else { w.null() }
        w.endObject()
        return w.output
    }
}
