internal import CICU

/// Unicode properties of a code point, from ICU's data.
package enum CharacterProperties {
    /// ISO 15924 tag of the code point's script (`Latn`, `Hani`, `Arab`, `Zyyy` for Common…),
    /// packed big-endian in four bytes as OpenType and HarfBuzz spell tags.
    package static func scriptTag(_ scalar: UInt32) -> UInt32 {
        var status: Int32 = 0
        return bubble_script_tag(scalar, &status)
    }

    /// Common, Inherited or Unknown: a code point that takes its neighbours' script.
    package static func hasNeutralScript(_ scalar: UInt32) -> Bool { bubble_script_is_neutral(scalar) != 0 }

    /// Whether `script` (ISO 15924, packed big-endian) is among the scalar's Script_Extensions: the danda
    /// U+0964 is Common but used by Devanagari, Bengali, Gurmukhi and a dozen more, not by Latin.
    package static func scriptExtensions(of scalar: UInt32, include script: UInt32) -> Bool {
        bubble_script_extensions_have(scalar, script) != 0
    }

    /// Extended_Pictographic (UTS #51): the emoji-ish code points. Outside U+00A9–U+00AE, U+203C–U+3299
    /// and U+1F000–U+1FFFD (the last reserved for pictographs by UTS #51) no code point has it, so the
    /// letters of every script are answered without a call into ICU (the report scans hidden text with
    /// it); `EmojiPropertiesConformanceTests` checks every code point against emoji-data.txt.
    @inline(__always)
    package static func isExtendedPictographic(_ scalar: UInt32) -> Bool {
        if scalar < 0xA9 || (scalar > 0xAE && scalar < 0x203C) || (scalar > 0x3299 && scalar < 0x1F000) || scalar > 0x1FFFD {
            return false
        }
        return bubble_is_extended_pictographic(scalar) != 0
    }

    /// Emoji_Presentation: shown as color emoji by default. None below U+231A, between U+2B55 and
    /// U+1F004, or past U+1FFFD: answered at once there, as ``isExtendedPictographic(_:)`` is.
    @inline(__always)
    package static func isEmojiPresentation(_ scalar: UInt32) -> Bool {
        if scalar < 0x231A || (scalar > 0x2B55 && scalar < 0x1F004) || scalar > 0x1FFFD { return false }
        return bubble_is_emoji_presentation(scalar) != 0
    }

    /// Letters, marks and decimal digits of any script.
    package static func isAlphanumeric(_ scalar: UInt32) -> Bool { bubble_is_alphanumeric(scalar) != 0 }

    /// UAX #14's class SA, complex context (Thai, Lao, Khmer, Myanmar and their kin): broken by a
    /// dictionary of words, not by rules, so two ICU versions can break it differently.
    package static func isComplexContext(_ scalar: UInt32) -> Bool {
        bubble_line_break_class(scalar) == 24  // U_LB_COMPLEX_CONTEXT
    }

    /// Nonspacing, enclosing or spacing combining mark (General_Category Mn, Me, Mc): what stacks on a base.
    package static func isMark(_ scalar: UInt32) -> Bool {
        let c = bubble_general_category(scalar)
        return c == 6 || c == 7 || c == 8
    }

    /// White space that hangs at a line end (space separators and tab).
    package static func isSpace(_ scalar: UInt32) -> Bool {
        scalar == 0x20 || scalar == 0x09 || (scalar != 0xA0 && scalar != 0x202F && scalar != 0x2007 && bubble_general_category(scalar) == 12)
    }
}
