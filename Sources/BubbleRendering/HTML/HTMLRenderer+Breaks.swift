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
        let (keep, allow) = HTMLBreaks.asciiPairs(shaped, lineStarts: Set(starts))
        nowrap += HTMLBreaks.unicodePairs(shaped.mapped.text) + keep
        wordBreaks.formUnion(allow)
        nowrap = HTMLBreaks.coalesced(nowrap)
    }

    /// Between two printable ASCII characters Chromium follows Blink's table, not UAX #14 (see
    /// `LineBreaking.web`): a pair where Blink would break and Bubble's opportunities do not is kept
    /// `nowrap`, and a line Bubble starts where Blink has no opportunity gets a `<wbr>`.
    static func asciiPairs(_ shaped: ShapedText, lineStarts: Set<Int>) -> (keep: [Range<Int>], allow: [Int]) {
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

    /// Pairs UAX #14 keeps together where Chromium's table for ASCII breaks: a hyphen before a digit
    /// (LB25, `2024-06`), and spaces before `! ? ) ] } , . : ; /` (LB13: no break before these even
    /// after spaces).
    static func unicodePairs(_ text: [UInt16]) -> [Range<Int>] {
        var result: [Range<Int>] = []
        var i = 1
        while i < text.count {
            let u = text[i]
            if u >= 0x30 && u <= 0x39 && text[i - 1] == 0x2D && i >= 2 && text[i - 2] != 0x20 {
                result.append(i - 1..<i + 1)
            } else if text[i - 1] == 0x20, [0x21, 0x3F, 0x29, 0x5D, 0x7D, 0x2C, 0x2E, 0x3A, 0x3B, 0x2F].contains(u) {
                var s = i - 1
                while s > 0 && text[s - 1] == 0x20 { s -= 1 }
                if s > 0 && text[s - 1] != 0x0A { result.append(s..<i + 1) }
            }
            i += 1
        }
        return result
    }
}
