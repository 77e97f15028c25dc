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
    private let workspace: UnsafeMutablePointer<Workspace>

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
        /// Metrics of the faces this typesetter used, by face and size: asked for once per run, and a face's
        /// own table sits behind a lock every thread would take. Faces live as long as the chain, so their
        /// identifiers stay theirs.
        var metricsMemo: [(face: ObjectIdentifier, size: Double, metrics: FontMetrics)] = []
        /// Per face, per glyph id: 0 not yet measured, 1 ink inside the face's ascent and descent, 2 ink
        /// past them. Measured once per glyph per typesetter, so shaping asks HarfBuzz for a glyph's
        /// extents only the first time it sees the glyph; a handful of faces, a byte per glyph each.
        var tallGlyphs: [(face: ObjectIdentifier, classes: [UInt8])] = []
        /// Ink of the glyphs that reach past their face's metrics or sit moved up or down (marks), by face,
        /// glyph and size: such a run is measured at every layout, and HarfBuzz reads the glyph's outline
        /// each time (some 4,000 instructions a glyph). Emptied at ``Typesetter/inkMemoCapacity`` entries.
        fileprivate var inkMemo: [InkKey: InkBounds] = [:]

        /// `face.metrics(size:)`, remembered.
        mutating func metrics(of face: FontFace, size: Double) -> FontMetrics {
            let id = ObjectIdentifier(face)
            for m in metricsMemo where m.face == id && m.size == size { return m.metrics }
            let m = face.metrics(size: size)
            if metricsMemo.count < 64 { metricsMemo.append((id, size, m)) }
            return m
        }

        /// The index in `tallGlyphs` of `face`'s table (made on first use; past 32 faces the oldest is dropped).
        mutating func tallGlyphTable(_ face: FontFace) -> Int {
            let id = ObjectIdentifier(face)
            for i in tallGlyphs.indices where tallGlyphs[i].face == id { return i }
            if tallGlyphs.count >= 32 { tallGlyphs.removeFirst() }
            tallGlyphs.append((id, [UInt8](repeating: 0, count: min(face.glyphCount, 1 << 16))))
            return tallGlyphs.count - 1
        }
    }

    static let inkMemoCapacity = 4096

    fileprivate struct InkKey: Hashable {
        var face: ObjectIdentifier
        var glyph: UInt32
        /// The size's bits: `inkBounds` scales by the size itself, not only by its HarfBuzz scale.
        var size: UInt64
    }

    fileprivate struct InkBounds {
        var above: Double
        var below: Double
        var hasInk: Bool
    }

    /// `face.inkBounds(glyph:size:)`, remembered in `memo` (the typesetter's `inkMemo`, borrowed).
    @inline(never)
    private static func inkBounds(_ face: FontFace, glyph: UInt32, size: Double,
                                  memo: inout [InkKey: InkBounds]) -> (above: Double, below: Double)? {
        let key = InkKey(face: ObjectIdentifier(face), glyph: glyph, size: size.bitPattern)
        if let known = memo[key] { return known.hasInk ? (known.above, known.below) : nil }
        let ink = face.inkBounds(glyph: glyph, size: size)
        if memo.count >= inkMemoCapacity { memo.removeAll(keepingCapacity: true) }
        memo[key] = InkBounds(above: ink?.above ?? 0, below: ink?.below ?? 0, hasInk: ink != nil)
        return ink
    }


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
        fill(&shaped, cache: cache, &ws)
        return shaped  // a plain local (no closure captures it), so it moves out
    }

    /// Graphemes, placeholders, paragraphs, breaks, runs and glyphs of `shaped`'s text.
    private func fill(_ shaped: inout ShapedText.Content, cache: ShapeCache?, _ ws: inout Workspace) {
        let units = shaped.mapped.text
        if !ws.styleIndices.isEmpty { ws.styleIndices = [:] }
        shaped.graphemeStarts = graphemeStarts(units)
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

    /// Fills `styleFaces`: the face each style's family names (styled bold or italic as its spans are),
    /// added to the message's faces when no run drew with it (its metrics still shape the line).
    @inline(never)
    private func resolveStyleFaces(_ shaped: inout ShapedText.Content) {
        var indices: [Int32] = []
        for style in shaped.styles {
            guard let family = style.faceFamily, var face = fonts.familyFace(family) else { indices.append(-1); continue }
            if style.bold || style.italic { face = fonts.styledFace(face, bold: style.bold, italic: style.italic) }
            if let k = shaped.faces.firstIndex(where: { $0 === face }) {
                indices.append(Int32(k))
            } else {
                indices.append(Int32(shaped.faces.count))
                shaped.faces.append(face)
            }
        }
        if indices.contains(where: { $0 >= 0 }) { shaped.styleFaces = indices }
    }

    /// Gives each tab the advance to the next tab stop counted from its paragraph's start: exact on a
    /// paragraph's first line; the layout measures tabs on later lines from their own line's start.
    @inline(never)
    private func setTabAdvances(_ shaped: inout ShapedText.Content, _ advances: inout [Double]) {
        let primary = fonts.faces[0]
        let size = shaped.style.fontSize
        shaped.spaceAdvance = primary.glyph(for: 0x20).map { primary.advance(glyph: $0, size: size) } ?? size / 4
        shaped.tabStop = max(shaped.style.tabSize, 0) * shaped.spaceAdvance
        var t = 0
        for paragraph in shaped.paragraphs {
            var x = 0.0
            var i = paragraph.range.lowerBound
            while t < shaped.tabs.count && shaped.tabs[t] < paragraph.range.upperBound {
                let tab = shaped.tabs[t]
                while i < tab { x += advances[i]; i += 1 }
                advances[tab] = ShapedText.tabAdvance(at: x, stop: shaped.tabStop, space: shaped.spaceAdvance)
                t += 1
            }
        }
    }

    /// The paragraph starting at `start`: its content, up to the next UAX #14 mandatory break (LF, CR,
    /// CRLF, NEL, VT, FF, LS, PS), and where the next one starts. Text ending in a break has an empty
    /// last paragraph.
    @inline(__always)
    static func paragraph(_ units: UnsafeBufferPointer<UInt16>, from start: Int) -> (content: Range<Int>, end: Int) {
        var i = start
        let n = units.count
        while i < n {
            let u = units[i]
            if LineWrapper.endsParagraph(u) {
                return (start..<i, (u == 0x0D && i + 1 < n && units[i + 1] == 0x0A) ? i + 2 : i + 1)
            }
            i += 1
        }
        return (start..<n, n)
    }

    private func graphemeStarts(_ units: [UInt16]) -> [Bool] {
        var starts: [Bool] = []  // reserved, then filled: `init(repeating:count:)` takes the unspecialized path
        starts.reserveCapacity(units.count + 1)
        starts.append(contentsOf: repeatElement(true, count: units.count + 1))
        // Text made only of units that neither extend nor join (Latin, Cyrillic, Greek, Hebrew and
        // Arabic letters, CJK ideographs, kana, Hangul syllables, common punctuation) breaks between
        // every two units except CR LF: ICU is asked only about the rest.
        var simple = true
        for u in units where !Typesetter.standsAlone(u) { simple = false; break }
        if simple {
            for i in 1..<max(units.count, 1) where units[i] == 0x0A && units[i - 1] == 0x0D { starts[i] = false }
            return starts
        }
        for i in 1..<max(units.count, 1) { starts[i] = false }
        for b in graphemes.boundaries(in: units) { starts[b] = true }
        return starts
    }

    /// Whether a grapheme boundary lies on both sides of `u` whatever surrounds it (UAX #29: not
    /// Extend, SpacingMark, Prepend, ZWJ, a Hangul jamo, a regional indicator or a surrogate; CR and LF
    /// are handled by the caller).
    @inline(__always)
    static func standsAlone(_ u: UInt16) -> Bool {
        switch u {
        case 0x20...0x7E, 0x0A, 0x0D, 0xA0...0x2FF: return true
        case 0x370...0x482, 0x48A...0x52F: return true       // Greek, Cyrillic letters
        case 0x5D0...0x5F4: return true                        // Hebrew letters
        case 0x600...0x605: return false                       // Arabic prepend
        case 0x606...0x60F, 0x61B...0x64A, 0x660...0x66F, 0x671...0x6D5: return true  // Arabic letters, digits
        case 0x2010...0x2027, 0x2030...0x205E, 0x20A0...0x20C0, 0x2100...0x2BFF: return true
        case 0x3000...0x3029, 0x3030...0x303F, 0x3041...0x3096, 0x309B...0x30FF: return true  // CJK punctuation, kana
        case 0x3400...0x4DBF, 0x4E00...0x9FFF, 0xAC00...0xD7A3, 0xF900...0xFAFF: return true
        case 0xFF01...0xFF9D: return true                      // fullwidth forms, halfwidth kana
        case 0xFFFC, 0xFFFD: return true                       // placeholders, replacement
        default: return false
        }
    }
    private func appendBreaks(_ buffer: UnsafeBufferPointer<UInt16>, _ range: Range<Int>, into breaks: inout [Int]) {
        guard !range.isEmpty else { return }
        if SimpleBreaks.append(buffer, range, into: &breaks) { return }
        lineBreaks.appendOpportunities(in: UnsafeBufferPointer(rebasing: buffer[range]), base: range.lowerBound, to: &breaks)
    }

    @inline(never)
    private func resolvePlaceholders(_ shaped: inout ShapedText.Content) {
        let style = shaped.style
        let x = shaped.primaryMetrics
        for p in shaped.mapped.placeholders {
            let side = style.emojiSize ?? style.fontSize * 1.25
            let k = style.jumboScale ?? 1  // sizes a placeholder brings are scaled too (the style's already are)
            let width = p.width.map { $0 * k } ?? side
            let height = p.height.map { $0 * k } ?? side
            var ascent: Double, descent: Double
            if let a = p.ascent, let d = p.descent {
                ascent = a * k; descent = d * k
            } else {
                switch p.alignment ?? style.emojiAlign {
                case .baseline: ascent = height; descent = 0
                case .center: ascent = x.xHeight / 2 + height / 2; descent = height - ascent
                case .top: ascent = x.ascent; descent = height - x.ascent
                case .bottom: descent = x.descent; ascent = height - x.descent
                }
                if let a = p.ascent { ascent = a * k; descent = height - a * k }
                if let d = p.descent { descent = d * k; ascent = height - d * k }
            }
            shaped.placeholders.append(ResolvedPlaceholder(placeholder: p, width: width, ascent: ascent, descent: descent))
        }
    }

    private func shapeRun(_ r: Int, _ buffer: UnsafeBufferPointer<UInt16>, _ shaped: inout ShapedText.Content,
                          _ advances: inout [Double], cache: ShapeCache? = nil, _ ws: inout Workspace) {
        let run = shaped.runs[r]
        if let p = run.placeholder {
            advances[run.range.lowerBound] += shaped.placeholders[p].width
            return
        }
        guard run.faceIndex >= 0 else { return }
        let face = shaped.faces[Int(run.faceIndex)]
        let start = shaped.glyphs.count
        shaped.runs[r].inkAscent = run.ascent
        shaped.runs[r].inkDescent = run.descent
        if run.isTab {  // no glyph: the layout gives it the advance to the next tab stop
            shaped.runs[r].glyphRange = start..<start
            return
        }
        let request = ShapingRequest(face: face, size: run.fontSize, script: run.script,
                                     rightToLeft: run.isRightToLeft, language: shaped.style.language)
        let t = ws.tallGlyphTable(face)
        var table: [UInt8] = []
        swap(&table, &ws.tallGlyphs[t].classes)  // borrowed while the run is shaped
        defer { swap(&table, &ws.tallGlyphs[t].classes) }
        var check = GlyphCheck()
        if !shaped.hiddenMarks.isEmpty, let pieces = Typesetter.pieces(of: run.range, without: shaped.hiddenMarks) {
            shapePieces(pieces, buffer, request, &shaped)
            check.add(Typesetter.check(shaped.glyphs, from: start, face: face, classes: &table))
        } else if let cache, cache.capacity > 0 {
            check = shapeWords(run.range, buffer, request, &shaped, cache, classes: &table, &ws)
        } else {
            shaper.shape(buffer, run: run.range, as: request, into: &shaped.glyphs)
            check.add(Typesetter.check(shaped.glyphs, from: start, face: face, classes: &table))
        }
        let end = shaped.glyphs.count
        shaped.glyphs.glyphs.withUnsafeBufferPointer { glyphs in
            advances.withUnsafeMutableBufferPointer { advances in
                for g in start..<end { advances[Int(glyphs[g].cluster)] += Double(glyphs[g].advance) }
            }
        }
        shaped.unresolvedGlyphs += check.notdef
        shaped.runs[r].glyphRange = start..<shaped.glyphs.count
        if check.tall { keepTallInk(of: r, face: face, classes: table, &shaped, &ws.inkMemo) }
    }

    /// The check of the glyphs of `glyphs` from `start` on, drawn with `face`: each glyph is looked up in
    /// `classes` (the typesetter's tall-glyph table for `face`), measured the first time. Words from the
    /// cache bring their check with them, so only newly shaped glyphs come here.
    static func check(_ glyphs: GlyphBuffer, from start: Int, face: FontFace, classes: inout [UInt8]) -> GlyphCheck {
        var check = GlyphCheck()
        glyphs.glyphs.withUnsafeBufferPointer { glyphs in
            classes.withUnsafeMutableBufferPointer { classes in
                for g in start..<glyphs.count {
                    let glyph = glyphs[g]
                    if glyph.id == 0 { check.notdef += 1 }
                    if glyph.offsetY != 0 { check.tall = true; continue }
                    let id = Int(glyph.id)
                    guard id < classes.count else { check.tall = true; continue }
                    var c = classes[id]
                    if c == 0 {
                        c = Typesetter.classify(glyph.id, of: face)
                        classes[id] = c
                    }
                    if c == 2 { check.tall = true }
                }
            }
        }
        return check
    }

    /// The tall-glyph table entry of `glyph` in `face`, measured the first time a typesetter sees it
    /// (1: ink inside the face's metrics, 2: past them). Out of line, as are the other rare paths of
    /// shaping, so the per-glyph loop stays small in the instruction cache.
    @inline(never)
    private static func classify(_ glyph: UInt32, of face: FontFace) -> UInt8 {
        let c: UInt8 = face.reachesPastMetrics(glyph: glyph) ? 2 : 1
        face.releaseOutlinePages(afterReading: 1)
        return c
    }

    /// Keeps the ink of run `r`'s glyphs that reach past their face's metrics (`classes` 2) or sit
    /// moved up or down, and grows the run's ink extent to hold them.
    @inline(never)
    private func keepTallInk(of r: Int, face: FontFace, classes: [UInt8], _ shaped: inout ShapedText.Content,
                             _ memo: inout [InkKey: InkBounds]) {
        let run = shaped.runs[r]
        let start = run.glyphRange.lowerBound
        // Only the glyphs that reach past the metrics are kept, with their ink: the layout looks them up
        // per line without asking HarfBuzz again.
        var above = run.ascent, below = run.descent
        for g in start..<shaped.glyphs.count {
            let glyph = shaped.glyphs[g]
            let id = Int(glyph.id)
            guard glyph.offsetY != 0 || id >= classes.count || classes[id] == 2,
                  let ink = Typesetter.inkBounds(face, glyph: glyph.id, size: run.fontSize, memo: &memo) else { continue }
            let a = ink.above + Double(glyph.offsetY), b = ink.below - Double(glyph.offsetY)
            guard a > run.ascent || b > run.descent else { continue }
            shaped.inkOfTallGlyphs.append(TallGlyphInk(glyph: Int32(g), above: Float(a), below: Float(b)))
            above = max(above, a)
            below = max(below, b)
        }
        shaped.runs[r].inkAscent = above
        shaped.runs[r].inkDescent = below
    }

    /// Shapes a run's `pieces` (the run without its hidden marks), each seeing the text around it.
    @inline(never)
    private func shapePieces(_ pieces: [Range<Int>], _ buffer: UnsafeBufferPointer<UInt16>, _ request: ShapingRequest,
                             _ shaped: inout ShapedText.Content) {
        for piece in (request.rightToLeft ? pieces.reversed() : pieces) {
            shaper.shape(buffer, run: piece, as: request, into: &shaped.glyphs)
        }
    }

    /// `range` cut around the `hidden` ranges (ascending) that fall in it, or nil when none does.
    @inline(never)
    static func pieces(of range: Range<Int>, without hidden: [Range<Int>]) -> [Range<Int>]? {
        guard !hidden.isEmpty else { return nil }
        var lo = 0, hi = hidden.count
        while lo < hi {
            let mid = (lo + hi) / 2
            if hidden[mid].upperBound <= range.lowerBound { lo = mid + 1 } else { hi = mid }
        }
        guard lo < hidden.count, hidden[lo].lowerBound < range.upperBound else { return nil }
        var pieces: [Range<Int>] = []
        var from = range.lowerBound
        var k = lo
        while k < hidden.count && hidden[k].lowerBound < range.upperBound {
            let h = hidden[k]
            if h.lowerBound > from { pieces.append(from..<h.lowerBound) }
            from = max(from, h.upperBound)
            k += 1
        }
        if from < range.upperBound { pieces.append(from..<range.upperBound) }
        return pieces
    }

    /// Longest word looked up in the cache (UTF-16 units); longer ones are shaped in place.
    static let longestCachedWord = 48

    /// Shapes `range` word by word through the cache; glyphs come out in visual order as HarfBuzz's would.
    private func shapeWords(_ range: Range<Int>, _ buffer: UnsafeBufferPointer<UInt16>, _ request: ShapingRequest,
                            _ shaped: inout ShapedText.Content, _ cache: ShapeCache, classes: inout [UInt8],
                            _ ws: inout Workspace) -> GlyphCheck {
        var cuts: [Int] = []
        swap(&cuts, &ws.wordCuts)  // so `cuts` is the only owner and keeps its buffer
        cuts.removeAll(keepingCapacity: true)
        cuts.append(range.lowerBound)
        var j = range.lowerBound + 1
        while j < range.upperBound {
            let before = buffer[j - 1], here = buffer[j]
            if shaped.graphemeStarts[j]
                && ((before == 0x20 && here != 0x20) || Typesetter.isWordOfItsOwn(before) || Typesetter.isWordOfItsOwn(here)) {
                cuts.append(j)
            }
            j += 1
        }
        cuts.append(range.upperBound)
        let style = WordStyle(face: ObjectIdentifier(request.face), scale: FontFace.scale(request.size),
                              script: request.script, rightToLeft: request.rightToLeft, language: request.language)
        // A run that starts or ends inside a word (a face or bidi level changed there) of a script whose
        // shaping looks across characters (joining, conjuncts) shapes that word with the text beside it.
        let contextual = Typesetter.shapesInContext(request.script)
        let before = contextual && range.lowerBound > 0 && !Typesetter.endsWord(buffer[range.lowerBound - 1])
        let after = contextual && range.upperBound < buffer.count && !Typesetter.endsWord(buffer[range.upperBound])
        let check = shapeWords(cuts, buffer, request, style, contextBefore: before, contextAfter: after, &shaped,
                               &cache.words, &ws.glyphs, classes: &classes)
        swap(&cuts, &ws.wordCuts)
        return check
    }

    /// Shapes the words between `cuts` through `table`, in visual order; the first word with the text
    /// before it as context when `contextBefore`, the last with the text after it when `contextAfter`.
    private func shapeWords(_ cuts: [Int], _ buffer: UnsafeBufferPointer<UInt16>, _ request: ShapingRequest,
                            _ style: WordStyle, contextBefore: Bool, contextAfter: Bool,
                            _ shaped: inout ShapedText.Content, _ table: inout ShapedWordTable, _ scratch: inout GlyphBuffer,
                            classes: inout [UInt8]) -> GlyphCheck {
        let styleIndex = table.index(of: style)
        let words = cuts.count - 1
        var check = GlyphCheck()
        for w in 0..<words {
            let k = request.rightToLeft ? words - 1 - w : w  // right-to-left: the last word is drawn first
            let word = cuts[k]..<cuts[k + 1]
            if word.count > Typesetter.longestCachedWord {
                let start = shaped.glyphs.count
                shaper.shape(buffer, run: word, as: request, into: &shaped.glyphs)
                check.add(Typesetter.check(shaped.glyphs, from: start, face: request.face, classes: &classes))
                continue
            }
            if (k == 0 && contextBefore) || (k == words - 1 && contextAfter) {
                check.add(shapeWord(word, buffer, request, style, before: k == 0 && contextBefore, after: k == words - 1 && contextAfter,
                                    &shaped, &table, &scratch, classes: &classes))
                continue
            }
            let units = UnsafeBufferPointer(rebasing: buffer[word])
            let hash = ShapedWordTable.hash(units, style: styleIndex)
            if let found = table.find(units, style: styleIndex, hash: hash) {
                table.appendGlyphs(of: found, to: &shaped.glyphs, clusterOffset: Int32(word.lowerBound))
                check.add(table.check(of: found))
                continue
            }
            scratch.removeAll()
            shaper.shape(units, run: 0..<units.count, as: request, into: &scratch)
            let new = Typesetter.check(scratch, from: 0, face: request.face, classes: &classes)
            table.insert(units, style: styleIndex, hash: hash, glyphs: scratch, 0..<scratch.count, check: new)
            shaped.glyphs.append(scratch, 0..<scratch.count, clusterOffset: Int32(word.lowerBound))
            check.add(new)
        }
        return check
    }

    /// Units of context kept on each side of a word shaped in context: HarfBuzz looks at 5 characters
    /// beyond the text it shapes (`HB_BUFFER_CONTEXT_LENGTH`), and 10 units hold 5 characters.
    static let contextUnits = 10

    /// Shapes one word through `table` with up to ``contextUnits`` units on the sides asked for, kept
    /// under (face, word, context): the same word joins differently after another letter.
    @inline(never)
    private func shapeWord(_ word: Range<Int>, _ buffer: UnsafeBufferPointer<UInt16>, _ request: ShapingRequest,
                           _ style: WordStyle, before: Bool, after: Bool,
                           _ shaped: inout ShapedText.Content, _ table: inout ShapedWordTable, _ scratch: inout GlyphBuffer,
                           classes: inout [UInt8]) -> GlyphCheck {
        var lo = word.lowerBound, hi = word.upperBound
        if before {
            lo = max(0, lo - Typesetter.contextUnits)
            if lo > 0 && buffer[lo] & 0xFC00 == 0xDC00 { lo -= 1 }  // never half a surrogate pair
        }
        if after {
            hi = min(buffer.count, hi + Typesetter.contextUnits)
            if hi < buffer.count && buffer[hi - 1] & 0xFC00 == 0xD800 { hi += 1 }
        }
        var keyed = style
        keyed.contextBefore = UInt8(word.lowerBound - lo)
        keyed.contextAfter = UInt8(hi - word.upperBound)
        let styleIndex = table.index(of: keyed)
        let units = UnsafeBufferPointer(rebasing: buffer[lo..<hi])
        let hash = ShapedWordTable.hash(units, style: styleIndex)
        if let found = table.find(units, style: styleIndex, hash: hash) {
            table.appendGlyphs(of: found, to: &shaped.glyphs, clusterOffset: Int32(word.lowerBound))
            return table.check(of: found)
        }
        scratch.removeAll()
        shaper.shape(units, run: (word.lowerBound - lo)..<(word.upperBound - lo), as: request, into: &scratch)
        var relative = GlyphBuffer()  // clusters from the word's start, as the table keeps them
        relative.append(scratch, 0..<scratch.count, clusterOffset: -Int32(word.lowerBound - lo))
        let check = Typesetter.check(relative, from: 0, face: request.face, classes: &classes)
        table.insert(units, style: styleIndex, hash: hash, glyphs: relative, 0..<relative.count, check: check)
        shaped.glyphs.append(relative, 0..<relative.count, clusterOffset: Int32(word.lowerBound))
        return check
    }

    /// Scripts whose shaping looks across characters: cursive joining (Arabic, Syriac, N'Ko, Mongolian
    /// and their relatives) and the conjuncts and reordering of the Indic and Southeast Asian scripts.
    @inline(__always)
    static func shapesInContext(_ script: UInt32) -> Bool {
        // Latin, Han, Cyrillic, Hangul, kana, Hebrew and Common runs, most of the text, answer at once.
        switch script {
        case 0x4C61_746E, 0x4861_6E69, 0x4379_726C, 0x4861_6E67, 0x4869_7261, 0x4B61_6E61, 0x4865_6272, 0x5A79_7979: return false
        default: return contextualScripts.contains(script)
        }
    }

    private static let contextualScripts: Set<UInt32> = Set([
        "Arab", "Syrc", "Nkoo", "Mong", "Mand", "Mani", "Phag", "Adlm", "Rohg", "Sogd", "Chrs", "Ougr", "Hmnp",
        "Deva", "Beng", "Guru", "Gujr", "Orya", "Taml", "Telu", "Knda", "Mlym", "Sinh", "Mymr", "Khmr", "Tibt",
        "Laoo", "Thai", "Bali", "Java", "Sund", "Limb", "Tglg", "Cakm", "Gran", "Shrd", "Takr", "Tirh", "Newa",
    ].map { (tag: String) -> UInt32 in tag.utf8.reduce(0) { $0 << 8 | UInt32($1) } })

    /// CJK ideographs are each a word of their own (as in Blink's word shaper), so Chinese text hits
    /// the cache per character. Kana, Hangul and CJK punctuation stay in words: Noto Sans CJK kerns them.
    @inline(__always)
    static func isWordOfItsOwn(_ u: UInt16) -> Bool {
        switch u {
        case 0x3400...0x4DBF, 0x4E00...0x9FFF, 0xF900...0xFAFF: return true
        default: return false
        }
    }

    /// Shapes a short text on its own line (the truncation token).
    func shapeSnippet(_ string: String, style: ParagraphStyle, _ ws: inout Workspace) -> ShapedSnippet {
        let units = Array(string.utf16)
        var inner = ShapedText.Content(mapped: MappedText(plain: string), style: ParagraphStyle(fontSize: style.fontSize, direction: style.direction,
                                truncationToken: "", language: style.language), primaryFace: fonts.faces[0],
                               primaryMetrics: ws.metrics(of: fonts.faces[0], size: style.fontSize),
                               token: ShapedSnippet(text: [], runs: [], faces: [], glyphs: GlyphBuffer(), width: 0, ascent: 0, descent: 0))
        var advances = [Double](repeating: 0, count: units.count)
        inner.graphemeStarts = graphemeStarts(units)
        units.withUnsafeBufferPointer { buffer in
            _ = itemize(buffer, 0..<units.count, into: &inner, &ws)
            for r in inner.runs.indices { shapeRun(r, buffer, &inner, &advances, &ws) }
        }
        let ascent = inner.runs.map(\.ascent).max() ?? inner.primaryMetrics.ascent
        let descent = inner.runs.map(\.descent).max() ?? inner.primaryMetrics.descent
        return ShapedSnippet(text: units, runs: inner.runs, faces: inner.faces, glyphs: inner.glyphs, width: advances.reduce(0, +),
                             ascent: ascent, descent: descent)
    }
}
