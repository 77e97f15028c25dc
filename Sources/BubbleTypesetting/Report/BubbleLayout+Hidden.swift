public import BubbleMapping
import BubbleUnicode

extension BubbleLayout {
    /// Lists the links and emoji of `whole` that start at or after the truncation point as `hidden`,
    /// replacing any listed before.
    ///
    /// `whole` is the mapping of the whole message: the layout's own, or — when the layout covers only a
    /// prefix (BubbleEngine's long-message path) — the mapping of the whole message, whose text and offsets
    /// agree with the prefix's over the prefix. Nothing here is shaped: links come from the mapping, emoji
    /// are placeholders and graphemes the typesetter draws with the color face (``JumboEmoji/isEmoji(_:)``),
    /// so both paths report the same items. Linear in the text after the truncation point.
    package mutating func collectHidden(in whole: MappedText, emojiName: (String) -> String?) {
        hiddenLinks = []
        hiddenEmoji = []
        if whole.text.count != mapped.text.count { wholeMessage = whole }
        guard lineLayout.truncated else { return }
        let visibleEnd = lineLayout.visibleEnd
        for link in whole.links where link.range.lowerBound.utf16 >= visibleEnd && !link.range.isEmpty {
            let r = link.range.lowerBound.utf16..<link.range.upperBound.utf16
            hiddenLinks.append(LinkBox(link: link, range: r, rects: [], visibility: .hidden))
        }
        let empty = Rect(x: 0, y: 0, width: 0, height: 0)
        var p = 0
        while p < whole.placeholders.count && whole.placeholders[p].index.utf16 < visibleEnd { p += 1 }
        let text = whole.text
        let n = text.count
        var k = visibleEnd
        while k < n {
            let unit = text[k]
            if BubbleLayout.startsNoEmoji(unit) {
                k += 1
                continue
            }
            if unit == placeholderCharacter, p < whole.placeholders.count, whole.placeholders[p].index.utf16 == k {
                hiddenEmoji.append(EmojiBox(placeholder: whole.placeholders[p], range: k..<k + 1, rect: empty, visibility: .hidden))
                p += 1
                k += 1
                continue
            }
            let (scalar, length) = BubbleLayout.scalar(in: text, at: k)
            guard BubbleLayout.mayStartEmoji(scalar, next: k + length < n ? text[k + length] : 0) else {
                k += length
                continue
            }
            // The grapheme that starts here (an emoji sequence is at most a few dozen units).
            let window = UTF16Text.string(text[k..<min(n, k + BubbleLayout.longestEmoji)])
            guard let grapheme = window.first else { k += length; continue }
            let end = k + grapheme.utf16.count
            if JumboEmoji.isEmoji(grapheme.unicodeScalars.map(\.value)) {
                let sequence = String(grapheme)
                hiddenEmoji.append(EmojiBox(unicode: sequence, name: emojiName(sequence), range: k..<end, rect: empty,
                                            visibility: .hidden))
            }
            k = max(end, k + length)
        }
    }

    /// UTF-16 units looked at for one emoji grapheme (the longest RGI sequences are under 30).
    static let longestEmoji = 64

    /// The scalar at `k` and its length in units (a lone surrogate is itself).
    @inline(__always)
    static func scalar(in text: [UInt16], at k: Int) -> (UInt32, Int) {
        let u = text[k]
        if u & 0xFC00 == 0xD800, k + 1 < text.count, text[k + 1] & 0xFC00 == 0xDC00 {
            return (0x10000 + ((UInt32(u) - 0xD800) << 10) + (UInt32(text[k + 1]) - 0xDC00), 2)
        }
        return (UInt32(u), 1)
    }

    /// Whether `unit` is a whole scalar that starts no emoji and no inline box, whatever follows: text below
    /// U+00A9 but a keycap's base, and the span from U+3300 to the surrogates (CJK, Hangul, Yi: Unicode has no
    /// emoji there). Most units of most texts; passed at once (``mayStartEmoji(_:next:)`` says the same of
    /// them, a scalar and two table look-ups later: `HiddenItemTests` holds the two together).
    @inline(__always)
    static func startsNoEmoji(_ unit: UInt16) -> Bool {
        (unit < 0xA9 && !isKeycapBase(unit)) || (unit >= 0x3300 && unit < 0xD800)
    }

    /// Whether `unit` can begin a keycap sequence (`#`, `*`, `0` to `9`, then U+FE0F or U+20E3).
    @inline(__always)
    static func isKeycapBase(_ unit: UInt16) -> Bool {
        (unit >= 0x30 && unit <= 0x39) || unit == 0x23 || unit == 0x2A
    }

    /// Whether a grapheme starting with `scalar` (followed by unit `next`) can be one the typesetter draws
    /// as a color emoji: a cheap filter before the grapheme is measured.
    @inline(__always)
    static func mayStartEmoji(_ scalar: UInt32, next: UInt16) -> Bool {
        if scalar < 0x80 {
            return isKeycapBase(UInt16(scalar)) && (next == 0xFE0F || next == 0x20E3)
        }
        return (scalar >= 0x1F1E6 && scalar <= 0x1F1FF) || CharacterProperties.isEmojiPresentation(scalar)
            || CharacterProperties.isExtendedPictographic(scalar)
    }
}
