import BubbleFonts
import BubbleMapping
import BubbleUnicode

/// ISO 15924 `Zyyy`, the Common script.
let commonScript: UInt32 = 0x5A79_7979

extension Typesetter {
    /// Splits `range` into runs of one face, size, script, bidi level and style, appended to
    /// `shaped.runs`; each U+FFFC placeholder is a run of its own.
    ///
    /// The face is chosen per grapheme cluster, covering every scalar of it (marks included): the first
    /// chain face covering it (color faces first for emoji presentation), else the face of the run it
    /// continues when that covers it (so a danda or a digit takes its neighbours' face, not a random
    /// script's), else the fallback face last used for the same script, else one fontconfig finds for
    /// the whole cluster and its script (a neutral cluster's is its neighbours'), else the primary face's
    /// .notdef (counted in `unresolvedGlyphs` after shaping)
    /// (``clusterFace(_:_:neighbour:runScript:limit:scalars:lastFallback:into:)``); then the face its style
    /// asks for (``styledFace(_:_:grapheme:)``) and the one-face-per-word rule
    /// (``keepWordInOneFace(_:at:end:limit:face:current:script:level:styleRuns:styleCursor:levels:run:noWordFaceBefore:scalars:into:_:)``).
    /// Common and inherited scripts join their neighbours. A tab is a run of its own (its advance depends
    /// on where its line starts), and marks past ``ParagraphStyle/maxMarksPerCluster`` are set aside in
    /// `hiddenMarks`.
    /// - Returns: the paragraph's base bidi level.
    func itemize(_ buffer: UnsafeBufferPointer<UInt16>, _ range: Range<Int>, into shaped: inout ShapedText.Content,
                 cache: ShapeCache? = nil, _ ws: inout Workspace) -> UInt8 {
        guard !range.isEmpty else {
            return shaped.style.direction == .rtl ? 1 : 0
        }
        let paragraph = paragraphLevels(buffer, range, direction: shaped.style.direction)
        let allLeftToRight = paragraph.allLeftToRight, levels = paragraph.levels
        let styleRuns = shaped.mapped.styles
        var styleCursor = 0
        /// The style run last looked up and its index in `shaped.styles`: interned once per run, not per grapheme.
        var styleMemo = (run: -1, index: 0)
        var placeholderCursor = shaped.placeholders.firstIndex { $0.placeholder.index.utf16 >= range.lowerBound } ?? shaped.placeholders.count

        var run = ItemizeRun(start: range.lowerBound)
        var scalars: [UInt32] = []  // one grapheme's scalars, in the typesetter's scratch
        swap(&scalars, &ws.scalars)
        defer { swap(&scalars, &ws.scalars) }
        /// The fallback face (outside the chain) last chosen, and the script it was chosen for.
        var lastFallback: (face: FontFace, script: UInt32)?
        /// After a word found no face covering it all, the end of that word: no second try inside it.
        var noWordFaceBefore = range.lowerBound
        let byWord = shaped.style.fontFallback == .word

        // The cache's per-unit tables, borrowed for the loop (no class access per character).
        var faceTable: [UInt8] = [], scriptTable: [UInt32] = []
        if let cache {
            swap(&faceTable, &cache.faceOfUnit)
            swap(&scriptTable, &cache.scriptOfUnit)
        }
        defer {
            if let cache {
                swap(&faceTable, &cache.faceOfUnit)
                swap(&scriptTable, &cache.scriptOfUnit)
            }
        }
        let hasTables = faceTable.count == 0x10000 && scriptTable.count == 0x10000
        /// Left-to-right text of one style: a run of a chain face grows in the tight loop below.
        let oneStyleLeftToRight = hasTables && allLeftToRight && styleRuns.isEmpty

        var i = range.lowerBound
        while i < range.upperBound {
            if oneStyleLeftToRight && run.faceIndex >= 0 && run.faceIndex < 254 && run.style == 0 && run.level == 0 {
                i = extendChainRun(&run, buffer, from: i, upTo: range.upperBound, graphemeStarts: shaped.graphemeStarts,
                                   faceTable: faceTable, scriptTable: scriptTable)
                if i == range.upperBound { break }
            }
            var end = i + 1
            while end < range.upperBound && !shaped.graphemeStarts[end] { end += 1 }
            let level = allLeftToRight ? 0 : levels[i - range.lowerBound]
            let styleIndex = styleIndex(at: i, runs: styleRuns, cursor: &styleCursor, memo: &styleMemo, styles: &shaped.styles,
                                        interned: &ws.styleIndices)
            let unit = buffer[i]

            if unit == placeholderCharacter, placeholderCursor < shaped.placeholders.count,
               shaped.placeholders[placeholderCursor].placeholder.index.utf16 == i {
                appendPlaceholder(placeholderCursor, at: i, style: styleIndex, level: level, after: &run, into: &shaped, &ws)
                placeholderCursor += 1
                i = end
                continue
            }

            var face: ItemizeFace
            var faceIndex = -1
            var script: UInt32 = 0
            if end == i + 1, hasTables, unit & 0xF800 != 0xD800, let k = fastFace(unit, &faceTable) {
                // One BMP unit whose face and script the tables know.
                script = tableScript(unit, &scriptTable)
                let styled = styleIndex != 0 && (shaped.styles[styleIndex].bold || shaped.styles[styleIndex].italic
                                                 || shaped.styles[styleIndex].faceFamily != nil)
                if !styled && run.continues(chainFace: k, style: styleIndex, level: level, script: script) {
                    if run.script == 0 { run.script = script }
                    i = end
                    continue
                }
                face = ItemizeFace(fonts, k)
                if !styled { faceIndex = k }
            } else if unit == 0x09 {
                appendTab(at: i, end: end, style: styleIndex, level: level, after: &run, into: &shaped, &ws)
                i = end
                continue
            } else {
                let plain = styleIndex == 0 || !(shaped.styles[styleIndex].bold || shaped.styles[styleIndex].italic)
                let chosen: FontFace
                (chosen, script) = clusterFace(buffer, i..<end, neighbour: plain && styleIndex == run.style ? run.face : nil,
                                               runScript: run.script, limit: range.upperBound, scalars: &scalars,
                                               lastFallback: &lastFallback, into: &shaped)
                face = ItemizeFace(held: chosen)
            }
            if styleIndex != 0 {
                // The fast path above leaves `scalars` stale: it only runs for one BMP unit.
                face = ItemizeFace(held: styledFace(face.object, shaped.styles[styleIndex],
                                                    grapheme: end == i + 1 && unit & 0xF800 != 0xD800 ? [UInt32(unit)] : scalars))
            }

            // The cheap tests first: binding `run.face` costs a retain and a release per grapheme.
            if script != 0, script == run.script, styleIndex == run.style, level == run.level, i >= noWordFaceBefore, byWord,
               run.itemFace != nil, !run.isIn(face), let current = run.face,
               styleIndex == 0 || !(shaped.styles[styleIndex].bold || shaped.styles[styleIndex].italic),
               let word = keepWordInOneFace(buffer, at: i, end: end, limit: range.upperBound, face: face.object,
                                            current: current, script: script,
                                            level: level, styleRuns: styleRuns, styleCursor: styleCursor,
                                            levels: allLeftToRight ? nil : (levels, range.lowerBound), run: &run,
                                            noWordFaceBefore: &noWordFaceBefore, scalars: &scalars, into: &shaped, &ws) {
                i = word
                continue
            }
            continueOrOpen(&run, at: i, face: face, faceIndex: faceIndex, style: styleIndex, level: level, script: script,
                           into: &shaped, &ws)
            i = end
        }
        close(run, at: range.upperBound, into: &shaped, &ws)
        return paragraph.base
    }

