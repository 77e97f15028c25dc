package import BubbleTypesetting
import BubbleMapping

extension JSONRenderer {
    /// Renders a hit-test answer as JSON, keys in a fixed order, offsets in the source message's units:
    ///
    /// `{"hit": true, "offset", "affinity": "leading|trailing", "line",
    /// "link": {index, kind, text, target, start, end} | null,
    /// "emoji": {index, kind, name?, unicode?, start, end, rect} | null,
    /// "highlight": {index, start, end, color?, background?} | null}`
    ///
    /// `index` is the item's place in the layout's `links`, `emoji` or `highlights`. A point outside the
    /// bubble (`hit == nil`) renders as `{"hit": false}`. The one hit answer: `bubble hit`, `POST /v1/hit`
    /// and the library all write it here.
    package func render(_ hit: HitResult?, in layout: BubbleLayout) -> String {
        var w = JSONWriter(capacity: 256)
        w.beginObject()
        guard let hit else {
            w.field("hit", false)
            w.endObject()
            return w.output
        }
        let map = layout.mapped.offsets
        func source(_ m: Int) -> Int { map.report(map.source(MappedIndex(m)), in: offsets) }
        func span(_ r: Range<Int>) {  // content: no tag at either edge, as in the layout JSON
            let s = map.source(MappedIndex(r.lowerBound)..<MappedIndex(r.upperBound))
            w.field("start", map.report(s.lowerBound, in: offsets))
            w.field("end", map.report(s.upperBound, in: offsets))
        }
        w.field("hit", true)
        w.field("offset", source(hit.offset))
        w.field("affinity", hit.affinity.rawValue)
        w.field("line", hit.line)
        w.key("link")
        if let i = hit.link {
            let box = layout.links[i]
            w.beginObject()
            w.field("index", i)
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
            w.field("index", i)
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
            w.field("index", i)
            span(h.range)
            if let c = h.highlight.textColor { w.field("color", c) }
            if let c = h.highlight.backgroundColor { w.field("background", c) }
            w.endObject()
        } else { w.null() }
        w.endObject()
        return w.output
    }
}
