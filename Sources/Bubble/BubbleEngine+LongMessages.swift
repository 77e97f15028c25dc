import BubbleMapping
import BubbleTypesetting

extension BubbleEngine {
    /// Bytes of a long message laid out first when `maxLines` bounds what shows (grows ×4 when short).
    static let firstPrefixBytes = 512

    /// Whether ``layoutOfPrefix(_:_:)`` can apply: a plain-text message longer than twice its first
    /// prefix, under a plan that allows it. Inlined, so a short message makes no call and copies no
    /// result.
    @inline(__always)
    func mayLayOutPrefix(_ message: Message, _ plan: LayoutPlan) -> Bool {
        guard plan.prefixLines > 0, case .text(let text) = message.body else { return false }
        return text.utf8.count > 2 * (BubbleEngine.firstPrefixBytes + plan.prefixLines * 128)
    }

    /// A message ``mayLayOutPrefix(_:_:)`` allows: from a prefix when that is enough, else whole.
    /// (Each path returns its own layout: one result, not an optional one copied out.)
    @inline(never)
    func layoutOfLong(_ message: Message, _ plan: LayoutPlan) throws(BubbleError) -> BubbleLayout {
        if let cut = try layoutOfPrefix(message, plan) { return cut }
        return report(try shape(map(message, plan), plan), plan, width: plan.width)
    }

    /// A long plain-text message cut off by `maxLines`: lays out only a prefix of it, so the work stops
    /// near the last visible line (a 1 MB message costs about what a short one does).
    ///
    /// The prefix ends where the mapper says nothing it finds can be cut (``Mapper/prefixEnd(of:bytes:)``).
    /// Its layout is kept only when it is truncated and the last visible line cannot have seen the cut:
    /// a hard break follows it inside the prefix, or more than two lines' width of text does, and no link
    /// runs into the cut. Otherwise the prefix grows, up to the whole message. Nil: lay out the whole.
    /// Links and emoji past the visible text are then listed as `hidden` from a mapping of the whole message
    /// (mapping only: linear, and cheap next to shaping).
    func layoutOfPrefix(_ message: Message, _ plan: LayoutPlan) throws(BubbleError) -> BubbleLayout? {
        let maxLines = plan.prefixLines
        guard mayLayOutPrefix(message, plan), message.highlights.isEmpty, case .text(let text) = message.body,
              !Mapper.keysHoldWhiteSpace(message.linkMap) else { return nil }
        let bytes = text.utf8.count
        guard bytes <= plan.maxMessageLength else { return nil }  // the full path reports it
        var budget = BubbleEngine.firstPrefixBytes + maxLines * 128
        let textWidth = plan.constraints.maxWidth
        while budget * 2 < bytes {
            let cut = Mapper.prefixEnd(of: text, bytes: budget)
            let prefix = String(text.utf8.prefix(cut))!
            let shaped = try shape(map(Message(body: .text(prefix), linkMap: message.linkMap), plan), plan)
            let layout = report(shaped, plan, width: plan.width)
            let lines = layout.lineLayout.lines
            if layout.lineLayout.truncated, let last = lines.last,
               last.paragraph < shaped.paragraphs.count - 1 || shaped.width(last.range.lowerBound..<shaped.count) > 2 * textWidth,
               !(shaped.mapped.links.last.map { $0.range.upperBound.utf16 >= shaped.count } ?? false) {
                // What the cut hides is listed from the whole message's mapping (linear, nothing shaped), as
                // the whole layout lists it.
                var whole = layout
                let names = plan.catalog.names
                whole.collectHidden(in: try map(message, plan), emojiName: { names[$0] })
                return whole
            }
            budget *= 4
        }
        return nil
    }
}
