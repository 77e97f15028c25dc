public import BubbleFonts
public import BubbleMapping
public import BubbleUnicode

/// Shapes mapped text: itemizes it into runs and shapes each run once with HarfBuzz.
///
/// Owns the reusable ICU iterators and the HarfBuzz buffer, so it is not thread-safe: each thread
/// (each batch worker, each server task) uses its own `Typesetter` over a shared ``FallbackChain``.
public final class Typesetter {
    public let fonts: FallbackChain
    let shaper = Shaper()
    let lineBreaks: LineBreaker
    let graphemes: GraphemeBreaker
    let bidi: BidiResolver

    public init(fonts: FallbackChain) throws(UnicodeError) {
        self.fonts = fonts
        lineBreaks = try LineBreaker()
        graphemes = try GraphemeBreaker()
        bidi = try BidiResolver()
    }

    /// Shapes `text`; the result lays out at any width without shaping again.
    public func shape(_ text: MappedText, style: ParagraphStyle = ParagraphStyle()) -> ShapedText {
        let primary = fonts.faces[0]
        var shaped = ShapedText(mapped: text, style: style, primaryFace: primary, token: shapeSnippet(style.truncationToken, style: style))
        let units = text.text
        shaped.graphemeStarts = graphemeStarts(units)
        shaped.advanceBefore.reserveCapacity(units.count + 1)
        var advances = [Double](repeating: 0, count: units.count)
        resolvePlaceholders(&shaped)
        units.withUnsafeBufferPointer { buffer in
            for paragraph in Typesetter.paragraphRanges(units) {
                let breaksStart = shaped.breaks.count
                appendBreaks(buffer, paragraph.content, into: &shaped.breaks)
                let runStart = shaped.runs.count
                let base = itemize(buffer, paragraph.content, into: &shaped)
                for r in runStart..<shaped.runs.count { shapeRun(r, buffer, &shaped, &advances) }
                shaped.paragraphs.append(ShapedParagraph(range: paragraph.content, end: paragraph.end,
                                                         runs: runStart..<shaped.runs.count, baseLevel: base,
                                                         breaks: breaksStart..<shaped.breaks.count))
            }
        }
        var total = 0.0
        for a in advances { total += a; shaped.advanceBefore.append(total) }
        return shaped
    }

    /// Paragraph content ranges, split at UAX #14 mandatory breaks (LF, CR, CRLF, NEL, VT, FF, LS, PS).
    static func paragraphRanges(_ units: [UInt16]) -> [(content: Range<Int>, end: Int)] {
        var result: [(Range<Int>, Int)] = []
        var start = 0, i = 0
        let n = units.count
        while i < n {
            let u = units[i]
            if u == 0x0A || u == 0x0D || u == 0x0B || u == 0x0C || u == 0x85 || u == 0x2028 || u == 0x2029 {
                let end = (u == 0x0D && i + 1 < n && units[i + 1] == 0x0A) ? i + 2 : i + 1
                result.append((start..<i, end))
                start = end
                i = end
            } else {
                i += 1
            }
        }
        result.append((start..<n, n))
        return result
    }

    private func graphemeStarts(_ units: [UInt16]) -> [Bool] {
        var starts = [Bool](repeating: false, count: units.count + 1)
        starts[0] = true
        starts[units.count] = true
        // Below U+0300 no unit extends a grapheme except LF after CR: skip ICU for such text.
        if !units.contains(where: { $0 >= 0x0300 }) {
            for i in 1..<max(units.count, 1) where !(units[i] == 0x0A && units[i - 1] == 0x0D) { starts[i] = true }
            return starts
        }
        for b in graphemes.boundaries(in: units) { starts[b] = true }
        return starts
    }

    private func appendBreaks(_ buffer: UnsafeBufferPointer<UInt16>, _ range: Range<Int>, into breaks: inout [Int]) {
        guard !range.isEmpty else { return }
        let slice = Array(buffer[range])
        for opportunity in lineBreaks.opportunities(in: slice) { breaks.append(range.lowerBound + opportunity.offset) }
    }

    private func resolvePlaceholders(_ shaped: inout ShapedText) {
        let style = shaped.style
        let x = shaped.primaryMetrics
        for p in shaped.mapped.placeholders {
            let side = style.emojiSize ?? style.fontSize * 1.25
            let width = p.width ?? side
            let height = p.height ?? side
            var ascent: Double, descent: Double
            if let a = p.ascent, let d = p.descent {
                ascent = a; descent = d
            } else {
                switch p.alignment ?? style.emojiAlign {
                case .baseline: ascent = height; descent = 0
                case .center: ascent = x.xHeight / 2 + height / 2; descent = height - ascent
                case .top: ascent = x.ascent; descent = height - x.ascent
                case .bottom: descent = x.descent; ascent = height - x.descent
                }
                if let a = p.ascent { ascent = a; descent = height - a }
                if let d = p.descent { descent = d; ascent = height - d }
            }
            shaped.placeholders.append(ResolvedPlaceholder(placeholder: p, width: width, ascent: ascent, descent: descent))
        }
    }

    private func shapeRun(_ r: Int, _ buffer: UnsafeBufferPointer<UInt16>, _ shaped: inout ShapedText, _ advances: inout [Double]) {
        let run = shaped.runs[r]
        if let p = run.placeholder {
            advances[run.range.lowerBound] += shaped.placeholders[p].width
            return
        }
        guard let face = run.face else { return }
        let start = shaped.glyphs.count
        let request = ShapingRequest(face: face, size: run.fontSize, script: run.script,
                                     rightToLeft: run.isRightToLeft, language: shaped.style.language)
        shaper.shape(buffer, run: run.range, as: request, into: &shaped.glyphs)
        for g in start..<shaped.glyphs.count {
            advances[Int(shaped.glyphs.clusters[g])] += Double(shaped.glyphs.advances[g])
        }
        shaped.runs[r].glyphRange = start..<shaped.glyphs.count
    }

    /// Shapes a short text on its own line (the truncation token).
    func shapeSnippet(_ string: String, style: ParagraphStyle) -> ShapedSnippet {
        let units = Array(string.utf16)
        var inner = ShapedText(mapped: MappedText(plain: string), style: ParagraphStyle(fontSize: style.fontSize, direction: style.direction,
                                truncationToken: "", language: style.language), primaryFace: fonts.faces[0],
                               token: ShapedSnippet(text: [], runs: [], glyphs: GlyphBuffer(), width: 0, ascent: 0, descent: 0))
        var advances = [Double](repeating: 0, count: units.count)
        inner.graphemeStarts = graphemeStarts(units)
        units.withUnsafeBufferPointer { buffer in
            _ = itemize(buffer, 0..<units.count, into: &inner)
            for r in inner.runs.indices { shapeRun(r, buffer, &inner, &advances) }
        }
        let ascent = inner.runs.map(\.ascent).max() ?? inner.primaryMetrics.ascent
        let descent = inner.runs.map(\.descent).max() ?? inner.primaryMetrics.descent
        return ShapedSnippet(text: units, runs: inner.runs, glyphs: inner.glyphs, width: advances.reduce(0, +),
                             ascent: ascent, descent: descent)
    }
}
