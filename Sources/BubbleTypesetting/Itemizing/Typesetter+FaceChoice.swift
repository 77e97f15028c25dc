import BubbleFonts
import BubbleMapping
import BubbleUnicode

/// How the itemizer picks a grapheme's face: from the per-unit tables, by the full choice over the chain
/// and fontconfig, then the face a style asks for.
extension Typesetter {
    /// The script of the one BMP unit `unit` (0 when neutral) from `table`, filled on first sight (1 there
    /// stands for neutral, 0 for not yet seen).
    @inline(__always)
    func tableScript(_ unit: UInt16, _ table: inout [UInt32]) -> UInt32 {
        var tag = table[Int(unit)]
        if tag == 0 {
            let s = UInt32(unit)
            tag = CharacterProperties.hasNeutralScript(s) ? 1 : CharacterProperties.scriptTag(s)
            table[Int(unit)] = tag
        }
        return tag == 1 ? 0 : tag
    }

    /// The face and script of the grapheme `cluster` the tables cannot answer for (more than one unit,
    /// a surrogate, emoji presentation, a face outside the chain), its scalars left in `scalars`; marks
    /// past ``ParagraphStyle/maxMarksPerCluster`` are set aside. `neighbour` is the face of the run it
    /// continues, when a plain grapheme may take it; `runScript` the script of the run so far (0 when
    /// neutral) and `limit` the end of the text the itemizer walks, for a neutral grapheme's script.
    @inline(never)
    func clusterFace(_ buffer: UnsafeBufferPointer<UInt16>, _ cluster: Range<Int>, neighbour: FontFace?, runScript: UInt32,
                     limit: Int, scalars: inout [UInt32], lastFallback: inout (face: FontFace, script: UInt32)?,
                     into shaped: inout ShapedText.Content) -> (face: FontFace, script: UInt32) {
        scalars.removeAll(keepingCapacity: true)
        var j = cluster.lowerBound
        while j < cluster.upperBound {
            let u = UInt32(buffer[j])
            if u & 0xFC00 == 0xD800, j + 1 < cluster.upperBound, UInt32(buffer[j + 1]) & 0xFC00 == 0xDC00 {
                scalars.append(0x10000 + ((u - 0xD800) << 10) + (UInt32(buffer[j + 1]) - 0xDC00))
                j += 2
            } else {
                scalars.append(u)
                j += 1
            }
        }
        var script: UInt32 = 0
        for s in scalars where !CharacterProperties.hasNeutralScript(s) {
            script = CharacterProperties.scriptTag(s)
            break
        }
        let maxMarks = shaped.style.maxMarksPerCluster
        if scalars.count > maxMarks + 1 { hideMarks(buffer, cluster, over: maxMarks, in: &shaped) }
        // A neutral cluster (punctuation, digits) is looked for in its neighbours' script, as a browser
        // resolves Common characters to the script of their run before it falls back: the run's when the
        // cluster's Script_Extensions hold it, else the next one's (a danda after `@nino $61.28` is
        // Devanagari's when Devanagari follows, not Latin's). Worked out only when fontconfig is asked
        // (emoji and most neutral clusters never are).
        let face = chooseFace(scalars, script: script, neighbour: neighbour, lastFallback: &lastFallback) { [scalars] in
            script != 0 ? script
                : runScript != 0 && CharacterProperties.scriptExtensions(of: scalars[0], include: runScript) ? runScript
                : Typesetter.nextScript(buffer, from: cluster.upperBound, limit: limit)
        }
        return (face, script)
    }

    /// `face`, or the face `style` asks for where it covers `grapheme`: `code`/`pre` ask for the monospace
    /// family, a markup or span face for its own (a name the mapper checked against `faceFamilies`), bold
    /// and italic for a styled face; the rest keep `face`, so fallback goes on as usual.
    @inline(__always)
    func styledFace(_ face: FontFace, _ style: TextStyle, grapheme: @autoclosure () -> [UInt32]) -> FontFace {
        let family = face.isColor ? nil : style.faceFamily
        guard family != nil || style.bold || style.italic else { return face }
        let grapheme = grapheme()
        var face = face
        if let family, let chosen = fonts.familyFace(family), fonts.faceCovers(chosen, grapheme) { face = chosen }
        if style.bold || style.italic {
            face = fonts.styledFace(face, bold: style.bold, italic: style.italic, covering: grapheme)
        }
        return face
    }

    /// The chain face index for a grapheme of the one BMP unit `unit`, from `table` (filled on first
    /// sight); nil when that grapheme needs the full choice (emoji presentation, a face outside the chain).
    @inline(__always)
    func fastFace(_ unit: UInt16, _ table: inout [UInt8]) -> Int? {
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
    func firstSight(_ unit: UInt16) -> UInt8 {
        let s = UInt32(unit)
        if CharacterProperties.isEmojiPresentation(s) { return 255 }
        if let index = fonts.faceIndex(forGrapheme: [s], prefersEmoji: false), index < 254 { return UInt8(index + 1) }
        return 255
    }

    /// The face for one grapheme's scalars, of `script` (0 when neutral), after a run in `neighbour`;
    /// fontconfig is asked for a face for text in the script `context` gives (`script`, or for a neutral
    /// grapheme its neighbours'), called only then.
    @inline(never)
    func chooseFace(_ scalars: [UInt32], script: UInt32, neighbour: FontFace?,
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
}
