/// Where SkParagraph's break opportunities (Flutter's text) differ from UAX #14's as Bubble's ICU gives
/// them, measured with skia-python's SkParagraph by `scripts/check-skparagraph`. Elsewhere SkParagraph
/// asks ICU, as Bubble does.
///
/// In words:
/// - After a run of spaces SkParagraph always breaks, whatever follows (its line breaker ends a word
///   at white space); UAX #14 does not after an opening bracket and its spaces (LB14, `{ const`) or
///   before closing punctuation (LB13).
/// - Before the Japanese small kana and `ー` (class CJ) SkParagraph breaks as before any kana (ICU's
///   `normal` line breaking, CJ as ID); Bubble's ICU keeps them with what precedes (CJ as NS, strict).
enum FlutterBreakRules {
    /// SkParagraph's own answer at `i` (between `text[i - 1]` and `text[i]`, strictly inside a paragraph):
    /// true where it breaks whatever UAX #14 says, nil where it asks ICU.
    @inline(__always)
    static func skParagraph(_ text: UnsafeBufferPointer<UInt16>, at i: Int, paragraphStart: Int) -> Bool? {
        let a = text[i - 1], b = text[i]
        if b == 0x20 || b == 0x09 { return nil }
        if a == 0x20 || a == 0x09 { return true }
        if isSmallKana(b) && isWide(a) && !opens(a) { return true }
        return nil
    }

    /// Line break class CJ: small hiragana and katakana, `ー`, the halfwidth forms.
    @inline(__always)
    static func isSmallKana(_ u: UInt16) -> Bool {
        switch u {
        case 0x3041, 0x3043, 0x3045, 0x3047, 0x3049, 0x3063, 0x3083, 0x3085, 0x3087, 0x308E, 0x3095, 0x3096,
             0x30A1, 0x30A3, 0x30A5, 0x30A7, 0x30A9, 0x30C3, 0x30E3, 0x30E5, 0x30E7, 0x30EE, 0x30F5, 0x30F6,
             0x30FC, 0x31F0...0x31FF, 0xFF67...0xFF70:
            return true
        default:
            return false
        }
    }

    /// Kana, ideographs, Hangul and the CJK punctuation between them: where a CJ after it is an ID after it.
    @inline(__always)
    private static func isWide(_ u: UInt16) -> Bool {
        (u >= 0x3000 && u <= 0x9FFF) || (u >= 0xAC00 && u <= 0xD7A3) || (u >= 0xF900 && u <= 0xFAFF) || (u >= 0xFF01 && u <= 0xFF9F)
    }

    /// Opening brackets and quotes of the CJK block, after which nothing breaks (LB14).
    @inline(__always)
    private static func opens(_ u: UInt16) -> Bool {
        switch u {
        case 0x3008, 0x300A, 0x300C, 0x300E, 0x3010, 0x3014, 0x3016, 0x3018, 0x301A, 0x301D, 0xFF08, 0xFF3B, 0xFF5B, 0xFF5F, 0xFF62:
            return true
        default:
            return false
        }
    }
}
