import BubbleFonts
import BubbleMapping
import BubbleUnicode

/// ISO 15924 `Zyyy`, the Common script.
let commonScript: UInt32 = 0x5A79_7979

extension Typesetter {
    /// Splits `range` into runs of one face, size, script, bidi level and style, appended to
    /// `shaped.runs`; each U+FFFC placeholder is a run of its own.
    ///
    /// The face is chosen per grapheme: the first chain face covering all of it (color faces first
    /// for emoji presentation), else a face fontconfig finds, else the primary face's .notdef
    /// (counted in `unresolvedGlyphs`). Common and inherited scripts join their neighbours.
    /// - Returns: the paragraph's base bidi level.
    func itemize(_ buffer: UnsafeBufferPointer<UInt16>, _ range: Range<Int>, into shaped: inout ShapedText.Content,
                 cache: ShapeCache? = nil) -> UInt8 {
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
        var placeholderCursor = shaped.placeholders.firstIndex { $0.placeholder.index.utf16 >= range.lowerBound } ?? shaped.placeholders.count

        var runStart = range.lowerBound
        var runFace: FontFace? = nil
        /// The chain index of `runFace` when it came from the per-unit table unstyled, else -1: lets a run
        /// grow without touching the face object.
        var runFaceIndex = -1
        var runStyle = -1
        var runLevel: UInt8 = 0
        var runScript: UInt32 = 0  // 0: not yet known (neutral so far)
        var scalars = scalarScratch  // one grapheme's scalars, in the typesetter's scratch
        scalarScratch = []
        defer { scalarScratch = scalars }

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

        func close(_ end: Int) {
            guard end > runStart, let face = runFace else { return }
            let size = shaped.styles[runStyle].fontSize ?? shaped.style.fontSize
            let m = metrics(of: face, size: size)
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

        var i = range.lowerBound
        while i < range.upperBound {
            var end = i + 1
            while end < range.upperBound && !shaped.graphemeStarts[end] { end += 1 }
            let level = allLeftToRight ? 0 : levels[i - range.lowerBound]
            let styleIndex = styleIndex(at: i, runs: styleRuns, cursor: &styleCursor, styles: &shaped.styles)
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
                                                 || shaped.styles[styleIndex].monospace)
                if !styled && k == runFaceIndex && styleIndex == runStyle && level == runLevel
                    && !(script != 0 && runScript != 0 && script != runScript) {
                    if runScript == 0 { runScript = script }
                    i = end
                    continue
                }
                face = fonts.faces[k]
                if !styled { faceIndex = k }
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
                face = chooseFace(scalars, shaped: &shaped)
                for s in scalars where !CharacterProperties.hasNeutralScript(s) {
                    script = CharacterProperties.scriptTag(s)
                    break
                }
            }
            if styleIndex != 0 {
                let style = shaped.styles[styleIndex]
                if style.monospace, !face.isColor, let mono = fonts.familyFace(TextStyle.monospaceFamily) {
                    // The fast path above leaves `scalars` stale: it only runs for one BMP unit.
                    let grapheme = end == i + 1 && unit & 0xF800 != 0xD800 ? [UInt32(unit)] : scalars
                    if fonts.faceCovers(mono, grapheme) { face = mono }
                }
                if style.bold || style.italic { face = fonts.styledFace(face, bold: style.bold, italic: style.italic) }
            }

            let scriptChanges = script != 0 && runScript != 0 && script != runScript
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
            let s = UInt32(unit)
            if CharacterProperties.isEmojiPresentation(s) {
                k = 255
            } else if let index = fonts.faceIndex(forGrapheme: [s], prefersEmoji: false), index < 254 {
                k = UInt8(index + 1)
            } else {
                k = 255
            }
            table[Int(unit)] = k
        }
        return k == 255 ? nil : Int(k) - 1
    }

    /// The face for one grapheme's scalars.
    private func chooseFace(_ scalars: [UInt32], shaped: inout ShapedText.Content) -> FontFace {
        let first = scalars[0]
        let emoji = scalars.count > 1 && scalars.contains { $0 == 0xFE0F || $0 == 0x200D || ($0 >= 0x1F3FB && $0 <= 0x1F3FF) || $0 == 0x20E3 }
            || CharacterProperties.isEmojiPresentation(first) || (first >= 0x1F1E6 && first <= 0x1F1FF)
        let plainEmoji = emoji && !scalars.contains(0xFE0E)
        if let k = fonts.faceIndex(forGrapheme: scalars, prefersEmoji: plainEmoji) { return fonts.faces[k] }
        if let found = fonts.fallbackFace(covering: first) { return found }
        if first >= 0x20 && !(first >= 0x7F && first < 0xA0) { shaped.unresolvedGlyphs += 1 }
        return fonts.faces[0]
    }

    /// Index into `styles` of the style at mapped offset `i`, interning new styles.
    private func styleIndex(at i: Int, runs: [StyleRun], cursor: inout Int, styles: inout [TextStyle]) -> Int {
        guard !runs.isEmpty else { return 0 }
        while cursor < runs.count && runs[cursor].range.upperBound.utf16 <= i { cursor += 1 }
        guard cursor < runs.count, runs[cursor].range.lowerBound.utf16 <= i else { return 0 }
        let style = runs[cursor].style
        if let k = styles.firstIndex(of: style) { return k }
        styles.append(style)
        return styles.count - 1
    }
}
