import BubbleFonts
import BubbleMapping
import BubbleUnicode

/// Shaping one run: its glyphs through the word cache or HarfBuzz, then their check (unresolved glyphs,
/// tall ink) and the run's extent.
extension Typesetter {
    func shapeRun(_ r: Int, _ buffer: UnsafeBufferPointer<UInt16>, _ shaped: inout ShapedText.Content,
                          _ advances: inout [Double], cache: ShapeCache? = nil, _ ws: inout Workspace) {
        let run = shaped.runs[r]
        if let p = run.placeholder {
            advances[run.range.lowerBound] += shaped.placeholders[p].width
            return
        }
        guard run.faceIndex >= 0 else { return }
        // Not retained: `shaped.faces` holds it while the run is shaped (see `ShapingRequest.faceReference`).
        let face = shaped.faces.withUnsafeBufferPointer { Unmanaged.passUnretained($0[Int(run.faceIndex)]) }
        let start = shaped.glyphs.count
        shaped.runs[r].inkAscent = run.ascent
        shaped.runs[r].inkDescent = run.descent
        if run.isTab {  // no glyph: the layout gives it the advance to the next tab stop
            shaped.runs[r].glyphRange = start..<start
            return
        }
        let request = ShapingRequest(faceReference: face, size: run.fontSize, script: run.script,
                                     rightToLeft: run.isRightToLeft, language: shaped.style.language)
        var check = GlyphCheck()
        if !shaped.hiddenMarks.isEmpty, let pieces = Typesetter.pieces(of: run.range, without: shaped.hiddenMarks) {
            shapePieces(pieces, buffer, request, &shaped)
            check.add(Typesetter.check(shaped.glyphs, from: start, face: request.face))
        } else if cache?.capacity ?? 0 > 0 {
            // Passed on unwrapped in place: bound by `if let`, the cache was retained and released per run.
            check = shapeWords(run.range, buffer, request, &shaped, cache.unsafelyUnwrapped, &ws)
        } else {
            shaper.shape(buffer, run: run.range, as: request, into: &shaped.glyphs)
            check.add(Typesetter.check(shaped.glyphs, from: start, face: request.face))
        }
        let end = shaped.glyphs.count
        shaped.glyphs.glyphs.withUnsafeBufferPointer { glyphs in
            advances.withUnsafeMutableBufferPointer { advances in
                for g in start..<end { advances[Int(glyphs[g].cluster)] += Double(glyphs[g].advance) }
            }
        }
        shaped.unresolvedGlyphs += check.notdef
        shaped.runs[r].glyphRange = start..<shaped.glyphs.count
        if check.tall { keepTallInk(of: r, face: request.face, &shaped, &ws.inkMemo) }
    }

    /// The check of the glyphs of `glyphs` from `start` on, drawn with `face`: notdefs counted, and whether
    /// any sits moved up or down or reaches past the face's metrics (``FontFace/isTall(_:)``, measured once
    /// per glyph per face). Words from the cache bring their check with them, so only newly shaped glyphs
    /// come here.
    static func check(_ glyphs: GlyphBuffer, from start: Int, face: FontFace) -> GlyphCheck {
        var check = GlyphCheck()
        glyphs.glyphs.withUnsafeBufferPointer { glyphs in
            for g in start..<glyphs.count {
                let glyph = glyphs[g]
                if glyph.id == 0 { check.notdef += 1 }
                if !check.tall && (glyph.offsetY != 0 || face.isTall(glyph.id)) { check.tall = true }
            }
        }
        return check
    }

    /// Keeps the ink of run `r`'s glyphs that reach past their face's metrics or sit moved up or down,
    /// and grows the run's ink extent to hold them.
    @inline(never)
    func keepTallInk(of r: Int, face: FontFace, _ shaped: inout ShapedText.Content,
                             _ memo: inout [InkKey: InkBounds]) {
        let run = shaped.runs[r]
        let start = run.glyphRange.lowerBound
        // Only the glyphs that reach past the metrics are kept, with their ink: the layout looks them up
        // per line without asking HarfBuzz again.
        var above = run.ascent, below = run.descent
        for g in start..<shaped.glyphs.count {
            let glyph = shaped.glyphs[g]
            guard glyph.offsetY != 0 || face.isTall(glyph.id),
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
    func shapePieces(_ pieces: [Range<Int>], _ buffer: UnsafeBufferPointer<UInt16>, _ request: ShapingRequest,
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
}
