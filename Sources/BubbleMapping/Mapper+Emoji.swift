/// `[name]` tokens: the one-pass scanner (emoji first, so links are found on the mapped text).
extension MappingBuilder {
    /// Copies source `range` to the mapped text, turning each `[name]` whose name is in the catalog into a
    /// placeholder.
    ///
    /// Rules: a name is 1–64 scalars with no brackets, whitespace, slashes or backslashes (so `[[a]]` is
    /// `[` + token + `]`, and `[a][b]` two tokens); an unknown name stays literal; `\[name]` (a known name)
    /// is an escape: the backslash is dropped and the token stays literal text; a token followed by a
    /// combining mark is literal (the mark belongs to its `]`); a literal U+FFFC in the source becomes
    /// U+FFFD, since U+FFFC in the mapped text means "placeholder".
    mutating func scanTokens(_ range: Range<Int>) {
        let src = source
        let end = range.upperBound
        let hasNames = catalog.count > 0
        let longest = catalog.longestNameUTF16
        var i = range.lowerBound
        var copyFrom = i
        while i < end {
            let unit = src[i]
            if unit == 0x5B, hasNames {  // [
                if let (closing, entry) = token(at: i, end: end, longest: longest) {
                    if i > copyFrom, src[i - 1] == 0x5C {  // \[name]: drop the backslash, keep the token as text
                        copy(copyFrom..<(i - 1))
                        map.replace(source: 1, mapped: 0)
                        copyFrom = i
                    } else {
                        copy(copyFrom..<i)
                        appendEmoji(entryAt: entry, sourceCount: closing + 1 - i)
                        copyFrom = closing + 1
                    }
                    i = closing + 1
                    continue
                }
            } else if unit == placeholderCharacter {
                copy(copyFrom..<i)
                out.append(0xFFFD)
                map.replace(source: 1, mapped: 1)
                copyFrom = i + 1
            }
            i += 1
        }
        copy(copyFrom..<end)
    }

    /// The index of a token opening at `open`'s `]`, and of its entry in the catalog.
    @inline(__always)
    private func token(at open: Int, end: Int, longest: Int) -> (Int, Int)? {
        let src = source
        var j = open + 1
        let limit = min(end, open + 1 + longest)
        while j < limit {
            let unit = src[j]
            if unit == 0x5D { break }
            if !TokenName.allows(unit: UInt32(unit)) { return nil }
            j += 1
        }
        guard j < end, src[j] == 0x5D, j > open + 1 else { return nil }
        if j + 1 < src.count, CharacterClasses.extendsGrapheme(CharacterClasses.scalar(in: src, at: j + 1).value) {
            return nil
        }
        guard let entry = catalog.entryIndex(utf16: UnsafeBufferPointer(rebasing: src[(open + 1)..<j])) else { return nil }
        return (j, entry)
    }
}
