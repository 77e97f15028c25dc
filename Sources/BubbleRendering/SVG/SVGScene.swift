import BubbleFonts

/// What an SVG is being assembled from: `<defs>` with each glyph and image defined once, and the
/// glyph uses grouped into layers by what colors them (a link, or a plain color).
///
/// Everything is kept in first-use order, so the output depends only on the layout.
struct SVGScene {
    /// What colors a layer's glyphs: a link (index into ``BubbleLayout/links``) or a color.
    enum LayerKey: Hashable {
        case link(Int)
        case color(String)
    }

    let cache: GlyphPathCache
    private(set) var defs = SVGWriter()
    private(set) var layers: [(key: LayerKey, content: SVGWriter)] = []
    private var layerIndex: [LayerKey: Int] = [:]
    private var faceIndex: [ObjectIdentifier: Int] = [:]
    private var defined: Set<String> = []
    private var catalogIDs: [String: String] = [:]

    init(cache: GlyphPathCache) { self.cache = cache }

    /// Draws `glyph` of `face` with its pen at (`x`, `baseline`), `size` px, into layer `key`.
    mutating func glyph(_ glyph: UInt32, face: FontFace, x: Double, baseline: Double, size: Double, layer key: LayerKey) {
        guard let ref = define(glyph, face: face) else { return }
        var t = "translate(" + SVGWriter.number(x) + " " + SVGWriter.number(baseline) + ")"
        // HarfBuzz's synthetic slant of 0.2 (FontFace) is a skew of atan(0.2) = 11.31°.
        if face.syntheticItalic { t += " skewX(-11.31)" }
        t += " scale(" + SVGWriter.scale(size / GlyphPathCache.unitsPerEm) + ")"
        let i = layer(key)
        layers[i].content.element("use", ["href": "#" + ref, "transform": t])
    }

    /// Appends markup built by the renderer to layer `key`.
    mutating func append(to key: LayerKey, _ body: (inout SVGWriter) -> Void) {
        let i = layer(key)
        body(&layers[i].content)
    }

    /// The id of `glyph`'s definition, adding it to `<defs>` on first use; nil when it draws nothing.
    mutating func define(_ glyph: UInt32, face: FontFace) -> String? {
        let f: Int
        if let known = faceIndex[ObjectIdentifier(face)] { f = known } else {
            f = faceIndex.count
            faceIndex[ObjectIdentifier(face)] = f
        }
        switch cache.drawing(face: face, glyph: glyph) {
        case .none:
            return nil
        case let .path(pathData):
            guard !pathData.isEmpty else { return nil }
            let ref = "g\(f)-\(glyph)"
            if defined.insert(ref).inserted { defs.element("path", ["id": ref, "d": pathData]) }
            return ref
        case let .image(dataURI, x, y, width, height):
            let ref = "i\(f)-\(glyph)"
            if defined.insert(ref).inserted {
                defs.element("image", ["id": ref, "x": SVGWriter.number(x), "y": SVGWriter.number(y),
                                       "width": SVGWriter.number(width), "height": SVGWriter.number(height),
                                       "preserveAspectRatio": "none", "href": dataURI])
            }
            return ref
        }
    }

    /// The id of a catalog image embedded at `width`×`height` px, defined once per image and size.
    mutating func catalogImage(_ name: String, dataURI: () -> String?, width: Double, height: Double) -> String? {
        let key = name + "\u{0}" + SVGWriter.number(width) + "x" + SVGWriter.number(height)
        if let id = catalogIDs[key] { return id }
        guard let uri = dataURI() else { return nil }
        let id = "c\(catalogIDs.count)"
        catalogIDs[key] = id
        defs.element("image", ["id": id, "width": SVGWriter.number(width), "height": SVGWriter.number(height),
                               "preserveAspectRatio": "xMidYMid meet", "href": uri])
        return id
    }

    private mutating func layer(_ key: LayerKey) -> Int {
        if let i = layerIndex[key] { return i }
        layers.append((key, SVGWriter(capacity: 1024)))
        layerIndex[key] = layers.count - 1
        return layers.count - 1
    }
}
