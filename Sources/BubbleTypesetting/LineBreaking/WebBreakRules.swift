/// Blink's break opportunities between two printable ASCII characters, which replace UAX #14's there
/// (Chromium keeps them for compatibility with older browsers; read from its `text_break_iterator.cc`
/// and checked against headless Chromium by `scripts/check-browser`). Everywhere else — a space, a
/// non-ASCII character on either side — Blink asks ICU, as Bubble does.
///
/// In words: a break after `-` before a letter or most symbols, and before a digit only when the `-`
/// follows a letter or digit (`ABCD-1234`, not `-5`); after `?` before a letter, a digit or most
/// symbols; before an opening `(`, `[`, `{` or `<` after closing or separating punctuation; and
/// nowhere else — in particular not after `/`, so a URL has no opportunity after `https://`.
package enum WebBreakRules {
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
            if isDigit(after) { return earlier < 0x80 && isAlphanumeric(UInt8(earlier)) }
            return !notAfterHyphen.contains(after)
        case UInt8(ascii: "?"):
            return !notAfterQuestionMark.contains(after)
        default:
            return opensAfter.contains(before) && openers.contains(after)
        }
    }

    /// Symbols a hyphen keeps on its line: closing and separating punctuation.
    private static let notAfterHyphen = ASCIISet("!$),./:;?]}")
    /// Symbols a question mark keeps on its line: closing punctuation, quotes, separators, another `?`.
    private static let notAfterQuestionMark = ASCIISet("!\"'),./:;?]}")
    /// Characters after which an opening bracket may start the next line.
    private static let opensAfter = ASCIISet("!\"#%&)*+,.:;=>\\]|}~")
    private static let openers = ASCIISet("([{<")

    @inline(__always) private static func isDigit(_ c: UInt8) -> Bool { c >= 0x30 && c <= 0x39 }
    @inline(__always) static func isAlphanumeric(_ c: UInt8) -> Bool {
        isDigit(c) || ((c | 0x20) >= 0x61 && (c | 0x20) <= 0x7A)
    }

    /// The opportunity at `i` (between `text[i - 1]` and `text[i]`, inside a paragraph) under the web
    /// rules, given ICU's; only pairs of printable ASCII units can differ.
    @inline(__always)
    private static func opportunity(at i: Int, icu: Bool, text: UnsafeBufferPointer<UInt16>, paragraphStart: Int) -> Bool {
        let a = text[i - 1], b = text[i]
        guard decides(a, b) else { return icu }
        // Two letters or digits: neither Blink nor UAX #14 breaks there (LB28, LB23), so ICU's answer stands.
        if isAlphanumeric(UInt8(a)) && isAlphanumeric(UInt8(b)) { return icu }
        return allows(UInt8(a), UInt8(b), earlier: i >= paragraphStart + 2 ? text[i - 2] : 0)
    }

    /// Where the web rules and ICU disagree at `i` (inside a paragraph starting at `paragraphStart`):
    /// true when Blink breaks there and ICU does not, false the other way, nil when they agree.
    package static func differs(_ text: [UInt16], at i: Int, paragraphStart: Int, icu: Bool) -> Bool? {
        let a = text[i - 1], b = text[i]
        guard decides(a, b), !(isAlphanumeric(UInt8(a)) && isAlphanumeric(UInt8(b))) else { return nil }
        let blink = allows(UInt8(a), UInt8(b), earlier: i >= paragraphStart + 2 ? text[i - 2] : 0)
        return blink == icu ? nil : blink
    }

    /// The opportunities of `shaped` under the web rules — every opportunity strictly inside a paragraph
    /// between two printable ASCII units decided by ``allows(_:_:earlier:)``, the others kept — with each
    /// paragraph's range of indices into them; nil when they are ICU's own (most messages: no
    /// allocation). Linear in the text.
    static func apply(to shaped: borrowing ShapedText) -> (breaks: [Int], ranges: [Range<Int>])? {
        let breaks = shaped.breaks
        let paragraphs = shaped.paragraphs
        return shaped.mapped.text.withUnsafeBufferPointer { text -> (breaks: [Int], ranges: [Range<Int>])? in
            // First pass: does any opportunity change? Only a pair of printable ASCII units that are not
            // both letters or digits can (most messages have a handful), so the scan looks up ICU's
            // opportunities only there.
            var changes = false
            scan: for paragraph in paragraphs {
                let r = paragraph.range
                guard r.count > 1 else { continue }
                var k = paragraph.breaks.lowerBound
                var a = text[r.lowerBound]
                var i = r.lowerBound + 1
                while i < r.upperBound {
                    let b = text[i]
                    if decides(a, b) && !(isAlphanumeric(UInt8(a)) && isAlphanumeric(UInt8(b))) {
                        while k < paragraph.breaks.upperBound && breaks[k] < i { k += 1 }
                        let icu = k < paragraph.breaks.upperBound && breaks[k] == i
                        if allows(UInt8(a), UInt8(b), earlier: i >= r.lowerBound + 2 ? text[i - 2] : 0) != icu {
                            changes = true
                            break scan
                        }
                    }
                    a = b
                    i += 1
                }
            }
            guard changes else { return nil }
            var out: [Int] = []
            out.reserveCapacity(breaks.count + 8)
            var ranges: [Range<Int>] = []
            ranges.reserveCapacity(paragraphs.count)
            for paragraph in paragraphs {
                let first = out.count
                var k = paragraph.breaks.lowerBound
                let r = paragraph.range
                while k < paragraph.breaks.upperBound && breaks[k] <= r.lowerBound { out.append(breaks[k]); k += 1 }
                var i = r.lowerBound + 1
                while i < r.upperBound {
                    let icu = k < paragraph.breaks.upperBound && breaks[k] == i
                    if icu { k += 1 }
                    if opportunity(at: i, icu: icu, text: text, paragraphStart: r.lowerBound) { out.append(i) }
                    i += 1
                }
                while k < paragraph.breaks.upperBound {  // the paragraph's end (and anything past it)
                    if breaks[k] >= r.upperBound { out.append(breaks[k]) }
                    k += 1
                }
                ranges.append(first..<out.count)
            }
            return (out, ranges)
        }
    }
}

/// A set of ASCII bytes as a 128-bit mask: a membership test is a shift, not a hash.
struct ASCIISet {
    private var low: UInt64 = 0, high: UInt64 = 0

    init(_ members: String) {
        for c in members.utf8 where c < 128 {
            if c < 64 { low |= 1 << UInt64(c) } else { high |= 1 << UInt64(c - 64) }
        }
    }

    @inline(__always)
    func contains(_ c: UInt8) -> Bool {
        c < 64 ? low & (1 << UInt64(c)) != 0 : c < 128 && high & (1 << UInt64(c - 64)) != 0
    }
}