    /// The bidi levels of `range`, one per UTF-16 unit, and the paragraph's base level: left-to-right
    /// text with no right-to-left character is all level 0, with no ICU call and no level array.
    func paragraphLevels(_ buffer: UnsafeBufferPointer<UInt16>, _ range: Range<Int>, direction: TextDirection)
        -> (allLeftToRight: Bool, base: UInt8, levels: [UInt8]) {
        let fallbackLevel: UInt8 = direction == .rtl ? 1 : 0
        let allLeftToRight = direction != .rtl && !BidiResolver.mayContainRTL(UnsafeBufferPointer(rebasing: buffer[range]))
        let resolved: (base: UInt8, levels: [UInt8]) = allLeftToRight ? (0, [])
            : (try? bidi.levels(of: ArraySlice(buffer[range]), direction: direction))
                ?? (fallbackLevel, [UInt8](repeating: fallbackLevel, count: range.count))
        return (allLeftToRight, resolved.base, resolved.levels)
    }

    /// The common case (Latin, CJK), for left-to-right text of one style: grows `run`, of a chain face,
    /// over the units from `i` that are one grapheme each, that its face draws, in its script or a neutral
    /// one; returns where it stopped. The same tests as the one-unit path of
    /// ``itemize(_:_:into:cache:_:)``, without its per-unit set-up (grapheme end, level, style, placeholder).
    @inline(__always)
    func extendChainRun(_ run: inout ItemizeRun, _ buffer: UnsafeBufferPointer<UInt16>, from i: Int, upTo upper: Int,
                        graphemeStarts: [Bool], faceTable: [UInt8], scriptTable: [UInt32]) -> Int {
        let k = UInt8(run.faceIndex + 1)
        var i = i
        while i < upper {
            let unit = buffer[i]
            guard faceTable[Int(unit)] == k, unit & 0xF800 != 0xD800, unit != placeholderCharacter,
                  i + 1 == upper || graphemeStarts[i + 1] else { break }
            let tag = scriptTable[Int(unit)]
            guard tag != 0 else { break }
            let script = tag == 1 ? 0 : tag
            if script != 0 && run.script != 0 && script != run.script { break }
            if run.script == 0 { run.script = script }
            i += 1
        }
        return i
    }
}
