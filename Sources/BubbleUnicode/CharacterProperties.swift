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

    /// Extended_Pictographic (UTS #51): the emoji-ish code points.
    package static func isExtendedPictographic(_ scalar: UInt32) -> Bool { bubble_is_extended_pictographic(scalar) != 0 }

    /// Emoji_Presentation: shown as color emoji by default.
    package static func isEmojiPresentation(_ scalar: UInt32) -> Bool { bubble_is_emoji_presentation(scalar) != 0 }

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
