/// Where Blink's break opportunities differ from UAX #14's as Bubble's ICU gives them (read from
/// Chromium's `text_break_iterator.cc` and its line breaker, and measured in headless Chromium by
/// `scripts/check-browser`). Elsewhere Blink asks ICU, as Bubble does.
///
/// In words:
/// - Between two printable ASCII characters Blink's own table decides, not UAX #14: a break after `-`
///   before a letter or most symbols, and before a digit only when the `-` follows a letter or digit
///   (`ABCD-1234`, not `-5`); after `?` before a letter, a digit or most symbols; before an opening
///   `(`, `[`, `{` or `<` after closing or separating punctuation; and nowhere else — in particular not
///   after `/`, so a URL has no opportunity after `https://`.
/// - After a run of spaces Blink always breaks, whatever follows; UAX #14 does not before closing
///   punctuation (LB13, ` )`, ` 。`), after an opening bracket and its spaces (LB14, `{ return`) or a
///   quote and its spaces before one (LB15).
/// - On both sides of an inline image (an atomic inline, Bubble's U+FFFC) Blink always breaks, except
///   before a space; UAX #14 keeps closing punctuation after it (`[smile]。`) and an opening bracket
///   before it.
/// - Blink's ICU follows Unicode 15.1's LB21a, which breaks after a hyphen between two Hebrew letters
///   (`כל-כך`); Bubble's ICU (Unicode 15.0) does not.
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
    /// A space Blink breaks after (its `IsBreakableSpace`; a line feed ends Bubble's paragraph).
    @inline(__always) private static func isSpace(_ u: UInt16) -> Bool { u == 0x20 || u == 0x09 }
    /// The unit Bubble's mapped text holds for an inline image or token.
    private static let objectReplacement: UInt16 = 0xFFFC
    /// Hebrew letters (line break class HL).
    @inline(__always) private static func isHebrewLetter(_ u: UInt16) -> Bool {
        (u >= 0x05D0 && u <= 0x05EA) || (u >= 0x05EF && u <= 0x05F2) || (u >= 0xFB1D && u <= 0xFB4F && u != 0xFB1E && u != 0xFB29)
    }

    /// Blink's own answer at `i` (between `text[i - 1]` and `text[i]`, strictly inside a paragraph that
    /// starts at `paragraphStart`): true where it breaks whatever UAX #14 says, false where it does not,
    /// nil where it asks ICU (and so agrees with Bubble).
    @inline(__always)
    static func blink(_ text: UnsafeBufferPointer<UInt16>, at i: Int, paragraphStart: Int) -> Bool? {
        let a = text[i - 1], b = text[i]
        if isSpace(b) { return nil }  // never before a space, in either
        if isSpace(a) || a == objectReplacement || b == objectReplacement { return true }
        if decides(a, b) {
            // Two letters or digits: neither Blink nor UAX #14 breaks there (LB28, LB23).
            if isAlphanumeric(UInt8(a)) && isAlphanumeric(UInt8(b)) { return nil }
            return allows(UInt8(a), UInt8(b), earlier: i >= paragraphStart + 2 ? text[i - 2] : 0)
        }
        if a == 0x2D && isHebrewLetter(b) && i >= paragraphStart + 2 && isHebrewLetter(text[i - 2]) { return true }
        return nil
    }

    /// Where the web rules and ICU disagree at `i` (inside a paragraph starting at `paragraphStart`):
    /// true when Blink breaks there and ICU does not, false the other way, nil when they agree.
    package static func differs(_ text: [UInt16], at i: Int, paragraphStart: Int, icu: Bool) -> Bool? {
        guard let web = text.withUnsafeBufferPointer({ blink($0, at: i, paragraphStart: paragraphStart) }) else { return nil }
        return web == icu ? nil : web
    }

    /// The opportunities of `shaped` under a client's rules — every opportunity strictly inside a
    /// paragraph where `rule` decides (``blink(_:at:paragraphStart:)`` by default) replaced by its answer,
    /// the others kept — with each paragraph's range of indices into them; nil when they are ICU's own
    /// (no allocation). Linear in the text.
    static func apply(to shaped: borrowing ShapedText,
                      rule: (UnsafeBufferPointer<UInt16>, Int, Int) -> Bool? = { blink($0, at: $1, paragraphStart: $2) })
        -> (breaks: [Int], ranges: [Range<Int>])? {
        let breaks = shaped.breaks
        let paragraphs = shaped.paragraphs
        return shaped.mapped.text.withUnsafeBufferPointer { text -> (breaks: [Int], ranges: [Range<Int>])? in
            // First pass: does any opportunity change? ICU's opportunities are looked up only where Blink
            // decides (a handful of places in most messages).
            var changes = false
            scan: for paragraph in paragraphs {
                let r = paragraph.range
                guard r.count > 1 else { continue }
                var k = paragraph.breaks.lowerBound
                var i = r.lowerBound + 1
                while i < r.upperBound {
                    if let web = rule(text, i, r.lowerBound) {
                        while k < paragraph.breaks.upperBound && breaks[k] < i { k += 1 }
                        let icu = k < paragraph.breaks.upperBound && breaks[k] == i
                        if web != icu {
                            changes = true
                            break scan
                        }
                    }
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
                    if rule(text, i, r.lowerBound) ?? icu { out.append(i) }
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
