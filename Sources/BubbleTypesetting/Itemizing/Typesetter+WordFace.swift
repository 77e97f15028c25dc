import BubbleFonts
import BubbleMapping
import BubbleUnicode

/// The one-face-per-word rule (`fontFallback: word`): within a word of one script, a face that covers the
/// whole word is preferred to switching faces in the middle of it, as browsers do, so Urdu letters DejaVu
/// Sans lacks do not break the word's joining.
extension Typesetter {
    /// Where the grapheme at `i..<end` would switch `run` from its face `current` to `face` inside a word:
    /// when one face covers the whole word around `i`, the run from the word's start goes on in that face
    /// (the marks cap still applies to the word's clusters) and the word's end is returned, where
    /// itemizing goes on; else nil, and no second try is made before the end of the word
    /// (`noWordFaceBefore`).
    @inline(never)
    func keepWordInOneFace(_ buffer: UnsafeBufferPointer<UInt16>, at i: Int, end: Int, limit: Int, face: FontFace, current: FontFace,
                           script: UInt32, level: UInt8, styleRuns: [StyleRun], styleCursor: Int, levels: (array: [UInt8], base: Int)?,
                           run: inout ItemizeRun, noWordFaceBefore: inout Int, scalars: inout [UInt32],
                           into shaped: inout ShapedText.Content, _ ws: inout Workspace) -> Int? {
        var wordStart = i
        while wordStart > run.start && !Typesetter.endsWord(buffer[wordStart - 1]) { wordStart -= 1 }
        guard wordStart < i else { return nil }
        let word = wordEnd(buffer, from: wordStart, limit: limit, script: script, styleRuns: styleRuns, styleCursor: styleCursor,
                           levels: levels, level: level, graphemeStarts: shaped.graphemeStarts, scalars: &scalars)
        // The word scanned back over anything but a space, so it can end (at a character of another
        // script or bidi level) before `i`: then it is no word around `i`, and jumping to its end would
        // move backwards, for ever (a fuzzer's find).
        guard word > i, let whole = wordFace(scalars, script: script, candidates: [current, face]) else {
            noWordFaceBefore = max(word, end)
            return nil
        }
        let maxMarks = shaped.style.maxMarksPerCluster
        var j = end  // the cluster at i is done: the marks cap still applies to the rest
        while j < word {
            var e = j + 1
            while e < word && !shaped.graphemeStarts[e] { e += 1 }
            if e - j > maxMarks + 1 { hideMarks(buffer, j..<e, over: maxMarks, in: &shaped) }
            j = e
        }
        if whole.face !== current {
            close(run, at: wordStart, into: &shaped, &ws)
            run.start = wordStart
            run.setFace(whole.face)
            run.faceIndex = whole.chainIndex ?? -1
        }
        return word
    }

    /// Characters that end a word for the one-face-per-word rule: spaces, tabs, breaks, placeholders.
    @inline(__always)
    static func endsWord(_ u: UInt16) -> Bool {
        u == 0x20 || u == 0x09 || u == 0xA0 || u == 0x3000 || u == placeholderCharacter || (u >= 0x2000 && u <= 0x200B)
            || u == 0x0A || u == 0x0D || u == 0x2028 || u == 0x2029
    }

    /// The end of the word starting at `start` (a grapheme start): before a space, a placeholder, a
    /// character of another script, a style or a bidi level change. Leaves the word's scalars in `scalars`.
    @inline(never)
    func wordEnd(_ buffer: UnsafeBufferPointer<UInt16>, from start: Int, limit: Int, script: UInt32,
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
    func wordFace(_ wordScalars: [UInt32], script: UInt32, candidates: [FontFace]) -> (face: FontFace, chainIndex: Int?)? {
        var distinct = Array(Set(wordScalars)).sorted()
        distinct.removeAll { FallbackChain.isIgnorable($0) }
        guard !distinct.isEmpty else { return nil }
        for (k, face) in fonts.faces.enumerated() where !face.isColor && fonts.covers(face, all: distinct) { return (face, k) }
        for face in candidates where !face.isColor && fonts.covers(face, all: distinct) { return (face, nil) }
        if let found = fonts.fallbackFace(covering: distinct, script: script) { return (found, nil) }
        return nil
    }
}
