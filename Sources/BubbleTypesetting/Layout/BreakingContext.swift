/// What breaking a shaped text into lines reads that no width changes: its line wrapper (break
/// opportunities, unbreakable ranges, prefix sums of advances), the last paragraph shown and which
/// paragraphs are quoted. A full layout makes one per breaking; a prepared message keeps one, so a new
/// width breaks and places its lines without working these out again.
package struct BreakingContext: Sendable {
    let wrapper: LineWrapper
    let lastParagraph: Int
    let quoted: [Bool]?
    /// The shaped glyphs' advance sums (``GlyphBuffer/advancePrefixSums()``) when every sum of them is exact
    /// (``GlyphBuffer/advanceSumsAreExact``): a fragment's width is then two reads, the same number its glyphs'
    /// advances add up to. Else empty. Made for a context kept for many widths, which pays the check and the
    /// sums (a pass over the glyphs each) once for them all; a single layout adds each advance once and
    /// would pay more than it saves.
    let advanceSums: [Double]

    /// The context of `shaped` under `constraints` (of which only `maxWidth` may differ where it is used),
    /// with `kept` for one that will serve many widths.
    @inline(__always)
    init(_ shaped: ShapedText, _ constraints: LayoutConstraints, kept: Bool = false) {
        wrapper = LineWrapper(shaped: shaped, atomicLinks: constraints.atomicLinks, keepURLsWhole: constraints.keepURLsWhole,
                              rules: constraints.lineBreaking, fitSlack: constraints.lineMetrics.fitSlack)
        lastParagraph = constraints.keepTrailingBreaks ? shaped.paragraphs.count - 1 : shaped.lastParagraphWithContent()
        quoted = shaped.quotedParagraphs()
        advanceSums = kept && shaped.glyphs.advanceSumsAreExact ? shaped.glyphs.advancePrefixSums() : []
    }
}

extension ShapedText {
    /// What ``layOut(_:context:)`` keeps for this text under `constraints`, at any `maxWidth`; with `kept`,
    /// for a message kept to be laid out at widths to come (with ``BreakingContext/advanceSums``).
    package func breakingContext(_ constraints: LayoutConstraints, kept: Bool = false) -> BreakingContext {
        BreakingContext(self, constraints, kept: kept)
    }

    /// ``layOut(_:)`` with a kept ``BreakingContext`` of this text (``breakingContext(_:)``, under the same
    /// constraints but for `maxWidth`): the same lines. A width that fits an image anew changes the
    /// advances the context holds: that width makes its own.
    package func layOut(_ constraints: LayoutConstraints, context: BreakingContext) -> LineLayout {
        guard !(constraints.maxWidth > 0 && hasImage(wider: constraints.maxWidth)) else { return layOut(constraints) }
        let lines = breakLines(constraints, context)
        return constraints.balance ? balanced(lines) : lines
    }
}
