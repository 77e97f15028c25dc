public import BubbleMapping
public import BubbleTypesetting
import BubbleFonts
import BubbleUnicode

/// Renders a layout as Bubble's JSON (version 1): keys in a fixed order, numbers rounded to 2
/// decimals, offsets in the source message's units.
public struct JSONRenderer: Sendable {
    /// The unit of every reported offset (UTF-16 code units by default).
    public var offsets: OffsetUnit
    /// Include the `fonts` fingerprint (faces used, their file hashes, library versions).
    public var includeFonts: Bool

    public init(offsets: OffsetUnit = .utf16, includeFonts: Bool = true) {
        self.offsets = offsets
        self.includeFonts = includeFonts
    }

    public func render(_ layout: BubbleLayout) -> String {
        String(decoding: renderUTF8(layout), as: UTF8.self)
    }

    /// The fingerprint's library fields, `"harfbuzz":…,"freetype":…,"icu":…,"unicode":…`: each writer makes
    /// them once per process (they cannot change while it runs) and copies them into every report.
    static func writeLibraryVersions<W: ReportWriter>(to w: inout W) {
        w.field(.harfbuzz, FontLibraryVersions.harfBuzz)
        w.field(.freetype, FontLibraryVersions.freeType)
        w.field(.icu, ICU.version)
        w.field(.unicode, ICU.unicodeVersion)
    }

    /// ``render(_:)`` as UTF-8 bytes, for callers that send them on as they are.
    public func renderUTF8(_ layout: BubbleLayout) -> [UInt8] {
        var w = JSONWriter(capacity: 512 + layout.lineLayout.lines.count * 96)
        write(layout, to: &w)
        return w.bytes
    }

    /// The report of `layout` as tokens (``TokenWriter``): the same keys, order and values as
    /// ``renderUTF8(_:)``'s JSON, for a reader that builds its own objects without parsing text.
    package func renderTokens(_ layout: BubbleLayout) -> [UInt8] {
        var w = TokenWriter(capacity: 512 + layout.lineLayout.lines.count * 96)
        write(layout, to: &w)
        return w.bytes
    }

