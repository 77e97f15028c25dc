import BubbleMapping
import BubbleTypesetting
import BubbleUnicode

/// Where the fragment must keep Chromium from breaking, and where it must let it.
struct HTMLBreaks {
    /// Ranges drawn `nowrap` (UTF-16, mapped text).
    var nowrap: [Range<Int>] = []
    /// `<wbr>` before these offsets: Bubble's breaks inside a URL or mention wider than a line.
    var wordBreaks: Set<Int> = []
    /// `<br>` before these offsets: a URL wider than a line that Bubble moved to a line of its own.
    var lineBreaks: Set<Int> = []

    init(_ layout: BubbleLayout) {
        let shaped = layout.shaped
        let lines = layout.lineLayout.lines
        let starts = lines.map(\.range.lowerBound)
        for link in shaped.mapped.links where link.kind == .url || link.kind == .mention {
            let r = link.range.lowerBound.utf16..<link.range.upperBound.utf16
            let inside = starts.filter { r.lowerBound < $0 && $0 < r.upperBound }
            if inside.isEmpty { nowrap.append(r); continue }
            var from = r.lowerBound
            for cut in inside {
                nowrap.append(from..<cut)
                wordBreaks.insert(cut)
                from = cut
            }
            nowrap.append(from..<r.upperBound)
            if let first = lines.lastIndex(where: { $0.range.lowerBound <= r.lowerBound }),
               lines[first].range.lowerBound > shaped.paragraphs[lines[first].paragraph].range.lowerBound {
                lineBreaks.insert(lines[first].range.lowerBound)
            }
        }
        let (keep, allow) = HTMLBreaks.webPairs(shaped, lineStarts: Set(starts))
        nowrap += keep
        wordBreaks.formUnion(allow)
        // Every line Bubble starts inside a word gets a `<wbr>` too: an opportunity Chromium already has
        // changes nothing, and where its rules differ from ours in a way `WebBreakRules` does not know
        // (with `line-break: strict` it keeps `higher-order` whole), it breaks where Bubble did.
        let text = shaped.mapped.text
        for line in lines where line.range.lowerBound > shaped.paragraphs[line.paragraph].range.lowerBound {
            let before = text[line.range.lowerBound - 1]
            if !LineWrapper.hangs(before) && before != placeholderCharacter { wordBreaks.insert(line.range.lowerBound) }
        }
        nowrap += HTMLBreaks.dictionaryWords(shaped, lines: lines)
        nowrap = HTMLBreaks.coalesced(nowrap)
    }

    /// The word each line starts with, when it is of a script broken by a dictionary (UAX #14's SA: Thai,
    /// Lao, Khmer, Myanmar), up to Bubble's next opportunity (its trailing spaces left out): Chromium's ICU
    /// has another dictionary than Bubble's and can find a break inside that word, then fit a piece of it
    /// on the line above (Lao `ມາດາກາ|ສະກາ`, where Chromium broke `ມາດາກາສະ|ກາ`; `ວັນເສົາ` after a space,
    /// which it broke `ວັນ|ເສົາ`). Kept `nowrap`, the line can end only where Bubble's does; the `<wbr>` at
    /// every line Bubble starts inside a word gives Chromium that break if its dictionary lacks it. Only a
    /// word that fits on its line: where Bubble cut a word wider than a line, Chromium must cut it too.
    static func dictionaryWords(_ shaped: ShapedText, lines: [Line]) -> [Range<Int>] {
        let text = shaped.mapped.text
        var words: [Range<Int>] = []
        for line in lines {
            let start = line.range.lowerBound
            let paragraph = shaped.paragraphs[line.paragraph]
            guard start > paragraph.range.lowerBound, start < line.range.upperBound,
                  CharacterProperties.isComplexContext(UInt32(text[start])) else { continue }
            let opportunities = shaped.breaks[paragraph.breaks]
            guard opportunities.contains(start) else { continue }
            var end = opportunities.first { $0 > start } ?? paragraph.range.upperBound
            while end > start && text[end - 1] == 0x20 { end -= 1 }
            if end > start + 1 && end <= line.range.upperBound { words.append(start..<end) }
        }
        return words
    }

    /// Where Blink's opportunities differ from UAX #14's (`WebBreakRules`: its table for ASCII pairs,
    /// after spaces, around inline images): a pair where Blink would break and Bubble's opportunities do
    /// not is kept `nowrap` (the space before it, or the image, inside the span), and a line Bubble
    /// starts where Blink has no opportunity gets a `<wbr>`.
    static func webPairs(_ shaped: ShapedText, lineStarts: Set<Int>) -> (keep: [Range<Int>], allow: [Int]) {
        let text = shaped.mapped.text
        var keep: [Range<Int>] = [], allow: [Int] = []
        for paragraph in shaped.paragraphs {
            let r = paragraph.range
            let opportunities = Set(shaped.breaks[paragraph.breaks])
            var i = r.lowerBound + 1
            while i < r.upperBound {
                switch WebBreakRules.differs(text, at: i, paragraphStart: r.lowerBound, icu: opportunities.contains(i)) {
                case true? where !lineStarts.contains(i): keep.append(i - 1..<i + 1)
                case false? where lineStarts.contains(i): allow.append(i)
                default: break
                }
                i += 1
            }
        }
        return (keep, allow)
    }

    /// `ranges` sorted, overlapping ones joined (a `nowrap` span cannot overlap another).
    static func coalesced(_ ranges: [Range<Int>]) -> [Range<Int>] {
        var result: [Range<Int>] = []
        for r in ranges.sorted(by: { $0.lowerBound < $1.lowerBound }) {
            if let last = result.last, r.lowerBound < last.upperBound {
                result[result.count - 1] = last.lowerBound..<max(last.upperBound, r.upperBound)
            } else {
                result.append(r)
            }
        }
        return result
    }
}
