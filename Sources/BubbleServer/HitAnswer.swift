import Bubble

/// The answer of `POST /v1/hit`, in the source message's offsets like the layout JSON:
/// `{"hit": true, "offset", "affinity", "line", "link"?, "emoji"?, "highlight"?}`, or `{"hit": false}`
/// for a point outside the bubble.
struct HitAnswer {
    let layout: BubbleLayout
    let hit: HitResult?
    let offsets: OffsetUnit

    var json: String {
        guard let hit else { return "{\"hit\":false}" }
        let map = layout.mapped.offsets
        func source(_ m: Int) -> Int { map.report(map.source(MappedIndex(m)), in: offsets) }
        func range(_ r: Range<Int>) -> String {  // content: no tag at either edge, as in the layout JSON
            let s = map.source(MappedIndex(r.lowerBound)..<MappedIndex(r.upperBound))
            return "\"start\":\(map.report(s.lowerBound, in: offsets)),\"end\":\(map.report(s.upperBound, in: offsets))"
        }
        var out = "{\"hit\":true,\"offset\":\(source(hit.offset)),\"affinity\":\"\(hit.affinity.rawValue)\",\"line\":\(hit.line)"
        if let i = hit.link {
            let box = layout.links[i]
            let text = layout.text(of: box)
            out += ",\"link\":{\"index\":\(i),\"kind\":\"\(box.link.kind.rawValue)\",\"text\":" + JSONText.quote(text)
                + ",\"target\":" + JSONText.quote(box.link.target) + "," + range(box.range) + "}"
        }
        if let i = hit.emoji {
            let e = layout.emoji[i]
            out += ",\"emoji\":{\"index\":\(i),\"kind\":\"\(e.kind.rawValue)\""
            if let name = e.name { out += ",\"name\":" + JSONText.quote(name) }
            if let unicode = e.unicode { out += ",\"unicode\":" + JSONText.quote(unicode) }
            out += "," + range(e.range) + "}"
        }
        if let i = hit.highlight {
            out += ",\"highlight\":{\"index\":\(i)," + range(layout.highlights[i].range) + "}"
        }
        return out + "}"
    }
}
