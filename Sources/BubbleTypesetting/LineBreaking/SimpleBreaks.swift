/// UAX #14 without ICU for the commonest chat text, checked against ICU in the tests.
///
/// A paragraph made only of the characters classified below gets its break opportunities from the pair
/// rules here (a hyphen or a slash also carries what came before it: LB21a, ICU's LB20.09, LB25's
/// numbers); one holding anything else (emoji, marks, `+ % | { } [ ]`, other dashes and brackets,
/// tabs…) goes to ICU. The classes are ICU 72's: its default rules treat the Japanese small kana and
/// `ー` (CJ) as non-starters, keep `,` `.` `:` `;` before a digit (its LB25 tailoring), and keep a
/// hyphen that follows a break with the letter after it.
enum SimpleBreaks {
    /// The UAX #14 classes the fast path knows.
    enum Class: UInt8 {
        /// Letters (AL; HL for Hebrew), digits (NU).
        case al, hl, nu
        /// Ideographs, kana, Hangul syllables (ID; H2/H3 behave as ID here).
        case id
        /// Closing punctuation (`。、」）`), exclamation (`! ?`), infix separators (`, . : ;`).
        case cl, ex, `is`
        /// Non-starters: small kana, `ー`, `々`, fullwidth `：；`.
        case ns
        /// `/` (SY), `-` (HY), the opening and closing brackets that are not East Asian wide (`( ¿ ¡`, OP
        /// that LB30 keeps after a letter; `)`, CP).
        case sy, hy, ob, cp
        /// Not characters' classes but what comes before the next: a hyphen after a Hebrew letter (LB21a),
        /// a hyphen where a break may come before it (ICU's LB20.09: no break between it and a letter),
        /// a `/` in a number (LB25: `NU (NU | SY | IS)* × NU`).
        case hyAfterHebrew, hyAtBreak, syInNumber
        /// Opening punctuation (`「（《`), quotes, inline boxes (U+FFFC), the space.
        case op, qu, cb, sp
    }

    /// The class of `u`, or nil when the fast path does not know it.
    @inline(__always)
    static func lineClass(_ u: UInt16) -> Class? {
        switch u {
        case 0x20: return .sp
        case 0x30...0x39: return .nu
        case 0x40...0x5A, 0x60...0x7A: return .al                 // ASCII letters, `@`, `` ` ``
        case 0x23, 0x26, 0x2A, 0x3C, 0x3D, 0x3E, 0x5E, 0x5F, 0x7E: return .al  // `# & * < = > ^ _ ~`
        case 0x2F: return .sy
        case 0x2D: return .hy
        case 0x28, 0xA1, 0xBF: return .ob
        case 0x29: return .cp
        case 0x2C, 0x2E, 0x3A, 0x3B: return .is
        case 0x21, 0x3F: return .ex
        case 0x22, 0x27, 0x2018, 0x2019, 0x201C, 0x201D: return .qu
        case 0xC0...0xD6, 0xD8...0xF6, 0xF8...0x24F: return .al   // Latin-1 letters, Latin Extended-A and -B
        case 0x386, 0x388...0x38A, 0x38C, 0x38E...0x3A1, 0x3A3...0x3CE: return .al  // Greek letters
        case 0x400...0x45F: return .al                           // Cyrillic letters
        case 0x5D0...0x5EA: return .hl                           // Hebrew letters
        case 0x621...0x64A, 0x671...0x6D3, 0x6D5: return .al      // Arabic letters
        case 0x60C: return .is                                   // Arabic comma
        case 0x61B, 0x61F: return .ex                            // Arabic semicolon, question mark
        case 0xB7: return .al                                    // middle dot (AI, resolved to AL)
        case 0x660...0x669, 0x6F0...0x6F9: return .nu             // Arabic-Indic digits
        case 0x3041, 0x3043, 0x3045, 0x3047, 0x3049, 0x3063, 0x3083, 0x3085, 0x3087, 0x308E, 0x3095, 0x3096,
             0x30A1, 0x30A3, 0x30A5, 0x30A7, 0x30A9, 0x30C3, 0x30E3, 0x30E5, 0x30E7, 0x30EE, 0x30F5, 0x30F6,
             0x30FC, 0x30FB, 0x3005, 0x309D, 0x309E, 0x30FD, 0x30FE, 0xFF1A, 0xFF1B:
            return .ns                                           // small kana, ー, ・, 々, iteration marks, ：；
        case 0x3042...0x3094, 0x30A2...0x30FA: return .id        // the other kana
        case 0x3400...0x4DBF, 0x4E00...0x9FFF, 0xF900...0xFAFF: return .id  // CJK ideographs
        case 0xAC00...0xD7A3: return .id                         // Hangul syllables
        case 0x3001, 0x3002, 0x3009, 0x300B, 0x300D, 0x300F, 0x3011, 0xFF09, 0xFF0C, 0xFF0E: return .cl
        case 0x3008, 0x300A, 0x300C, 0x300E, 0x3010, 0xFF08: return .op
        case 0xFF01, 0xFF1F: return .ex
        case 0xFFFC: return .cb
        default: return nil
        }
    }

