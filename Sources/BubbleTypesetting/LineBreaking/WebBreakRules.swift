/// Blink's break opportunities between two printable ASCII characters, which replace UAX #14's there
/// (Chromium keeps them for compatibility with older browsers; read from its `text_break_iterator.cc`
/// and checked against headless Chromium by `scripts/check-browser`). Everywhere else — a space, a
/// non-ASCII character on either side — Blink asks ICU, as Bubble does.
///
/// In words: a break after `-` before a letter or most symbols, and before a digit only when the `-`
/// follows a letter or digit (`ABCD-1234`, not `-5`); after `?` before a letter, a digit or most
/// symbols; before an opening `(`, `[`, `{` or `<` after closing or separating punctuation; and
/// nowhere else — in particular not after `/`, so a URL has no opportunity after `https://`.
enum WebBreakRules {
    /// Whether both units are printable ASCII (`!`…`~`), where the table decides.
    @inline(__always)
    static func decides(_ before: UInt16, _ after: UInt16) -> Bool {
        before >= 0x21 && before <= 0x7E && after >= 0x21 && after <= 0x7E
    }

    /// Whether a line may end between `before` and `after`, both printable ASCII; `earlier` is the unit
    /// before `before` (0 at the paragraph's start).
    static func allows(_ before: UInt8, _ after: UInt8, earlier: UInt16) -> Bool {
        switch before {
        case UInt8(ascii: "-"):
            if isDigit(after) { return earlier < 0x80 && (isDigit(UInt8(earlier)) || isLetter(UInt8(earlier))) }
            return !notAfterHyphen.contains(after)
        case UInt8(ascii: "?"):
            return !notAfterQuestionMark.contains(after)
        default:
            return opensAfter.contains(before) && openers.contains(after)
        }
    }

    /// Symbols a hyphen keeps on its line: closing and separating punctuation.
    private static let notAfterHyphen = Set("!$),./:;?]}".utf8)
    /// Symbols a question mark keeps on its line: closing punctuation, quotes, separators, another `?`.
    private static let notAfterQuestionMark = Set("!\"'),./:;?]}".utf8)
    /// Characters after which an opening bracket may start the next line.
    private static let opensAfter = Set("!\"#%&)*+,.:;=>\\]|}~".utf8)
    private static let openers = Set("([{<".utf8)

    @inline(__always) private static func isDigit(_ c: UInt8) -> Bool { c >= 0x30 && c <= 0x39 }
    @inline(__always) private static func isLetter(_ c: UInt8) -> Bool { (c | 0x20) >= 0x61 && (c | 0x20) <= 0x7A }

    /// `breaks` (ascending offsets, grouped by paragraph as `ranges` index into them) with every
    /// opportunity strictly inside a paragraph between two printable ASCII units decided by ``allows``
    /// instead; other opportunities kept as they are. Linear in the text.
    static func apply(to breaks: [Int], paragraphs: [(text: Range<Int>, breaks: Range<Int>)],
                      text: [UInt16]) -> (breaks: [Int], ranges: [Range<Int>]) {
        var out: [Int] = []
        out.reserveCapacity(breaks.count + 8)
        var ranges: [Range<Int>] = []
        ranges.reserveCapacity(paragraphs.count)
        for paragraph in paragraphs {
            let first = out.count
            var k = paragraph.breaks.lowerBound
            let r = paragraph.text
            while k < paragraph.breaks.upperBound && breaks[k] <= r.lowerBound { out.append(breaks[k]); k += 1 }
            var i = r.lowerBound + 1
            while i < r.upperBound {
                let a = text[i - 1], b = text[i]
                let icu = k < paragraph.breaks.upperBound && breaks[k] == i
                if icu { k += 1 }
                if decides(a, b) {
                    if allows(UInt8(a), UInt8(b), earlier: i >= r.lowerBound + 2 ? text[i - 2] : 0) { out.append(i) }
                } else if icu {
                    out.append(i)
                }
                i += 1
            }
            while k < paragraph.breaks.upperBound {  // the paragraph's end (and anything at or past it)
                if breaks[k] >= r.upperBound { out.append(breaks[k]) }
                k += 1
            }
            ranges.append(first..<out.count)
        }
        return (out, ranges)
    }
}
