import BubbleFonts

/// Arrays of shaped texts a caller is done with, kept by the typesetter for the next message it shapes.
extension Typesetter {
    /// The arrays of a shaped text that only its last holder gave back (``Typesetter/recycle(_:)``),
    /// emptied when lent and filled again by the next message, which then makes and frees none of them.
    /// Each kept array is bounded in bytes (``maxBytes``, eight arrays: 128 KB a typesetter at most), so a
    /// long message's arrays are freed, not kept.
    struct SpareArrays {
        var paragraphs: [ShapedParagraph] = []
        var runs: [ShapedRun] = []
        var glyphs = GlyphBuffer()
        var advanceBefore: [Double] = []
        var graphemeStarts: [Bool] = []
        var breaks: [Int] = []
        var faces: [FontFace] = []
        var placeholders: [ResolvedPlaceholder] = []

        /// The most bytes one kept array may hold.
        static let maxBytes = 16 << 10

        /// Keeps `array` in `slot` when it is small enough, else leaves the slot as it is.
        @inline(__always)
        private static func keep<T>(_ array: [T], in slot: inout [T]) {
            if array.capacity * MemoryLayout<T>.stride <= maxBytes { slot = array }
        }

        /// Keeps the arrays of `shaped`, whose box no one else holds: read one by one, as a copy of the
        /// whole content would retain and release every field.
        mutating func keep(_ shaped: borrowing ShapedText) {
            SpareArrays.keep(shaped.paragraphs, in: &paragraphs)
            SpareArrays.keep(shaped.runs, in: &runs)
            SpareArrays.keep(shaped.glyphs.glyphs, in: &glyphs.glyphs)
            SpareArrays.keep(shaped.advanceBefore, in: &advanceBefore)
            SpareArrays.keep(shaped.graphemeStarts, in: &graphemeStarts)
            SpareArrays.keep(shaped.breaks, in: &breaks)
            SpareArrays.keep(shaped.faces, in: &faces)
            SpareArrays.keep(shaped.placeholders, in: &placeholders)
        }

        /// Moves the kept arrays, emptied, into a content about to be filled.
        mutating func lend(to content: inout ShapedText.Content) {
            SpareArrays.lend(&paragraphs, to: &content.paragraphs)
            SpareArrays.lend(&runs, to: &content.runs)
            SpareArrays.lend(&glyphs.glyphs, to: &content.glyphs.glyphs)
            SpareArrays.lend(&advanceBefore, to: &content.advanceBefore)
            SpareArrays.lend(&graphemeStarts, to: &content.graphemeStarts)
            SpareArrays.lend(&breaks, to: &content.breaks)
            SpareArrays.lend(&faces, to: &content.faces)
            SpareArrays.lend(&placeholders, to: &content.placeholders)
        }

        @inline(__always)
        private static func lend<T>(_ spare: inout [T], to field: inout [T]) {
            guard spare.capacity > 0 else { return }
            spare.removeAll(keepingCapacity: true)
            swap(&spare, &field)
        }
    }

    /// Takes back the arrays of `lines` and of the text they were broken from, when nothing else holds
    /// them, for the next message: for a caller done with both (the size-only path). The result of the
    /// next ``shape(_:style:cache:)`` is the same either way.
    public func recycle(_ lines: consuming LineLayout) {
        var shaped = lines.shaped
        _ = consume lines
        shaped.giveBackArrays(to: &workspace.pointee.spares)
    }
}

