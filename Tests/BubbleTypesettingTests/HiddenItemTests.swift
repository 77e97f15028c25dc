@testable import BubbleTypesetting
import BubbleMapping
import Testing

/// The hidden-emoji scan of a truncated message (``BubbleLayout/collectHidden(in:emojiName:)``) passes some
/// units at once (``BubbleLayout/startsNoEmoji(_:)``): each must be a whole scalar, no inline box, and one
/// that ``BubbleLayout/mayStartEmoji(_:next:)`` turns down whatever unit follows it.
@Suite struct HiddenItemTests {
    @Test func unitsPassedAtOnceStartNoEmoji() {
        let followers: [UInt16] = [0xFE0F, 0x20E3, 0x200D, 0xFE0E, 0x20, 0x41, 0xD83C, 0xDFFB]
        var passed = 0
        var wrong: [String] = []  // one expectation at the end: 65,536 of them cost seconds in a debug build
        for u in 0...0xFFFF {
            let unit = UInt16(u)
            guard BubbleLayout.startsNoEmoji(unit) else { continue }
            passed += 1
            if unit & 0xF800 == 0xD800 || unit == placeholderCharacter { wrong.append("U+\(String(u, radix: 16)) is not a scalar of text") }
            for next in followers where BubbleLayout.mayStartEmoji(UInt32(u), next: next) {
                wrong.append("U+\(String(u, radix: 16)) then \(next) may start an emoji")
            }
        }
        #expect(wrong.isEmpty, "\(wrong.prefix(5))")
        // Not a vacuous pass: ASCII but the keycap bases, Latin-1 below the copyright sign, and U+3300 up to the surrogates.
        #expect(passed == (0xA9 - 12) + (0xD800 - 0x3300))
        // And the keycap bases are left to the full check, which finds them before U+FE0F or U+20E3.
        for base in Array("#*0123456789".utf16) {
            #expect(!BubbleLayout.startsNoEmoji(base))
            #expect(BubbleLayout.mayStartEmoji(UInt32(base), next: 0x20E3))
        }
    }
}
