/// Character classes the scanners test, on scalar values decoded from UTF-16 (no `String` indexing).
package enum CharacterClasses {
    /// The scalar at `i` of `text` and how many UTF-16 units it takes; a lone surrogate reads as U+FFFD
    /// (as `String(decoding:as: UTF16.self)` repairs it).
    @inline(__always)
    package static func scalar(in text: UnsafeBufferPointer<UInt16>, at i: Int) -> (value: UInt32, width: Int) {
        let unit = text[i]
        if unit & 0xF800 != 0xD800 { return (UInt32(unit), 1) }
        if unit & 0xFC00 == 0xD800, i + 1 < text.count, text[i + 1] & 0xFC00 == 0xDC00 {
            let value = 0x10000 + ((UInt32(unit) - 0xD800) << 10) + (UInt32(text[i + 1]) - 0xDC00)
            return (value, 2)
        }
        return (0xFFFD, 1)
    }

    /// The scalar ending just before `i` (for looking behind).
    @inline(__always)
    static func scalar(in text: UnsafeBufferPointer<UInt16>, before i: Int) -> UInt32 {
        let unit = text[i - 1]
        if unit & 0xFC00 == 0xDC00, i >= 2, text[i - 2] & 0xFC00 == 0xD800 {
            return 0x10000 + ((UInt32(text[i - 2]) - 0xD800) << 10) + (UInt32(unit) - 0xDC00)
        }
        return unit & 0xF800 == 0xD800 ? 0xFFFD : UInt32(unit)
    }

    @inline(__always)
    static func category(_ value: UInt32) -> Unicode.GeneralCategory {
        Unicode.Scalar(value).map { $0.properties.generalCategory } ?? .unassigned
    }

    @inline(__always)
    static func isASCIIAlphanumeric(_ value: UInt32) -> Bool {
        (value >= 0x30 && value <= 0x39) || ((value | 0x20) >= 0x61 && (value | 0x20) <= 0x7A)
    }

    /// A scalar that never starts a grapheme cluster of its own (UAX #29 Extend, ZWJ, SpacingMark):
    /// a range must not end just before one.
    @inline(__always)
    static func extendsGrapheme(_ value: UInt32) -> Bool {
        if value < 0x300 { return false }
        switch value {
        case 0x200C, 0x200D, 0xFF9E, 0xFF9F, 0x1F3FB...0x1F3FF, 0xE0020...0xE007F: return true
        default:
            switch category(value) {
            case .nonspacingMark, .spacingMark, .enclosingMark: return true
            default: return false
            }
        }
    }

    /// Letters, marks and decimal digits of any script, and the joiners Persian and Indic words use.
    @inline(__always)
    static func isWordScalar(_ value: UInt32) -> Bool {
        if value < 0x80 { return isASCIIAlphanumeric(value) }
        if value == 0x200C || value == 0x200D { return true }
        switch category(value) {
        case .uppercaseLetter, .lowercaseLetter, .titlecaseLetter, .modifierLetter, .otherLetter,
             .nonspacingMark, .spacingMark, .enclosingMark, .decimalNumber:
            return true
        default:
            return extendsGrapheme(value)
        }
    }

    /// CJK ideographs, kana, Hangul and full-width forms: chat text runs them right after a URL without a
    /// space, so they end a URL (percent-encoded CJK paths still link whole).
    @inline(__always)
    static func isCJK(_ value: UInt32) -> Bool {
        switch value {
        case 0x1100...0x11FF, 0x2E80...0x9FFF, 0xA960...0xA97F, 0xAC00...0xD7FF, 0xF900...0xFAFF,
             0xFE30...0xFE4F, 0xFF00...0xFFEF, 0x20000...0x3FFFF:
            return true
        default:
            return false
        }
    }

    /// Characters a URL may hold: RFC 3986's unreserved and reserved ASCII, `%`, and letters, digits and
    /// marks of non-CJK scripts.
    @inline(__always)
    static func isURLScalar(_ value: UInt32) -> Bool {
        if value < 0x80 {
            if isASCIIAlphanumeric(value) { return true }
            switch UInt8(value) {
            case UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"), UInt8(ascii: "~"), UInt8(ascii: ":"),
                 UInt8(ascii: "/"), UInt8(ascii: "?"), UInt8(ascii: "#"), UInt8(ascii: "["), UInt8(ascii: "]"),
                 UInt8(ascii: "@"), UInt8(ascii: "!"), UInt8(ascii: "$"), UInt8(ascii: "&"), UInt8(ascii: "'"),
                 UInt8(ascii: "("), UInt8(ascii: ")"), UInt8(ascii: "*"), UInt8(ascii: "+"), UInt8(ascii: ","),
                 UInt8(ascii: ";"), UInt8(ascii: "="), UInt8(ascii: "%"):
                return true
            default:
                return false
            }
        }
        if isCJK(value) { return extendsGrapheme(value) }
        return isWordScalar(value)
    }
}
