/// UAX #29 word boundaries, default rules without a dictionary, for deciding where a link-map key may match.
///
/// Ideographs, Hiragana and the scripts UAX #14 calls complex-context (Thai, Lao, Khmer, Myanmar…) are
/// `Other` in UAX #29, so there is a boundary between any two of them: `@百度地图` has one after `度`, which
/// is what lets a map key find a name in unspaced CJK text. Katakana holds together (WB13), letters and
/// digits of spaced scripts hold together (WB5–WB13b), and `.` `'` `:` between letters do too (`con.cat`).
enum WordBoundaries {
    /// The word-break classes the rules below tell apart (UAX #29 table 3, `Word_Break`).
    enum Class: Equatable {
        case letter       // ALetter and Hebrew_Letter
        case numeric
        case katakana
        case extendNumLet // `_` and other connector punctuation
        case midLetter    // `:` `·` …
        case midNum       // `,` `;` …
        case midNumLet    // `.` `’` …
        case singleQuote  // `'`
        case extend       // marks, ZWJ, format characters: attach to what precedes (WB4)
        case other
    }

    static func wordClass(_ value: UInt32) -> Class {
        if value < 0x80 {
            if CharacterClasses.isASCIIAlphanumeric(value) { return value <= 0x39 ? .numeric : .letter }
            switch value {
            case 0x5F: return .extendNumLet
            case 0x3A: return .midLetter
            case 0x2C, 0x3B: return .midNum
            case 0x2E: return .midNumLet
            case 0x27: return .singleQuote
            default: return .other
            }
        }
        switch value {
        case 0x00B7, 0x0387, 0x055F, 0x05F4, 0x2027, 0xFE13, 0xFE55, 0xFF1A: return .midLetter
        case 0x037E, 0x0589, 0x060C, 0x060D, 0x066C, 0x07F8, 0x2044, 0xFE10, 0xFE14, 0xFE50, 0xFE54, 0xFF0C, 0xFF1B:
            return .midNum
        case 0x2018, 0x2019, 0x2024, 0xFE52, 0xFF07, 0xFF0E: return .midNumLet
        case 0x200D, 0x200C: return .extend
        case 0x30A0...0x30FF, 0x31F0...0x31FF, 0x32D0...0x32FE, 0x3300...0x3357, 0xFF66...0xFF9D: return .katakana
        case 0x3040...0x309F, 0x1B001...0x1B11F: return .other  // Hiragana
        // Complex-context scripts (Line_Break=SA): Thai, Lao, Myanmar, Khmer, Tai Le, New Tai Lue, Tai Tham,
        // Tai Viet; their marks stay Extend.
        case 0x0E00...0x0EFF, 0x1000...0x109F, 0x1780...0x17FF, 0x1950...0x19DF, 0x1A20...0x1AAF, 0xAA60...0xAADF,
             0xA9E0...0xA9FF:
            return CharacterClasses.extendsGrapheme(value) ? .extend : .other
        default:
            break
        }
        if CharacterClasses.isCJK(value) && !(0xAC00...0xD7FF).contains(value) && !(0x1100...0x11FF).contains(value)
            && !(0xA960...0xA97F).contains(value) && !(0xFF10...0xFF19).contains(value) && !(0xFF21...0xFF3A).contains(value)
            && !(0xFF41...0xFF5A).contains(value) {
            return CharacterClasses.extendsGrapheme(value) ? .extend : .other  // ideographs and CJK punctuation
        }
        switch CharacterClasses.category(value) {
        case .uppercaseLetter, .lowercaseLetter, .titlecaseLetter, .modifierLetter, .otherLetter: return .letter
        case .decimalNumber: return .numeric
        case .nonspacingMark, .spacingMark, .enclosingMark, .format: return .extend
        case .connectorPunctuation: return .extendNumLet
        default: return .other
        }
    }

    /// Whether UAX #29 puts a word boundary at UTF-16 offset `i` of `text`.
    static func isBoundary(in text: UnsafeBufferPointer<UInt16>, at i: Int) -> Bool {
        guard i > 0, i < text.count else { return true }  // WB1, WB2
        let next = CharacterClasses.scalar(in: text, at: i)
        let b = wordClass(next.value)
        if b == .extend { return false }  // WB4
        guard let (a, aStart) = classBefore(text, i) else { return true }
        func after() -> Class? {
            var j = i + next.width
            while j < text.count {
                let (v, w) = CharacterClasses.scalar(in: text, at: j)
                let c = wordClass(v)
                if c != .extend { return c }
                j += w
            }
            return nil
        }
        func beforeA() -> Class? { classBefore(text, aStart)?.0 }
        switch (a, b) {
        case (.letter, .letter), (.numeric, .numeric), (.letter, .numeric), (.numeric, .letter),
             (.katakana, .katakana):
            return false  // WB5, WB8, WB9, WB10, WB13
        case (.letter, .midLetter), (.letter, .midNumLet), (.letter, .singleQuote):
            return after() != .letter  // WB6
        case (.midLetter, .letter), (.midNumLet, .letter), (.singleQuote, .letter):
            return beforeA() != .letter  // WB7
        case (.numeric, .midNum), (.numeric, .midNumLet), (.numeric, .singleQuote):
            return after() != .numeric  // WB12
        case (.midNum, .numeric), (.midNumLet, .numeric), (.singleQuote, .numeric):
            return beforeA() != .numeric  // WB11
        case (.letter, .extendNumLet), (.numeric, .extendNumLet), (.katakana, .extendNumLet), (.extendNumLet, .extendNumLet),
             (.extendNumLet, .letter), (.extendNumLet, .numeric), (.extendNumLet, .katakana):
            return false  // WB13a, WB13b
        default:
            return true  // WB999
        }
    }

    /// The class of the last non-Extend character before `i`, and where it starts (WB4 skips marks).
    private static func classBefore(_ text: UnsafeBufferPointer<UInt16>, _ i: Int) -> (Class, Int)? {
        var j = i
        while j > 0 {
            let v = CharacterClasses.scalar(in: text, before: j)
            j -= v >= 0x10000 ? 2 : 1
            let c = wordClass(v)
            if c != .extend { return (c, j) }
        }
        return nil
    }
}
