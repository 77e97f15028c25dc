/// Touch targets of a layout: each link fragment, emoji and `more` token grown to a minimum size
/// (Apple's Human Interface Guidelines ask for 44 pt, Material Design for 48 dp), in bubble space.
///
/// Grown from the final rects of the report, never from the text: a target's touch rect is its rect
/// grown about its centre to at least ``minSize`` each way, cut at the bubble's edges (it may cover the
/// padding, never more), and cut again wherever it would meet another target's: two targets split the
/// space between their own rects at its middle, along the axis where that space is widest. So a touch
/// rect never covers another target's rect, no two overlap, and each holds its own target's rect.
/// Targets whose own rects overlap (an image inside a link) are left to overlap: there is no space
/// between them to share.
public struct TouchTargets: Sendable, Equatable {
    /// The size asked for, px.
    public var minSize: Double
    /// Per ``BubbleLayout/links`` entry, one touch rect per rect (per line fragment); the `more`
    /// token's one rect included.
    public var links: [[Rect]]
    /// Per ``BubbleLayout/emoji`` entry.
    public var emoji: [Rect]

    /// One target: its rect, and where its touch rect goes back to.
    private struct Target {
        var rect: Rect
        var grown: Rect
        var link: (index: Int, fragment: Int)?
        var emoji: Int?
    }

    /// The touch targets of `layout` at `minSize` px.
    package init(_ layout: BubbleLayout, minSize: Double) {
        self.minSize = minSize
        let bounds = Rect(x: 0, y: 0, width: layout.size.width, height: layout.size.height)
        var targets: [Target] = []
        for (i, box) in layout.links.enumerated() {
            for (j, r) in box.rects.enumerated() {
                targets.append(Target(rect: r, grown: TouchTargets.grow(r, to: minSize, within: bounds), link: (i, j)))
            }
        }
        for (k, box) in layout.emoji.enumerated() {
            targets.append(Target(rect: box.rect, grown: TouchTargets.grow(box.rect, to: minSize, within: bounds), emoji: k))
        }
        TouchTargets.separate(&targets)
        links = layout.links.map { Array(repeating: Rect(x: 0, y: 0, width: 0, height: 0), count: $0.rects.count) }
        emoji = Array(repeating: Rect(x: 0, y: 0, width: 0, height: 0), count: layout.emoji.count)
        for t in targets {
            if let l = t.link { links[l.index][l.fragment] = t.grown }
            if let e = t.emoji { emoji[e] = t.grown }
        }
    }

    /// `r` grown about its centre to at least `size` each way, cut to `bounds`.
    static func grow(_ r: Rect, to size: Double, within bounds: Rect) -> Rect {
        let cx = r.x + r.width / 2, cy = r.y + r.height / 2
        let w = max(r.width, size) / 2, h = max(r.height, size) / 2
        // Cut at the bubble's edges, but never smaller than the target itself.
        let x0 = min(max(cx - w, bounds.x), r.x), x1 = max(min(cx + w, bounds.maxX), r.maxX)
        let y0 = min(max(cy - h, bounds.y), r.y), y1 = max(min(cy + h, bounds.maxY), r.maxY)
        return Rect(x: x0, y: y0, width: x1 - x0, height: y1 - y0)
    }

    /// Cuts grown rects that overlap apart at the middle of the space between their targets' rects.
    /// Rects only shrink, so pairs that did not overlap as first grown never need a look: a sweep
    /// down the grown rects' tops visits only pairs whose grown rects share some height.
    private static func separate(_ targets: inout [Target]) {
        let order = targets.indices.sorted { targets[$0].grown.y < targets[$1].grown.y }
        let first = targets.map(\.grown)
        for (n, i) in order.enumerated() {
            for j in order[(n + 1)...] {
                if first[j].y >= first[i].maxY { break }
                guard overlap(targets[i].grown, targets[j].grown) else { continue }
                var a = targets[i], b = targets[j]
                split(&a, &b)
                targets[i] = a
                targets[j] = b
            }
        }
    }

    /// Whether two rects share interior (touching edges do not count).
    static func overlap(_ a: Rect, _ b: Rect) -> Bool {
        a.x < b.maxX && b.x < a.maxX && a.y < b.maxY && b.y < a.maxY
    }

    private static func split(_ a: inout Target, _ b: inout Target) {
        let ra = a.rect, rb = b.rect
        // The free space between the two rects along each axis (negative: none).
        let gapX = max(rb.x - ra.maxX, ra.x - rb.maxX)
        let gapY = max(rb.y - ra.maxY, ra.y - rb.maxY)
        guard gapX >= 0 || gapY >= 0 else { return }  // their own rects overlap: nothing to share
        if gapX >= gapY {
            if ra.maxX <= rb.x { cut(&a.grown, &b.grown, at: (ra.maxX + rb.x) / 2, vertical: true) }
            else { cut(&b.grown, &a.grown, at: (rb.maxX + ra.x) / 2, vertical: true) }
        } else {
            if ra.maxY <= rb.y { cut(&a.grown, &b.grown, at: (ra.maxY + rb.y) / 2, vertical: false) }
            else { cut(&b.grown, &a.grown, at: (rb.maxY + ra.y) / 2, vertical: false) }
        }
    }

    /// Ends `before` at `m` and starts `after` there, along x (`vertical` cut) or y.
    private static func cut(_ before: inout Rect, _ after: inout Rect, at m: Double, vertical: Bool) {
        if vertical {
            if before.maxX > m { before.width = m - before.x }
            if after.x < m { after.width = after.maxX - m; after.x = m }
        } else {
            if before.maxY > m { before.height = m - before.y }
            if after.y < m { after.height = after.maxY - m; after.y = m }
        }
    }
}

extension BubbleLayout {
    /// Grows every link fragment, emoji and `more` token to at least `minSize` px (see ``TouchTargets``);
    /// ``hitTest(x:y:)`` then finds targets by their touch rects.
    public mutating func addTouchTargets(minSize: Double) {
        touchTargets = minSize > 0 ? TouchTargets(self, minSize: minSize) : nil
    }

    /// The link and emoji whose touch rects hold a point, when touch targets are on (nil when off).
    func touchHit(x: Double, y: Double) -> (link: Int?, emoji: Int?)? {
        guard let t = touchTargets else { return nil }
        let inside = { (r: Rect) in r.contains(x: x, y: y) }
        return (t.links.firstIndex { $0.contains(where: inside) }, t.emoji.firstIndex(where: inside))
    }
}
