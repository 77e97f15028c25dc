import BubbleMapping
import BubbleTypesetting

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
        nowrap = HTMLBreaks.coalesced(nowrap)
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
