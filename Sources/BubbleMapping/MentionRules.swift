/// What a detected `@mention` is: the one declaration that link detection, link-map `@` keys and the
/// README's "Links" section follow.
///
/// A mention is `@` followed by a *body*:
/// - **Characters**: letters, marks and decimal digits of any script (`@百度`, `@Дмитрий`, `@علی`), the
///   joiners Persian and Indic names use (ZWNJ, ZWJ), and `_ . -` (`@alice.b`, `@alice-smith`, `@a_b`).
/// - **Ends** at the first other character: any white space (U+0020, U+00A0, the U+2005 WeChat puts after
///   a mention, line breaks), punctuation other than `_ . -` (`,` `、` `!` `'` `(` …), symbols, emoji and
///   placeholders. A trailing `.` or `-` is left out (`@alice.` at the end of a sentence).
/// - **Length**: at most ``maxLength`` characters after the `@` (marks and joiners not counted). A longer
///   run is no mention at all: linking a guessed prefix would be worse than linking nothing.
/// - **Not a mention**: `@` right after an ASCII letter or digit or email punctuation (`alice@example.com`),
///   a body followed by another `@`, a body of `_ . -` alone; a mention inside a detected URL is the URL's.
///
/// Scripts written without spaces (Chinese, Japanese, Thai) give detection no way to tell where a name
/// ends: `@张三你好` is one mention `@张三你好`. A caller who knows the names says so, and detection never
/// has to guess: a link map entry (`{"@张三": …}`, matched on whole words, see ``LinkMatcher``), a `link`
/// span, or an `<a href>` in markup.
package enum MentionRules {
    /// Most characters a detected mention holds after its `@` (marks and joiners not counted): longer
    /// than any chat service's user name (Telegram 32, GitHub 39 counts ASCII; WeChat nicknames are
    /// at most 16), short enough that a run of unspaced CJK text is not taken for one name.
    package static let maxLength = 32

    /// A character a mention's body may hold.
    @inline(__always)
    package static func isBodyScalar(_ value: UInt32) -> Bool { bodyScalar(value).isBody }

    /// Whether a mention's body may hold `value`, and whether it counts toward ``maxLength`` (marks and
    /// joiners do not), with one general-category look-up: detection runs this on every scalar of every
    /// mention.
    @inline(__always)
    static func bodyScalar(_ value: UInt32) -> (isBody: Bool, counts: Bool) {
        if value < 0x80 {
            return (CharacterClasses.isASCIIAlphanumeric(value) || value == 0x5F || value == 0x2E || value == 0x2D, true)
        }
        if value == 0x200C || value == 0x200D { return (true, false) }
        switch CharacterClasses.category(value) {
        case .uppercaseLetter, .lowercaseLetter, .titlecaseLetter, .modifierLetter, .otherLetter, .decimalNumber:
            return (true, true)
        case .nonspacingMark, .spacingMark, .enclosingMark:
            return (true, false)
        default:
            return (CharacterClasses.extendsGrapheme(value), false)  // skin tones, tags, halfwidth sound marks
        }
    }

    /// The end (UTF-16 offset) of the mention whose `@` is at `at`, or `nil` when none starts there.
    static func end(in text: UnsafeBufferPointer<UInt16>, at: Int) -> Int? {
        if at > 0 && !mayFollow(text, before: at) { return nil }
        var j = at + 1
        var hasWord = false
        var length = 0
        while j < text.count {
            let (value, width) = CharacterClasses.scalar(in: text, at: j)
            let (isBody, counts) = bodyScalar(value)
            guard isBody else { break }
            if value != 0x2E && value != 0x2D && value != 0x5F { hasWord = true }
            if counts { length += 1 }
            j += width
        }
        if j < text.count && text[j] == 0x40 { return nil }  // alice@example.com seen from its @-less side
        while j > at + 1 && (text[j - 1] == 0x2E || text[j - 1] == 0x2D) { j -= 1; length -= 1 }
        guard hasWord, j > at + 1, length <= maxLength else { return nil }
        return j
    }

    /// Whether an `@` may start a mention after the text before `at` (which is not empty).
    private static func mayFollow(_ text: UnsafeBufferPointer<UInt16>, before at: Int) -> Bool {
        let before = text[at - 1]
        guard before < 0x80 else { return true }
        if CharacterClasses.isASCIIAlphanumeric(UInt32(before)) { return false }
        // A Hebrew or Arabic prefix letter joined by a hyphen (`ל-@noa`) still starts a mention.
        if before == 0x2D, at >= 2, text[at - 2] >= 0x80,
           CharacterClasses.isWordScalar(CharacterClasses.scalar(in: text, before: at - 1)) {
            return true
        }
        switch UInt8(before) {
        case UInt8(ascii: "_"), UInt8(ascii: "."), UInt8(ascii: "+"), UInt8(ascii: "-"), UInt8(ascii: "!"),
             UInt8(ascii: "#"), UInt8(ascii: "$"), UInt8(ascii: "%"), UInt8(ascii: "&"), UInt8(ascii: "*"),
             UInt8(ascii: "'"), UInt8(ascii: "="), UInt8(ascii: "?"), UInt8(ascii: "^"), UInt8(ascii: "`"),
             UInt8(ascii: "{"), UInt8(ascii: "|"), UInt8(ascii: "}"), UInt8(ascii: "~"), UInt8(ascii: "/"),
             UInt8(ascii: "@"):
            return false
        default:
            return true
        }
    }

    /// Whether the text at `end` would carry a mention ending there further: `_`, a letter or digit with
    /// no word boundary before it (UAX #29: `@bob|by` continues, `@百度|地图` does not), or `.`/`-` followed by
    /// one of those (`@bob|.smith`; `@bob|.` at a sentence's end does not continue).
    ///
    /// A link-map key that starts with `@` matches only where this is false, so `{"@bob": …}` leaves
    /// `@bobby` and `@bob.smith` alone.
    static func continues(_ text: UnsafeBufferPointer<UInt16>, at end: Int) -> Bool {
        var j = end
        while j < text.count {
            let (value, width) = CharacterClasses.scalar(in: text, at: j)
            switch value {
            case 0x2E, 0x2D: j += width; continue
            case 0x5F: return true
            default:
                guard isBodyScalar(value) else { return false }
                return j > end || !WordBoundaries.isBoundary(in: text, at: end)
            }
        }
        return false
    }
}
