package import BubbleMapping

extension JSONRenderer {
    /// Renders one emoji catalog entry as JSON: `{"name", "unicode"?, "image"?, "group"?, "width"?,
    /// "height"?, "alignment"?, "ascent"?, "descent"?}`, absent fields left out, keys in that order.
    package func render(_ entry: EmojiCatalog.Entry) -> String {
        var w = JSONWriter(capacity: 128)
        w.beginObject()
        w.field("name", entry.name)
        if let v = entry.unicode { w.field("unicode", v) }
        if let v = entry.image { w.field("image", v) }
        if let v = entry.group { w.field("group", v) }
        if let v = entry.width { w.field("width", v) }
        if let v = entry.height { w.field("height", v) }
        if let v = entry.alignment { w.field("alignment", v.rawValue) }
        if let v = entry.ascent { w.field("ascent", v) }
        if let v = entry.descent { w.field("descent", v) }
        w.endObject()
        return w.output
    }
}
