extension ShapedText {
    /// Px a truncated last line keeps free for the status slot (the gap and the slot), so a cut
    /// message still shows its time after the token, as chat clients draw it.
    func statusReserve(_ c: LayoutConstraints) -> Double {
        c.statusSlot.map { $0.width + c.statusGap } ?? 0
    }

    /// Places the status slot once the lines are placed and before they are aligned.
    ///
    /// It shares the last line when the line's extent (indent included), the gap and the slot fit the
    /// width and the slot is no taller than the line box; otherwise it takes a line of its own below.
    /// Either way it sits at the end side of the content box: right in a left-to-right paragraph,
    /// left in a right-to-left one (the last line's paragraph decides). Its bottom is the line box's
    /// bottom, so it keeps the same distance from the bubble's edge inline or not, whatever the fonts
    /// of the line (descents differ between Latin, CJK and emoji faces; the box bottom does not).
    func placeStatus(_ slot: StatusSlot, in layout: inout LineLayout) {
        let c = layout.constraints
        let rtl: Bool
        var inline = false
        var y = layout.height
        if let last = layout.lines.last {
            rtl = paragraphs[last.paragraph].baseLevel & 1 == 1
            let needed = last.x + last.width + c.statusGap + slot.width
            if needed <= max(c.maxWidth, 0) + LineWrapper.tolerance && slot.height <= last.height {
                inline = true
                y = last.top + last.height - slot.height
                layout.width = max(layout.width, needed)
            }
        } else {
            rtl = paragraphs.first.map { $0.baseLevel & 1 == 1 } ?? false
        }
        if !inline {
            layout.width = max(layout.width, slot.width)
            layout.height += slot.height
        }
        let x = rtl ? 0 : layout.width - slot.width
        layout.status = StatusPlacement(rect: Rect(x: x, y: y, width: slot.width, height: slot.height), inline: inline)
    }

    /// Px the last line keeps free at its end side when the slot shares it (so end or center
    /// alignment never puts text under the slot).
    static func statusAdvance(_ layout: LineLayout, line i: Int) -> Double {
        guard let s = layout.status, s.inline, i == layout.lines.count - 1 else { return 0 }
        return s.rect.width + layout.constraints.statusGap
    }
}
