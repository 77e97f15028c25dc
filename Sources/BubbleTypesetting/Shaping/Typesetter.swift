public import BubbleFonts
public import BubbleMapping
public import BubbleUnicode

/// Shapes mapped text: itemizes it into runs and shapes each run once with HarfBuzz.
///
/// Owns the reusable ICU iterators and the HarfBuzz buffer, so it is not thread-safe: each thread
/// (each batch worker, each server task) uses its own `Typesetter` over a shared `FallbackChain`.
public final class Typesetter {
    package let fonts: FallbackChain
    let shaper = Shaper()
    let lineBreaks: LineBreaker
    let graphemes: GraphemeBreaker
    let bidi: BidiResolver
    /// Scratch space and memos, kept between calls (see ``Workspace``), behind a pointer the typesetter
    /// owns: a typesetter serves one thread at a time, and a stored `var` would cost two dynamic
    /// exclusivity checks a message to borrow it.
    let workspace: UnsafeMutablePointer<Workspace>
    public init(fonts: FallbackChain) throws(UnicodeError) {
        self.fonts = fonts
        lineBreaks = try LineBreaker()
        graphemes = try GraphemeBreaker()
        bidi = try BidiResolver()
        workspace = UnsafeMutablePointer<Workspace>.allocate(capacity: 1)  // after the last throw: deinit frees it
        workspace.initialize(to: Workspace())
    }

    deinit {
        workspace.deinitialize(count: 1)
        workspace.deallocate()
    }

    /// Shapes `text`; the result lays out at any width without shaping again.
    /// - Parameter text: the output of the Map stage (``/BubbleMapping/Mapper``), consumed.
    /// - Parameter style: font size (px), direction, emoji size and the other width-independent settings.
    /// - Parameter cache: shaped words and per-character choices kept between calls (see ``ShapeCache``);
    ///   the result is the same with or without one, up to kerning across word edges.
    public func shape(_ text: consuming MappedText, style: ParagraphStyle = ParagraphStyle(), cache: ShapeCache? = nil) -> ShapedText {
        ShapedText(content(of: text, style: style, cache: cache, &workspace.pointee))  // boxed once, moved in
    }

    private func content(of text: consuming MappedText, style: ParagraphStyle, cache: ShapeCache?,
                         _ ws: inout Workspace) -> ShapedText.Content {
        cache?.use(fonts)
        let token: ShapedSnippet
        if let known = cache?.token(for: style) {
            token = known
        } else {
            token = shapeSnippet(style.truncationToken, style: style, &ws)
            cache?.remember(token, for: style)
        }
        let primary = fonts.faces[0]
        var shaped = ShapedText.Content(mapped: text, style: style, primaryFace: primary,
                                        primaryMetrics: ws.metrics(of: primary, size: style.fontSize), token: token)
        ws.spares.lend(to: &shaped)
        fill(&shaped, cache: cache, &ws)
        return shaped  // a plain local (no closure captures it), so it moves out
    }

    /// Graphemes, placeholders, paragraphs, breaks, runs and glyphs of `shaped`'s text.
    private func fill(_ shaped: inout ShapedText.Content, cache: ShapeCache?, _ ws: inout Workspace) {
        let units = shaped.mapped.text
        if !ws.styleIndices.isEmpty { ws.styleIndices = [:] }
        graphemeStarts(units, into: &shaped.graphemeStarts)
        shaped.advanceBefore.reserveCapacity(units.count + 1)
        shaped.advanceBefore.append(0)
        // Per-unit advances in the typesetter's scratch (no array made per message).
        var advances: [Double] = []
        swap(&advances, &ws.advances)
        advances.removeAll(keepingCapacity: true)
        advances.append(contentsOf: repeatElement(0, count: units.count))
        resolvePlaceholders(&shaped)
        shaped.glyphs.reserve(units.count + 4)
        shaped.runs.reserveCapacity(4)
        shaped.breaks.reserveCapacity(units.count / 4 + 2)
        units.withUnsafeBufferPointer { buffer in
            var start = 0
            while true {
                let paragraph = Typesetter.paragraph(buffer, from: start)
                let breaksStart = shaped.breaks.count
                appendBreaks(buffer, paragraph.content, into: &shaped.breaks)
                let runStart = shaped.runs.count
                let base = itemize(buffer, paragraph.content, into: &shaped, cache: cache, &ws)
                for r in runStart..<shaped.runs.count { shapeRun(r, buffer, &shaped, &advances, cache: cache, &ws) }
                shaped.paragraphs.append(ShapedParagraph(range: paragraph.content, end: paragraph.end,
                                                         runs: runStart..<shaped.runs.count, baseLevel: base,
                                                         breaks: breaksStart..<shaped.breaks.count))
                if paragraph.content.upperBound == paragraph.end { break }  // no break after it: the last
                start = paragraph.end
            }
        }
        if !shaped.tabs.isEmpty { setTabAdvances(&shaped, &advances) }
        if shaped.styles.count > 1 { resolveStyleFaces(&shaped) }
        var total = 0.0
        for a in advances { total += a; shaped.advanceBefore.append(total) }
        swap(&advances, &ws.advances)
    }
}

