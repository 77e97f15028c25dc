import BubbleTypesetting
import Testing

/// Sizes a layout's copies depend on. A value of at most 128 bytes is copied in a few moves; a larger one by a
/// call to `memcpy`, and a layout copies its constraints three to five times (why `LayoutConstraints` stores
/// its eight-byte fields first and its one-byte fields last).
@Suite struct ValueSizeTests {
    @Test func constraintsAreCopiedInAFewMoves() {
        #expect(MemoryLayout<LayoutConstraints>.size <= 128, "\(MemoryLayout<LayoutConstraints>.size) bytes")
    }
}
