package import BubbleMapping
import BubbleUnicode

/// Messages made only of emoji, which chat clients show enlarged ("jumbo" emoji).
package enum JumboEmoji {
    /// Longest mapped text looked at: three of the longest common sequences (a family with skin
    /// tones is 11 units, a subdivision flag 14) with spaces between.
    static let maxUnits = 64

    /// How many emoji the message is made of, when it is made only of 1 to `limit` emoji with white
    /// space between; nil otherwise.
    ///
    /// An emoji is a catalog token (a placeholder standing for a catalog entry, not an image span) or
    /// a grapheme the typesetter draws with the color emoji face: one with emoji presentation, a flag
    /// (two regional indicators), or a sequence held together by U+FE0F, U+200D, a skin tone or the
    /// keycap mark (UTS #51). U+FE0E asks for text presentation, so a grapheme with it is no emoji.
    package static func count(in mapped: MappedText, limit: Int = 3) -> Int? {
        let units = mapped.text
        guard !units.isEmpty, units.count <= maxUnits else { return nil }
        for p in mapped.placeholders {
            guard case .token = p.content else { return nil }
        }
        // Most messages start with a letter: a first unit that is a grapheme of its own (the next one
        // stands alone) and no emoji ends the count before the text is split into graphemes.
        if let first = units.first, first != placeholderCharacter, first & 0xF800 != 0xD800,
           units.count == 1 || Typesetter.standsAlone(units[1]), !CharacterProperties.isSpace(UInt32(first)),
           !(0x0A...0x0D).contains(first), first != 0x85, first != 0x2028, first != 0x2029, !isEmoji([UInt32(first)]) {
            return nil
        }
        var n = 0
        for character in UTF16Text.string(units) {
            let scalars = character.unicodeScalars.map(\.value)
            if scalars.count == 1, scalars[0] == UInt32(placeholderCharacter) {
                n += 1
            } else if scalars.allSatisfy(CharacterProperties.isSpace) || character.isNewline {
                continue
            } else if isEmoji(scalars) {
                n += 1
            } else {
                return nil
            }
            if n > limit { return nil }
        }
        return n > 0 ? n : nil
    }

    /// Whether a grapheme's scalars are drawn as a color emoji (the typesetter's own test).
    static func isEmoji(_ scalars: [UInt32]) -> Bool {
        guard let first = scalars.first, !scalars.contains(0xFE0E) else { return false }
        if first >= 0x1F1E6 && first <= 0x1F1FF { return scalars.count == 2 }
        if CharacterProperties.isEmojiPresentation(first) { return true }
        if scalars.contains(0x20E3) { return true }  // keycap: 1️⃣ #️⃣
        return CharacterProperties.isExtendedPictographic(first)
            && scalars.contains { $0 == 0xFE0F || $0 == 0x200D || ($0 >= 0x1F3FB && $0 <= 0x1F3FF) }
    }
}

extension ParagraphStyle {
    /// This style for a jumbo-emoji message: font and emoji sizes times `scale`.
    package func jumbo(_ scale: Double) -> ParagraphStyle {
        var s = self
        s.fontSize *= scale
        s.emojiSize = emojiSize.map { $0 * scale }
        s.jumboScale = scale
        return s
    }
}