    /// The report of `layout`, written once for every output (``ReportWriter``).
    func write<W: ReportWriter>(_ layout: BubbleLayout, to w: inout W) {
        let map = layout.message.offsets  // the whole message's, when the layout covers a prefix of it
        let reporter = map.reporter(in: offsets)  // UTF-8 and scalar tables built once per render
        func source(_ m: Int) -> Int { reporter.report(map.source(MappedIndex(m))) }
        /// `"start"` and `"end"` of a stretch of text that tiles the message (a line, a page): every source
        /// unit belongs to one of them, markup tags included.
        func span(_ r: Range<Int>) {
            w.field(.start, source(r.lowerBound))
            w.field(.end, source(r.upperBound))
        }
        /// `"start"` and `"end"` of content (a link, an emoji, a highlight): the source it shows, never a markup
        /// tag or an escape's backslash at either edge (`<b>@bob</b>` reports `@bob`).
        func content(_ r: Range<Int>) {
            let s = map.source(MappedIndex(r.lowerBound)..<MappedIndex(r.upperBound))
            w.field(.start, reporter.report(s.lowerBound))
            w.field(.end, reporter.report(s.upperBound))
        }
        func rects(_ list: [Rect]) {
            w.key(.rects); w.beginArray(); for r in list { w.rect(r) }; w.endArray()
        }
        let lines = layout.lineLayout
        let pad = layout.padding
        w.beginObject()
        w.field(.version, 1)
        w.key(.size); w.beginObject(); w.field(.width, layout.size.width); w.field(.height, layout.size.height); w.endObject()
        w.field(.lineCount, lines.lines.count)
        w.field(.truncated, lines.truncated)
        w.key(.visible); w.beginObject(); w.field(.start, 0); w.field(.end, source(lines.visibleEnd)); w.endObject()
        w.key(.lines); w.beginArray()
        for line in lines.lines {
            w.beginObject()
            span(line.range)
            w.field(.top, line.top + pad.top)
            w.field(.baseline, line.baseline + pad.top)
            w.field(.height, line.height)
            w.field(.width, line.width)
            w.endObject()
        }
        w.endArray()
        w.key(.links); w.beginArray()
        for (i, box) in layout.links.enumerated() {
            w.beginObject()
            w.field(.kind, box.link.kind.rawValue)
            w.field(.text, layout.text(of: box))
            w.field(.target, box.link.target)
            content(box.range)
            w.field(.visibility, box.visibility.rawValue)
            rects(box.rects)
            w.touchRects(of: i, in: layout)
            w.endObject()
        }
        for box in layout.hiddenLinks {  // after the cut (and the `more` token): no rects, nothing to touch
            w.beginObject()
            w.field(.kind, box.link.kind.rawValue)
            w.field(.text, layout.text(of: box))
            w.field(.target, box.link.target)
            content(box.range)
            w.field(.visibility, box.visibility.rawValue)
            rects([])
            w.endObject()
        }
        w.endArray()
        w.key(.emoji); w.beginArray()
        for (i, e) in layout.emoji.enumerated() {
            w.beginObject()
            w.field(.kind, e.kind.rawValue)
            if let name = e.name { w.field(.name, name) }
            if let unicode = e.unicode { w.field(.unicode, unicode) }
            content(e.range)
            w.field(.visibility, e.visibility.rawValue)
            w.key(.rect); w.rect(e.rect)
            w.touchRect(ofEmoji: i, in: layout)
            w.endObject()
        }
        for e in layout.hiddenEmoji {  // after the cut: a range and no rect
            w.beginObject()
            w.field(.kind, e.kind.rawValue)
            if let name = e.name { w.field(.name, name) }
            if let unicode = e.unicode { w.field(.unicode, unicode) }
            content(e.range)
            w.field(.visibility, e.visibility.rawValue)
            w.endObject()
        }
        w.endArray()
        w.key(.highlights); w.beginArray()
        for h in layout.highlights {
            w.beginObject()
            content(h.range)
            if let c = h.highlight.textColor { w.field(.color, c) }
            if let c = h.highlight.backgroundColor { w.field(.background, c) }
            rects(h.rects)
            w.endObject()
        }
        w.endArray()
        w.key(.pages); w.beginArray()
        for p in 0..<lines.pageCount {
            let page = lines.page(p)
            w.beginObject()
            span(page.range)
            w.field(.top, page.top + pad.top)
            w.field(.height, page.height)
            w.endObject()
        }
        w.endArray()
        let quotes = layout.quotes  // only block quotes add the key, so other layouts keep their bytes
        if !quotes.isEmpty {
            w.key(.quotes); w.beginArray()
            for q in quotes {
                w.beginObject()
                content(q.range)
                w.field(.indent, q.indent)
                w.key(.bar); w.rect(q.bar)
                w.endObject()
            }
            w.endArray()
        }
        w.furniture(of: layout)
        let warnings = layout.shaped.mapped.warnings  // only a message with one adds the key
        if !warnings.isEmpty {
            w.key(.warnings); w.beginArray()
            for warning in warnings {
                w.beginObject()
                w.field(.code, warning.code)
                w.field(.message, warning.message)
                w.endObject()
            }
            w.endArray()
        }
        w.field(.unresolvedGlyphs, layout.shaped.unresolvedGlyphs)
        if includeFonts {
            w.key(.fonts); w.beginObject()
            w.key(.faces); w.beginArray()
            for face in layout.shaped.faces {
                w.beginObject()
                w.field(.family, face.family)
                w.field(.style, face.style)
                w.field(.file, face.source.path)
                if face.source.index != 0 { w.field(.index, face.source.index) }
                w.key(.hash); w.hexString(face.contentHashValue)
                if face.syntheticBold || face.syntheticItalic {
                    // The file drawn emboldened or slanted: told apart from the same file drawn upright.
                    w.key(.synthetic); w.beginArray()
                    if face.syntheticBold { w.string("bold") }
                    if face.syntheticItalic { w.string("italic") }
                    w.endArray()
                }
                w.endObject()
            }
            w.endArray()
            w.libraryVersions()
            w.endObject()
        }
        w.endObject()
    }
}