    /// Whether a break may come between `before` and `after` (neither a space: `before` is the character
    /// before any spaces, and `spaces` says whether spaces came between; `digitFollows`: a digit comes
    /// right after `after`).
    @inline(__always)
    static func breaks(_ before: Class?, spaces: Bool, _ after: Class, digitFollows: Bool = false) -> Bool {
        switch after {
        case .sp: return false                                   // LB7
        case .cl, .cp, .ex, .sy: return false                    // LB13, even after spaces
        default: break
        }
        if spaces {
            if before == .op || before == .ob { return false }   // LB14: OP SP* ×
            if after == .is { return digitFollows }              // ICU (UAX #14 15.1 LB15c-d): SP ÷ IS NU, else × IS
            if before == .qu && (after == .op || after == .ob) { return false }  // LB15: QU SP* × OP
            if (before == .cl || before == .cp) && after == .ns { return false } // LB16: (CL | CP) SP* × NS
            return true                                          // LB18
        }
        guard let before else { return false }
        if after == .is { return false }                         // LB13
        if before == .op || before == .ob { return false }       // LB14
        if before == .qu || after == .qu { return false }        // LB19
        if before == .cb || after == .cb { return true }         // LB20
        if after == .ns || after == .hy { return false }         // LB21
        if before == .hyAfterHebrew { return false }             // LB21a: HL HY ×
        if before == .hyAtBreak && after == .al { return false } // ICU's LB20.09: ^HY × AL
        switch (before, after) {
        case (.sy, .hl), (.syInNumber, .hl): return false        // LB21b
        case (.syInNumber, .nu), (.hyAtBreak, .nu): return false // LB25
        case (.al, .al), (.al, .hl), (.hl, .al), (.hl, .hl),     // LB28
             (.al, .nu), (.hl, .nu), (.nu, .al), (.nu, .hl),     // LB23
             (.nu, .nu), (.hy, .nu),                             // LB25
             (.is, .al), (.is, .hl), (.is, .nu),                 // LB29, ICU's LB25
             (.al, .ob), (.hl, .ob), (.nu, .ob), (.cp, .al), (.cp, .hl), (.cp, .nu):  // LB30
            return false
        default:
            return true                                          // LB31
        }
    }

    /// ``lineClass(_:)`` of every BMP unit (`unknown` when nil): one load per character on the hot path.
    static let classOfUnit: [UInt8] = (0..<0x10000).map { lineClass(UInt16($0))?.rawValue ?? unknown }
    static let unknown: UInt8 = 0xFF
    /// Number of classes; also the `before` index meaning none (spaces at the start of the paragraph).
    private static let none = Int(Class.sp.rawValue) + 1
    private static let rows = (none + 1) * none

    /// ``breaks(_:spaces:_:digitFollows:)`` for every pair, indexed by
    /// `(spaces ? rows : 0) + before × none + after`, without a digit following.
    static let pairBreaks: [Bool] = (0..<2 * rows).map { k in
        let after = Class(rawValue: UInt8(k % none))!, before = (k / none) % (none + 1), spaces = k >= rows
        return breaks(before == none ? nil : Class(rawValue: UInt8(before))!, spaces: spaces, after)
    }

    /// Appends the opportunities of `range` (UTF-16 offsets into `buffer`, ascending, the end last, LB3).
    /// - Returns: false, appending nothing, when the paragraph holds a character the fast path does not know.
    static func append(_ buffer: UnsafeBufferPointer<UInt16>, _ range: Range<Int>, into breaks: inout [Int]) -> Bool {
        guard !range.isEmpty else { return true }
        return classOfUnit.withUnsafeBufferPointer { classes in
            pairBreaks.withUnsafeBufferPointer { pairs in
                append(buffer, range, classes, pairs, into: &breaks)
            }
        }
    }

    @inline(__always)
    private static func append(_ buffer: UnsafeBufferPointer<UInt16>, _ range: Range<Int>, _ classes: UnsafeBufferPointer<UInt8>,
                               _ pairs: UnsafeBufferPointer<Bool>, into breaks: inout [Int]) -> Bool {
        let sp = Class.sp.rawValue, infix = Class.is.rawValue, op = Class.op.rawValue, nu = Class.nu.rawValue
        let hy = Class.hy.rawValue, hl = Class.hl.rawValue, sy = Class.sy.rawValue, ob = Class.ob.rawValue
        let hyAfterHebrew = Class.hyAfterHebrew.rawValue, hyAtBreak = Class.hyAtBreak.rawValue, syInNumber = Class.syInNumber.rawValue
        let first = classes[Int(buffer[range.lowerBound])]
        if first == unknown { return false }
        let mark = breaks.count
        var before = first == sp ? none : first == hy ? Int(hyAtBreak) : Int(first)  // the last class that was not a space
        var spaces = first == sp
        var inNumber = first == nu  // in `NU (NU | SY | IS)*`
        var i = range.lowerBound + 1
        while i < range.upperBound {
            let here = classes[Int(buffer[i])]
            if here == unknown {
                breaks.removeSubrange(mark...)
                return false
            }
            if here == sp {
                spaces = true
            } else {
                let opportunity: Bool
                if spaces && here == infix {
                    // ICU (UAX #14 15.1 LB15c-d): SP ÷ IS NU, else × IS; LB14 first.
                    opportunity = before != Int(op) && before != Int(ob) && i + 1 < range.upperBound && classes[Int(buffer[i + 1])] == nu
                } else {
                    opportunity = pairs[(spaces ? rows : 0) + before * none + Int(here)]
                }
                if opportunity { breaks.append(i) }
                if here == hy {
                    before = before == Int(hl) && !spaces ? Int(hyAfterHebrew) : opportunity ? Int(hyAtBreak) : Int(hy)
                } else if here == sy && inNumber && !spaces {
                    before = Int(syInNumber)
                } else {
                    before = Int(here)
                }
                inNumber = here == nu || (inNumber && !spaces && (here == sy || here == infix))
                spaces = false
            }
            i += 1
        }
        breaks.append(range.upperBound)
        return true
    }
}
