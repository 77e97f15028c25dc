import BubbleFonts
import BubbleMapping
import BubbleUnicode

/// Paragraphs, grapheme starts and line-break opportunities of the text, before any run is made.
extension Typesetter {
    /// The paragraph starting at `start`: its content, up to the next UAX #14 mandatory break (LF, CR,
    /// CRLF, NEL, VT, FF, LS, PS), and where the next one starts. Text ending in a break has an empty
    /// last paragraph.
    @inline(__always)
    static func paragraph(_ units: UnsafeBufferPointer<UInt16>, from start: Int) -> (content: Range<Int>, end: Int) {
        var i = start
        let n = units.count
        while i < n {
            let u = units[i]
            if LineWrapper.endsParagraph(u) {
                return (start..<i, (u == 0x0D && i + 1 < n && units[i + 1] == 0x0A) ? i + 2 : i + 1)
            }
            i += 1
        }
        return (start..<n, n)
    }

    /// Appends to `starts` (empty, perhaps with capacity kept from an earlier message) whether a grapheme
    /// cluster starts at each offset 0...count of `units` (UAX #29).
    func graphemeStarts(_ units: [UInt16], into starts: inout [Bool]) {
        starts.reserveCapacity(units.count + 1)  // reserved, then filled: `init(repeating:count:)` takes the unspecialized path
        starts.append(contentsOf: repeatElement(true, count: units.count + 1))
        // Text made only of units that neither extend nor join (Latin, Cyrillic, Greek, Hebrew and
        // Arabic letters, CJK ideographs, kana, Hangul syllables, common punctuation) breaks between
        // every two units except CR LF: ICU is asked only about the rest.
        var carriageReturn = false
        let simple = units.withUnsafeBufferPointer { units in
            Typesetter.unitStandsAlone.withUnsafeBufferPointer { alone in
                for u in units {
                    if !alone[Int(u)] { return false }
                    if u == 0x0D { carriageReturn = true }
                }
                return true
            }
        }
        if simple {
            if carriageReturn {
                for i in 1..<max(units.count, 1) where units[i] == 0x0A && units[i - 1] == 0x0D { starts[i] = false }
            }
            return
        }
        for i in 1..<max(units.count, 1) { starts[i] = false }
        for b in graphemes.boundaries(in: units) { starts[b] = true }
    }

    /// ``standsAlone(_:)`` of every BMP unit: one load per unit where the switch compared it with a dozen
    /// ranges (64 KB, of which a message touches the pages of its scripts).
    static let unitStandsAlone: [Bool] = (0..<0x10000).map { standsAlone(UInt16($0)) }

    /// Whether a grapheme boundary lies on both sides of `u` whatever surrounds it (UAX #29: not
    /// Extend, SpacingMark, Prepend, ZWJ, a Hangul jamo, a regional indicator or a surrogate; CR and LF
    /// are handled by the caller).
    @inline(__always)
    static func standsAlone(_ u: UInt16) -> Bool {
        switch u {
        case 0x20...0x7E, 0x0A, 0x0D, 0xA0...0x2FF: return true
        case 0x370...0x482, 0x48A...0x52F: return true       // Greek, Cyrillic letters
        case 0x5D0...0x5F4: return true                        // Hebrew letters
        case 0x600...0x605: return false                       // Arabic prepend
        case 0x606...0x60F, 0x61B...0x64A, 0x660...0x66F, 0x671...0x6D5: return true  // Arabic letters, digits
        case 0x2010...0x2027, 0x2030...0x205E, 0x20A0...0x20C0, 0x2100...0x2BFF: return true
        case 0x3000...0x3029, 0x3030...0x303F, 0x3041...0x3096, 0x309B...0x30FF: return true  // CJK punctuation, kana
        case 0x3400...0x4DBF, 0x4E00...0x9FFF, 0xAC00...0xD7A3, 0xF900...0xFAFF: return true
        case 0xFF01...0xFF9D: return true                      // fullwidth forms, halfwidth kana
        case 0xFFFC, 0xFFFD: return true                       // placeholders, replacement
        default: return false
        }
    }
    func appendBreaks(_ buffer: UnsafeBufferPointer<UInt16>, _ range: Range<Int>, into breaks: inout [Int]) {
        guard !range.isEmpty else { return }
        if SimpleBreaks.append(buffer, range, into: &breaks) { return }
        lineBreaks.appendOpportunities(in: UnsafeBufferPointer(rebasing: buffer[range]), base: range.lowerBound, to: &breaks)
    }
}
