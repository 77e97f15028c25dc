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
    /// the whole cluster and its script (a neutral cluster's is its run's), else the primary face's
    /// .notdef (counted in `unresolvedGlyphs` after shaping). Within a word of one script, a face that covers the whole word is preferred to
    /// switching faces in the middle of it, as browsers do, so Urdu letters DejaVu Sans lacks do not
    /// break the word's joining. Common and inherited scripts join their neighbours. A tab is a run of
    /// its own (its advance depends on where its line starts), and marks past
    /// ``ParagraphStyle/maxMarksPerCluster`` are set aside in `hiddenMarks`.
    /// - Returns: the paragraph's base bidi level.
    func itemize(_ buffer: UnsafeBufferPointer<UInt16>, _ range: Range<Int>, into shaped: inout ShapedText.Content,
                 cache: ShapeCache? = nil, _ ws: inout Workspace) -> UInt8 {
        guard !range.isEmpty else {
            return shaped.style.direction == .rtl ? 1 : 0
        }
        let fallbackLevel: UInt8 = shaped.style.direction == .rtl ? 1 : 0
        // Left-to-right text with no right-to-left character is all level 0: no ICU, no level array.
        let allLeftToRight = shaped.style.direction != .rtl && !BidiResolver.mayContainRTL(UnsafeBufferPointer(rebasing: buffer[range]))
        let resolved: (base: UInt8, levels: [UInt8]) = allLeftToRight ? (0, [])
            : (try? bidi.levels(of: ArraySlice(buffer[range]), direction: shaped.style.direction))
                ?? (fallbackLevel, [UInt8](repeating: fallbackLevel, count: range.count))
        let levels = resolved.levels
        let styleRuns = shaped.mapped.styles
        var styleCursor = 0
        /// The style run last looked up and its index in `shaped.styles`: interned once per run, not per grapheme.
        var styleMemo = (run: -1, index: 0)
        var placeholderCursor = shaped.placeholders.firstIndex { $0.placeholder.index.utf16 >= range.lowerBound } ?? shaped.placeholders.count

        var runStart = range.lowerBound
        var runFace: FontFace? = nil
        /// The chain index of `runFace` when it came from the per-unit table unstyled, else -1: lets a run
        /// grow without touching the face object.
        var runFaceIndex = -1
        var runStyle = -1
        var runLevel: UInt8 = 0
        var runScript: UInt32 = 0  // 0: not yet known (neutral so far)
        var scalars: [UInt32] = []  // one grapheme's scalars, in the typesetter's scratch
        swap(&scalars, &ws.scalars)
        defer { swap(&scalars, &ws.scalars) }
        /// The fallback face (outside the chain) last chosen, and the script it was chosen for.
        var lastFallback: (face: FontFace, script: UInt32)?
        /// After a word found no face covering it all, the end of that word: no second try inside it.
        var noWordFaceBefore = range.lowerBound
        let maxMarks = shaped.style.maxMarksPerCluster
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

        // Out of line, as the rare paths below: one copy, so the per-character loop stays small.
        @inline(never)
        func close(_ end: Int) {
            guard end > runStart, let face = runFace else { return }
            let size = shaped.styles[runStyle].fontSize ?? shaped.style.fontSize
            let m = ws.metrics(of: face, size: size)
            let index: Int
            if let known = shaped.faces.firstIndex(where: { $0 === face }) {
                index = known
            } else {
                index = shaped.faces.count
                shaped.faces.append(face)
            }
            shaped.runs.append(ShapedRun(range: runStart..<end, glyphRange: 0..<0, faceIndex: Int32(index), fontSize: size,
                                         level: runLevel, script: runScript == 0 ? commonScript : runScript, style: runStyle, placeholder: nil, ascent: m.ascent, descent: m.descent))
        }

        /// A tab (no face has one, so never on the fast path): a run of its own, in its neighbours'
        /// face, shaped as nothing.
        @inline(never)
        func tab(at i: Int, end: Int, style: Int, level: UInt8) {
            let face = runFace ?? fonts.faces[0]
            close(i)
            runStart = i; runFace = face; runStyle = style; runLevel = level; runScript = 0
            close(end)
            shaped.runs[shaped.runs.count - 1].isTab = true
            shaped.tabs.append(i)
            runFace = nil
            runFaceIndex = -1
            runStart = end
        }

        var i = range.lowerBound
        while i < range.upperBound {
            if oneStyleLeftToRight && runFaceIndex >= 0 && runFaceIndex < 254 && runStyle == 0 && runLevel == 0 {
                // The common case (Latin, CJK): units of one grapheme each that the run's chain face draws,
                // in its script or a neutral one. The same tests as the one-unit path below, without its
                // per-unit set-up (grapheme end, level, style, placeholder).
                let k = UInt8(runFaceIndex + 1), upper = range.upperBound
                while i < upper {
                    let unit = buffer[i]
                    guard faceTable[Int(unit)] == k, unit & 0xF800 != 0xD800, unit != placeholderCharacter,
                          i + 1 == upper || shaped.graphemeStarts[i + 1] else { break }
                    let tag = scriptTable[Int(unit)]
                    guard tag != 0 else { break }
                    let script = tag == 1 ? 0 : tag
                    if script != 0 && runScript != 0 && script != runScript { break }
                    if runScript == 0 { runScript = script }
                    i += 1
                }
                if i == upper { break }
            }
            var end = i + 1
            while end < range.upperBound && !shaped.graphemeStarts[end] { end += 1 }
            let level = allLeftToRight ? 0 : levels[i - range.lowerBound]
            let styleIndex = styleIndex(at: i, runs: styleRuns, cursor: &styleCursor, memo: &styleMemo, styles: &shaped.styles,
                                        interned: &ws.styleIndices)
            let unit = buffer[i]

            if unit == placeholderCharacter, placeholderCursor < shaped.placeholders.count,
               shaped.placeholders[placeholderCursor].placeholder.index.utf16 == i {
                close(i)
                let p = shaped.placeholders[placeholderCursor]
                shaped.runs.append(ShapedRun(range: i..<i + 1, glyphRange: 0..<0, faceIndex: -1,
                                             fontSize: shaped.styles[styleIndex].fontSize ?? shaped.style.fontSize,
                                             level: level, script: commonScript, style: styleIndex, placeholder: placeholderCursor,
                                             ascent: p.ascent, descent: p.descent))
                placeholderCursor += 1
                runFace = nil
                runFaceIndex = -1
                runStart = i + 1
                i = end
                continue
            }

            var face: FontFace
            var faceIndex = -1
            var script: UInt32 = 0
            if end == i + 1, hasTables, unit & 0xF800 != 0xD800, let k = fastFace(unit, &faceTable) {
                // One BMP unit whose face and script the tables know.
                var tag = scriptTable[Int(unit)]
                if tag == 0 {
                    let s = UInt32(unit)
                    tag = CharacterProperties.hasNeutralScript(s) ? 1 : CharacterProperties.scriptTag(s)
                    scriptTable[Int(unit)] = tag
                }
                script = tag == 1 ? 0 : tag
                let styled = styleIndex != 0 && (shaped.styles[styleIndex].bold || shaped.styles[styleIndex].italic
                                                 || shaped.styles[styleIndex].faceFamily != nil)
                if !styled && k == runFaceIndex && styleIndex == runStyle && level == runLevel
                    && !(script != 0 && runScript != 0 && script != runScript) {
                    if runScript == 0 { runScript = script }
                    i = end
                    continue
                }
                face = fonts.faces[k]
                if !styled { faceIndex = k }
            } else if unit == 0x09 {
                tab(at: i, end: end, style: styleIndex, level: level)
                i = end
                continue
            } else {
                scalars.removeAll(keepingCapacity: true)
                var j = i
                while j < end {
                    let u = UInt32(buffer[j])
                    if u & 0xFC00 == 0xD800, j + 1 < end, UInt32(buffer[j + 1]) & 0xFC00 == 0xDC00 {
                        scalars.append(0x10000 + ((u - 0xD800) << 10) + (UInt32(buffer[j + 1]) - 0xDC00))
                        j += 2
                    } else {
                        scalars.append(u)
                        j += 1
                    }
                }
                for s in scalars where !CharacterProperties.hasNeutralScript(s) {
                    script = CharacterProperties.scriptTag(s)
                    break
                }
                if scalars.count > maxMarks + 1 { hideMarks(buffer, i..<end, over: maxMarks, in: &shaped) }
                let plain = styleIndex == 0 || !(shaped.styles[styleIndex].bold || shaped.styles[styleIndex].italic)
                // A neutral cluster (punctuation, digits) is looked for in its neighbours' script, as a
                // browser resolves Common characters to the script of their run before it falls back:
                // the run's when the cluster's Script_Extensions hold it, else the next one's (a danda
                // after `@nino $61.28` is Devanagari's when Devanagari follows, not Latin's).
                // Worked out only when fontconfig is asked (emoji and most neutral clusters never are).
                face = chooseFace(scalars, script: script, neighbour: plain && styleIndex == runStyle ? runFace : nil,
                                  lastFallback: &lastFallback) { [runScript] in
                    script != 0 ? script
                        : runScript != 0 && CharacterProperties.scriptExtensions(of: scalars[0], include: runScript) ? runScript
                        : Typesetter.nextScript(buffer, from: end, limit: range.upperBound)
                }
            }
            if styleIndex != 0 {
                let style = shaped.styles[styleIndex]
                // `code`/`pre` ask for the monospace family, a markup or span face for its own (a name the
                // mapper checked against `faceFamilies`); either draws the graphemes it covers, and the
                // rest keep the face chosen above, so fallback goes on as usual.
                let family = face.isColor ? nil : style.faceFamily
                if family != nil || style.bold || style.italic {
                    // The fast path above leaves `scalars` stale: it only runs for one BMP unit.
                    let grapheme = end == i + 1 && unit & 0xF800 != 0xD800 ? [UInt32(unit)] : scalars
                    if let family, let chosen = fonts.familyFace(family), fonts.faceCovers(chosen, grapheme) { face = chosen }
                    if style.bold || style.italic {
                        face = fonts.styledFace(face, bold: style.bold, italic: style.italic, covering: grapheme)
                    }
                }
            }

            let scriptChanges = script != 0 && runScript != 0 && script != runScript
            // The cheap tests first: binding `runFace` costs a retain and a release per grapheme.
            if script != 0, script == runScript, styleIndex == runStyle, level == runLevel, i >= noWordFaceBefore, byWord,
               runFace != nil, face !== runFace, let current = runFace,
               styleIndex == 0 || !(shaped.styles[styleIndex].bold || shaped.styles[styleIndex].italic) {
                // A face switch inside a word of one script: one face for the whole word, when one covers it.
                var wordStart = i
                while wordStart > runStart && !Typesetter.endsWord(buffer[wordStart - 1]) { wordStart -= 1 }
                if wordStart < i {
                    let word = wordEnd(buffer, from: wordStart, limit: range.upperBound, script: script, styleRuns: styleRuns,
                                       styleCursor: styleCursor, levels: allLeftToRight ? nil : (levels, range.lowerBound),
                                       level: level, graphemeStarts: shaped.graphemeStarts, scalars: &scalars)
                    // The word scanned back over anything but a space, so it can end (at a character of
                    // another script or bidi level) before `i`: then it is no word around `i`, and jumping to
                    // its end would move backwards, for ever (a fuzzer's find).
                    if word > i, let whole = wordFace(scalars, script: script, candidates: [current, face]) {
                        var j = end  // the cluster at i is done: the marks cap still applies to the rest
                        while j < word {
                            var e = j + 1
                            while e < word && !shaped.graphemeStarts[e] { e += 1 }
                            if e - j > maxMarks + 1 { hideMarks(buffer, j..<e, over: maxMarks, in: &shaped) }
                            j = e
                        }
                        if whole.face !== current {
                            close(wordStart)
                            runStart = wordStart
                            runFace = whole.face
                            runFaceIndex = whole.chainIndex ?? -1
                        }
                        i = word
                        continue
                    }
                    noWordFaceBefore = max(word, end)
                }
            }
            if runFace == nil || face !== runFace || styleIndex != runStyle || level != runLevel || scriptChanges {
                close(i)
                runStart = i
                runFace = face
                runStyle = styleIndex
                runLevel = level
                runScript = script
                runFaceIndex = faceIndex
            } else if runScript == 0 {
                runScript = script
            }
            i = end
        }
        close(range.upperBound)
        return resolved.base
    }

    /// The chain face index for a grapheme of the one BMP unit `unit`, from `table` (filled on first
    /// sight); nil when that grapheme needs the full choice (emoji presentation, a face outside the chain).
    @inline(__always)
    private func fastFace(_ unit: UInt16, _ table: inout [UInt8]) -> Int? {
        var k = table[Int(unit)]
        if k == 0 {
            k = firstSight(unit)
            table[Int(unit)] = k
        }
        return k == 255 ? nil : Int(k) - 1
    }

    /// ``fastFace(_:_:)``'s table entry for a unit seen the first time: kept out of line, as are the
    /// other rare paths below, so the per-character loop stays small in the instruction cache.
    @inline(never)
    private func firstSight(_ unit: UInt16) -> UInt8 {
        let s = UInt32(unit)
        if CharacterProperties.isEmojiPresentation(s) { return 255 }
        if let index = fonts.faceIndex(forGrapheme: [s], prefersEmoji: false), index < 254 { return UInt8(index + 1) }
        return 255
    }

    /// The face for one grapheme's scalars, of `script` (0 when neutral), after a run in `neighbour`;
    /// fontconfig is asked for a face for text in the script `context` gives (`script`, or for a neutral
    /// grapheme its neighbours'), called only then.
    @inline(never)
    private func chooseFace(_ scalars: [UInt32], script: UInt32, neighbour: FontFace?,
                            lastFallback: inout (face: FontFace, script: UInt32)?, context: () -> UInt32) -> FontFace {
        let first = scalars[0]
        let emoji = scalars.count > 1 && scalars.contains { $0 == 0xFE0F || $0 == 0x200D || ($0 >= 0x1F3FB && $0 <= 0x1F3FF) || $0 == 0x20E3 }
            || CharacterProperties.isEmojiPresentation(first) || (first >= 0x1F1E6 && first <= 0x1F1FF)
        let plainEmoji = emoji && !scalars.contains(0xFE0E)
        if let k = fonts.faceIndex(forGrapheme: scalars, prefersEmoji: plainEmoji) { return fonts.faces[k] }
        if let neighbour, !neighbour.isColor, fonts.covers(neighbour, all: scalars) { return neighbour }
        if let last = lastFallback, script == 0 || last.script == script, fonts.covers(last.face, all: scalars) { return last.face }
        if let found = fonts.fallbackFace(covering: scalars, script: context()) {
            lastFallback = (found, script)
            return found
        }
        return fonts.faces[0]
    }

    /// The script of the first character of a script of its own in `buffer[from..<limit]`, looking at most
    /// `scriptLookAhead` units ahead; 0 when there is none. Only a neutral cluster no chain face covers,
    /// with no run script its Script_Extensions hold, asks, so the common path never scans.
    @inline(never)
    static func nextScript(_ buffer: UnsafeBufferPointer<UInt16>, from start: Int, limit: Int) -> UInt32 {
        var k = start
        let end = min(limit, start + scriptLookAhead)
        while k < end {
            var s = UInt32(buffer[k])
            if s & 0xFC00 == 0xD800, k + 1 < end, UInt32(buffer[k + 1]) & 0xFC00 == 0xDC00 {
                s = 0x10000 + ((s - 0xD800) << 10) + (UInt32(buffer[k + 1]) - 0xDC00)
                k += 1
            }
            k += 1
            if !CharacterProperties.hasNeutralScript(s) { return CharacterProperties.scriptTag(s) }
        }
        return 0
    }

    /// How far `nextScript(_:from:limit:)` looks: enough for a price or a mention before the words.
    static let scriptLookAhead = 64

    /// Characters that end a word for the one-face-per-word rule: spaces, tabs, breaks, placeholders.
    @inline(__always)
    static func endsWord(_ u: UInt16) -> Bool {
        u == 0x20 || u == 0x09 || u == 0xA0 || u == 0x3000 || u == placeholderCharacter || (u >= 0x2000 && u <= 0x200B)
            || u == 0x0A || u == 0x0D || u == 0x2028 || u == 0x2029
    }

    /// The end of the word starting at `start` (a grapheme start): before a space, a placeholder, a
    /// character of another script, a style or a bidi level change. Leaves the word's scalars in `scalars`.
    @inline(never)
    private func wordEnd(_ buffer: UnsafeBufferPointer<UInt16>, from start: Int, limit: Int, script: UInt32,
                         styleRuns: [StyleRun], styleCursor: Int, levels: (array: [UInt8], base: Int)?, level: UInt8,
                         graphemeStarts: [Bool], scalars: inout [UInt32]) -> Int {
        var end = limit
        if styleCursor < styleRuns.count {
            let run = styleRuns[styleCursor].range
            end = min(end, run.lowerBound.utf16 > start ? run.lowerBound.utf16 : run.upperBound.utf16)
        }
        scalars.removeAll(keepingCapacity: true)
        var j = start
        while j < end {
            var e = j + 1
            while e < end && !graphemeStarts[e] { e += 1 }
            if Typesetter.endsWord(buffer[j]) { return j }
            if let levels, levels.array[j - levels.base] != level { return j }
            var k = j
            while k < e {
                var s = UInt32(buffer[k])
                if s & 0xFC00 == 0xD800, k + 1 < e, UInt32(buffer[k + 1]) & 0xFC00 == 0xDC00 {
                    s = 0x10000 + ((s - 0xD800) << 10) + (UInt32(buffer[k + 1]) - 0xDC00)
                    k += 2
                } else {
                    k += 1
                }
                if !CharacterProperties.hasNeutralScript(s) && CharacterProperties.scriptTag(s) != script { return j }
                scalars.append(s)
            }
            j = e
        }
        return end
    }

    /// A face that covers every one of `wordScalars` (a whole word): the first chain face, else one of
    /// `candidates` (the faces the word was about to be split between), else one fontconfig finds for
    /// the whole word in `script`.
    @inline(never)
    private func wordFace(_ wordScalars: [UInt32], script: UInt32, candidates: [FontFace]) -> (face: FontFace, chainIndex: Int?)? {
        var distinct = Array(Set(wordScalars)).sorted()
        distinct.removeAll { FallbackChain.isIgnorable($0) }
        guard !distinct.isEmpty else { return nil }
        for (k, face) in fonts.faces.enumerated() where !face.isColor && fonts.covers(face, all: distinct) { return (face, k) }
        for face in candidates where !face.isColor && fonts.covers(face, all: distinct) { return (face, nil) }
        if let found = fonts.fallbackFace(covering: distinct, script: script) { return (found, nil) }
        return nil
    }

    /// Index into `styles` of the style at mapped offset `i`, interning new styles.
    private func styleIndex(at i: Int, runs: [StyleRun], cursor: inout Int, memo: inout (run: Int, index: Int),
                            styles: inout [TextStyle], interned: inout [TextStyle: Int]) -> Int {
        guard !runs.isEmpty else { return 0 }
        while cursor < runs.count && runs[cursor].range.upperBound.utf16 <= i { cursor += 1 }
        guard cursor < runs.count, runs[cursor].range.lowerBound.utf16 <= i else { return 0 }
        if memo.run == cursor { return memo.index }
        let index = Typesetter.intern(runs[cursor].style, in: &styles, interned: &interned)
        memo = (cursor, index)
        return index
    }

    /// Styles a message holds before they are looked up by hash: entities give a handful, but spans and
    /// markup may give each run its own color or size, and a scan per run was quadratic in them.
    static let stylesScanned = 8

    /// The index of `style` in `styles`, appended when new; `interned` mirrors `styles` once they outgrow
    /// ``stylesScanned`` (emptied for each message, see ``Workspace/styleIndices``).
    static func intern(_ style: TextStyle, in styles: inout [TextStyle], interned: inout [TextStyle: Int]) -> Int {
        if styles.count <= stylesScanned {
            if let k = styles.firstIndex(of: style) { return k }
        } else {
            if interned.count != styles.count {
                interned.removeAll(keepingCapacity: true)
                for (k, known) in styles.enumerated() where interned[known] == nil { interned[known] = k }
            }
            if let k = interned[style] { return k }
            interned[style] = styles.count
        }
        styles.append(style)
        return styles.count - 1
    }
}

