import BubbleFonts
import BubbleMapping
import BubbleUnicode

/// Word-by-word shaping through the cache: where words end, which scripts shape in context, and one
/// word shaped and kept.
extension Typesetter {
    /// Longest word (UTF-16 units) the cache keeps the first time it is shaped; a longer one it keeps the
    /// second time (``shapeLongWord(_:_:_:_:_:_:_:)``).
    static let longestCachedWord = 48

    /// Shapes `range` word by word through the cache; glyphs come out in visual order as HarfBuzz's would.
    func shapeWords(_ range: Range<Int>, _ buffer: UnsafeBufferPointer<UInt16>, _ request: ShapingRequest,
                            _ shaped: inout ShapedText.Content, _ cache: ShapeCache, _ ws: inout Workspace) -> GlyphCheck {
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
        let style = WordStyle(face: request.faceID, scale: FontFace.scale(request.size),
                              script: request.script, rightToLeft: request.rightToLeft, language: request.language)
        // A run that starts or ends inside a word (a face or bidi level changed there) of a script whose
        // shaping looks across characters (joining, conjuncts) shapes that word with the text beside it.
        let contextual = Typesetter.shapesInContext(request.script)
        let before = contextual && range.lowerBound > 0 && !Typesetter.endsWord(buffer[range.lowerBound - 1])
        let after = contextual && range.upperBound < buffer.count && !Typesetter.endsWord(buffer[range.upperBound])
        let check = shapeWords(cuts, buffer, request, style, contextBefore: before, contextAfter: after, &shaped,
                               &cache.words, &ws.glyphs)
        swap(&cuts, &ws.wordCuts)
        return check
    }

    /// Shapes the words between `cuts` through `table`, in visual order; the first word with the text
    /// before it as context when `contextBefore`, the last with the text after it when `contextAfter`.
    func shapeWords(_ cuts: [Int], _ buffer: UnsafeBufferPointer<UInt16>, _ request: ShapingRequest,
                            _ style: WordStyle, contextBefore: Bool, contextAfter: Bool,
                            _ shaped: inout ShapedText.Content, _ table: inout ShapedWordTable, _ scratch: inout GlyphBuffer) -> GlyphCheck {
        let styleIndex = table.index(of: style)
        let words = cuts.count - 1
        var check = GlyphCheck()
        for w in 0..<words {
            let k = request.rightToLeft ? words - 1 - w : w  // right-to-left: the last word is drawn first
            let word = cuts[k]..<cuts[k + 1]
            if word.count > Typesetter.longestCachedWord {
                check.add(shapeLongWord(word, buffer, request, styleIndex, &shaped, &table, &scratch))
                continue
            }
            if (k == 0 && contextBefore) || (k == words - 1 && contextAfter) {
                check.add(shapeWord(word, buffer, request, style, before: k == 0 && contextBefore, after: k == words - 1 && contextAfter,
                                    &shaped, &table, &scratch))
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
            let new = Typesetter.check(scratch, from: 0, face: request.face)
            table.insert(units, style: styleIndex, hash: hash, glyphs: scratch, 0..<scratch.count, check: new)
            shaped.glyphs.append(scratch, 0..<scratch.count, clusterOffset: Int32(word.lowerBound))
            check.add(new)
        }
        return check
    }

    /// A word longer than ``longestCachedWord`` (a URL, mostly), shaped on its own as every word is: looked
    /// up like the others, kept only the second time it is shaped (``ShapedWordTable/admitsLong(_:)``).
    /// One longer than a record holds (``ShapedWordTable/longestWord``) is shaped in place.
    @inline(never)
    func shapeLongWord(_ word: Range<Int>, _ buffer: UnsafeBufferPointer<UInt16>, _ request: ShapingRequest, _ styleIndex: Int,
                       _ shaped: inout ShapedText.Content, _ table: inout ShapedWordTable, _ scratch: inout GlyphBuffer) -> GlyphCheck {
        guard word.count <= ShapedWordTable.longestWord else {
            let start = shaped.glyphs.count
            shaper.shape(buffer, run: word, as: request, into: &shaped.glyphs)
            return Typesetter.check(shaped.glyphs, from: start, face: request.face)
        }
        let units = UnsafeBufferPointer(rebasing: buffer[word])
        let hash = ShapedWordTable.hash(units, style: styleIndex)
        if let found = table.find(units, style: styleIndex, hash: hash) {
            table.appendGlyphs(of: found, to: &shaped.glyphs, clusterOffset: Int32(word.lowerBound))
            return table.check(of: found)
        }
        scratch.removeAll()
        shaper.shape(units, run: 0..<units.count, as: request, into: &scratch)
        let check = Typesetter.check(scratch, from: 0, face: request.face)
        if table.admitsLong(hash) { table.insert(units, style: styleIndex, hash: hash, glyphs: scratch, 0..<scratch.count, check: check) }
        shaped.glyphs.append(scratch, 0..<scratch.count, clusterOffset: Int32(word.lowerBound))
        return check
    }

    /// Units of context kept on each side of a word shaped in context: HarfBuzz looks at 5 characters
    /// beyond the text it shapes (`HB_BUFFER_CONTEXT_LENGTH`), and 10 units hold 5 characters.
    static let contextUnits = 10

    /// Shapes one word through `table` with up to ``contextUnits`` units on the sides asked for, kept
    /// under (face, word, context): the same word joins differently after another letter.
    @inline(never)
    func shapeWord(_ word: Range<Int>, _ buffer: UnsafeBufferPointer<UInt16>, _ request: ShapingRequest,
                           _ style: WordStyle, before: Bool, after: Bool,
                           _ shaped: inout ShapedText.Content, _ table: inout ShapedWordTable, _ scratch: inout GlyphBuffer) -> GlyphCheck {
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
        let check = Typesetter.check(relative, from: 0, face: request.face)
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
}
