package import BubbleMapping
package import BubbleTypesetting

extension BubbleEngine {
    /// Lays a message out at every width of the plan (`widths`, or `maxWidth` alone), in order, from
    /// one mapping and one shaping: what a server does for the screens of one conversation.
    ///
    /// A width at which the text breaks exactly as at a width already done (no paragraph wrapped, none
    /// cut, no image shrunk, and the widest line fits) gets that layout again rather than a new one:
    /// the lines, rects and size are the same. Long messages are laid out whole here (the prefix
    /// shortcut of ``layout(_:plan:)`` serves one width).
    package func layouts(_ message: Message, plan: LayoutPlan, cache: ShapedTextCache? = nil) throws(BubbleError) -> [BubbleLayout] {
        if plan.widths.count == 1 {
            if let cache { return [try layout(message, plan: plan, cache: cache)] }
            return [try layout(message, plan: plan)]
        }
        let shaped: ShapedText
        if let cache, let key = ShapedTextCache.Key(message, plan) {
            shaped = try cache.shaped(key) { () throws(BubbleError) in try shape(map(message, plan), plan) }
        } else {
            shaped = try shape(map(message, plan), plan)
        }
        return reports(shaped, plan, widths: plan.widths)
    }

    /// The report at each width, reusing a report whose lines hold at a later width.
    /// The widths that break anew share one ``BreakingContext`` (the wrapper and what else breaking reads
    /// at any width), as a prepared message does.
    func reports(_ shaped: ShapedText, _ plan: LayoutPlan, widths: [Double]) -> [BubbleLayout] {
        var out: [BubbleLayout] = []
        out.reserveCapacity(widths.count)
        var context: BreakingContext?
        for width in widths {
            let constraints = plan.constraints(width: width)
            if let same = out.first(where: { $0.lineLayout.holds(atMaxWidth: constraints.maxWidth, original: shaped) }) {
                out.append(same)
            } else {
                if context == nil { context = shaped.breakingContext(constraints) }
                out.append(report(shaped.layOut(constraints, context: context!), plan))
            }
        }
        return out
    }
}