extension Typesetter {
    /// Sets aside the marks of the cluster `cluster` past the first `limit` (``ParagraphStyle/maxMarksPerCluster``)
    /// in `shaped.hiddenMarks`: they are neither shaped nor drawn, so a stack of thousands costs nothing
    /// and draws no higher than `limit` marks do.
    @inline(never)
    func hideMarks(_ buffer: UnsafeBufferPointer<UInt16>, _ cluster: Range<Int>, over limit: Int, in shaped: inout ShapedText.Content) {
        var marks = 0
        var k = cluster.lowerBound
        while k < cluster.upperBound {
            var s = UInt32(buffer[k])
            var n = 1
            if s & 0xFC00 == 0xD800, k + 1 < cluster.upperBound, UInt32(buffer[k + 1]) & 0xFC00 == 0xDC00 {
                s = 0x10000 + ((s - 0xD800) << 10) + (UInt32(buffer[k + 1]) - 0xDC00)
                n = 2
            }
            if CharacterProperties.isMark(s) {
                marks += 1
                if marks > limit {
                    if let last = shaped.hiddenMarks.last, last.upperBound == k {
                        shaped.hiddenMarks[shaped.hiddenMarks.count - 1] = last.lowerBound..<k + n
                    } else {
                        shaped.hiddenMarks.append(k..<k + n)
                    }
                }
            }
            k += n
        }
    }
}
