public import BubbleMapping

/// A block quote as laid out: its content range and the bar drawn beside its visible lines.
public struct QuoteBox: Sendable, Equatable {
    /// Mapped text range (UTF-16).
    public var range: Range<Int>
    /// The bar, in bubble space: at the text's start edge (right in a right-to-left quote), from the top
    /// of its first visible line to the bottom of its last; its lines start ``BlockQuote/indent(fontSize:)``
    /// after that edge.
    public var bar: Rect
    /// How far its lines start from the text's start edge, px (their width is that much less).
    public var indent: Double
}

extension BubbleLayout {
    /// The block quotes with at least one visible line, in text order (a quote wholly after a `maxLines`
    /// cut has no bar and is not listed).
    public var quotes: [QuoteBox] {
        let quotes = mapped.quotes
        guard !quotes.isEmpty else { return [] }
        let lines = lineLayout.lines
        let barWidth = BlockQuote.barWidth(fontSize: shaped.style.fontSize)
        var result: [QuoteBox] = []
        var k = 0  // quotes and lines are both in text order: one walk
        for q in quotes {
            let r = q.lowerBound.utf16..<q.upperBound.utf16
            while k < lines.count && lines[k].range.lowerBound < r.lowerBound { k += 1 }
            var j = k
            while j < lines.count && lines[j].range.lowerBound < r.upperBound { j += 1 }
            guard j > k else { continue }
            let first = lines[k], last = lines[j - 1]
            k = j
            let rtl = shaped.paragraphs[first.paragraph].baseLevel & 1 == 1
            let x = rtl ? padding.left + lineLayout.width - barWidth : padding.left
            result.append(QuoteBox(range: r, bar: Rect(x: x, y: first.top + padding.top, width: barWidth,
                                                       height: last.top + last.height - first.top),
                                   indent: BlockQuote.indent(fontSize: shaped.style.fontSize)))
        }
        return result
    }
}
