import BubbleFonts

/// What an SVG is being assembled from: `<defs>` with each glyph and image defined once, and the
/// glyph uses grouped into layers by what colors them (a link, or a plain color).
///
/// Everything is kept in first-use order, so the output depends only on the layout. A glyph's
/// definition markup comes ready-made from the ``GlyphPathCache``; the start of its `<use>` element is
/// made once per process too, so a message writes each glyph's definition with one append and each
/// use as that start, its position and a tail made once per size.
struct SVGScene {
    /// What colors a layer's glyphs: a link (index into ``BubbleLayout/links``) or a color.
    enum LayerKey: Hashable {
        case link(Int)
        case color(String)
    }

    let cache: GlyphPathCache
    /// The markup inside `<defs>`. A `String`, not bytes: it is mostly the cache's ready-made
    /// definitions, which are appended without being checked as UTF-8 again.
    private(set) var defs = ""
    private(set) var layers: [(key: LayerKey, content: SVGWriter)] = []
    private var layerIndex: [LayerKey: Int] = [:]
    /// The layer drawn into last (consecutive glyphs mostly share one).
    private var lastLayer: (key: LayerKey, index: Int)?
    private var faceIndex: [ObjectIdentifier: Int] = [:]
    /// The face looked up last and its number.
    private var lastFace: (id: ObjectIdentifier, index: Int)?
    private var catalogIDs: [String: String] = [:]

    /// Each glyph met so far, as the cache's ``GlyphPathCache/Form`` (its definition empty when it
    /// draws nothing), in first-use order.
    private var forms: [GlyphPathCache.Form] = []
    /// Open-addressing index into `forms`: slot keys (`1 << 63 | face << 32 | glyph`, 0 when free)
    /// and their form indices. A power of two in size, at most half full.
    private var slotKeys: [UInt64] = []
    private var slotForms: [Int32] = []

    /// The end of a `<use>` after its position, `) scale(0.16)"/>`, for the last size and slant used.
    private var useTail: (size: Double, italic: Bool, bytes: [UInt8]) = (.nan, false, [])

    init(cache: GlyphPathCache) {
        self.cache = cache
        defs.reserveCapacity(8192)
    }

    /// Draws `glyph` of `face` with its pen at (`x`, `baseline`), `size` px, into layer `key`:
    /// `<use href="#ID" transform="translate(x baseline)[ skewX(-11.31)] scale(size/100)"/>`.
    mutating func glyph(_ glyph: UInt32, face: FontFace, x: Double, baseline: Double, size: Double, layer key: LayerKey) {
        guard let form = definition(glyph, face: face) else { return }
        let italic = face.syntheticItalic
        if !(useTail.size == size && useTail.italic == italic) {
            var tail: [UInt8] = [0x29]
            // HarfBuzz's synthetic slant of 0.2 (FontFace) is a skew of atan(0.2) = 11.31°.
            if italic { tail.append(literal: " skewX(-11.31)") }
            tail.append(literal: " scale(")
            tail.append(decimal: size / GlyphPathCache.unitsPerEm, decimals: 4)
            tail.append(literal: ")\"/>")
            useTail = (size, italic, tail)
        }
        let i = layer(key)
        layers[i].content.bytes.append(contentsOf: form.useHead)
        layers[i].content.bytes.append(decimal: x)
        layers[i].content.bytes.append(0x20)
        layers[i].content.bytes.append(decimal: baseline)
        layers[i].content.bytes.append(contentsOf: useTail.bytes)
    }

    /// Appends markup built by the renderer to layer `key`.
    mutating func append(to key: LayerKey, _ body: (inout SVGWriter) -> Void) {
        let i = layer(key)
        body(&layers[i].content)
    }

    /// The id of `glyph`'s definition, adding it to `<defs>` on first use; nil when it draws nothing.
    mutating func define(_ glyph: UInt32, face: FontFace) -> String? {
        guard let form = definition(glyph, face: face) else { return nil }
        return String(decoding: form.useHead[form.id], as: UTF8.self)
    }

    /// `glyph`'s form, its definition added to `<defs>` on first use (`g`FACE-GLYPH for a path,
    /// `i`FACE-GLYPH for an image); nil when it draws nothing.
    @inline(__always)
    private mutating func definition(_ glyph: UInt32, face: FontFace) -> GlyphPathCache.Form? {
        let f = number(of: face)
        let key = 1 << 63 | UInt64(f) << 32 | UInt64(glyph)
        if slotKeys.isEmpty {
            slotKeys = Array(repeating: 0, count: 128)
            slotForms = Array(repeating: 0, count: 128)
        }
        let mask = slotKeys.count - 1
        var slot = Int(truncatingIfNeeded: (key &* 0x9E37_79B9_7F4A_7C15) >> 40) & mask
        while true {
            let k = slotKeys[slot]
            if k == key {
                let form = forms[Int(slotForms[slot])]
                return form.definition.isEmpty ? nil : form
            }
            if k == 0 { break }
            slot = (slot + 1) & mask
        }
        let form = cache.form(face: face, glyph: glyph, number: f)
        if !form.definition.isEmpty { defs += form.definition }
        slotKeys[slot] = key
        slotForms[slot] = Int32(forms.count)
        forms.append(form)
        if forms.count * 2 > slotKeys.count { growSlots() }
        return form.definition.isEmpty ? nil : form
    }

    /// Doubles the glyph index.
    private mutating func growSlots() {
        let keys = slotKeys, indices = slotForms
        slotKeys = Array(repeating: 0, count: keys.count * 2)
        slotForms = Array(repeating: 0, count: keys.count * 2)
        let mask = slotKeys.count - 1
        for (k, i) in zip(keys, indices) where k != 0 {
            var slot = Int(truncatingIfNeeded: (k &* 0x9E37_79B9_7F4A_7C15) >> 40) & mask
            while slotKeys[slot] != 0 { slot = (slot + 1) & mask }
            slotKeys[slot] = k
            slotForms[slot] = i
        }
    }

    /// The number of `face` in this document, in first-use order.
    private mutating func number(of face: FontFace) -> Int {
        let id = ObjectIdentifier(face)
        if let lastFace, lastFace.id == id { return lastFace.index }
        let f: Int
        if let known = faceIndex[id] { f = known } else {
            f = faceIndex.count
            faceIndex[id] = f
        }
        lastFace = (id, f)
        return f
    }

    /// The id of a catalog image embedded at `width`×`height` px, defined once per image and size.
    mutating func catalogImage(_ name: String, dataURI: () -> String?, width: Double, height: Double) -> String? {
        let key = name + "\u{0}" + SVGWriter.number(width) + "x" + SVGWriter.number(height)
        if let id = catalogIDs[key] { return id }
        guard let uri = dataURI() else { return nil }
        let id = "c\(catalogIDs.count)"
        catalogIDs[key] = id
        var w = SVGWriter(capacity: uri.utf8.count + 128)
        w.element("image", ["id": id, "width": SVGWriter.number(width), "height": SVGWriter.number(height),
                            "preserveAspectRatio": "xMidYMid meet", "href": uri])
        defs += w.output
        return id
    }

    private mutating func layer(_ key: LayerKey) -> Int {
        if let lastLayer, lastLayer.key == key { return lastLayer.index }
        let i: Int
        if let known = layerIndex[key] { i = known } else {
            layers.append((key, SVGWriter(capacity: 1024)))
            i = layers.count - 1
            layerIndex[key] = i
        }
        lastLayer = (key, i)
        return i
    }
}
