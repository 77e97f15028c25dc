public import BubbleMapping
public import BubbleTypesetting

/// A bubble's size and no more: what pre-sizing a list of messages needs.
public struct BubbleSize: Sendable, Equatable {
    /// px, padding included: the layout's `size.width`.
    public var width: Double
    /// px, padding included: the layout's `size.height`.
    public var height: Double
    /// The lines shown (the layout's `lineCount`).
    public var lines: Int
    /// Whether `maxLines` cut the text.
    public var truncated: Bool

    public init(width: Double, height: Double, lines: Int, truncated: Bool) {
        self.width = width
        self.height = height
        self.lines = lines
        self.truncated = truncated
    }

    /// The size a full layout reports.
    public init(_ layout: BubbleLayout) {
        self.init(width: layout.size.width, height: layout.size.height, lines: layout.lineLayout.lines.count,
                  truncated: layout.lineLayout.truncated)
    }

    /// The size of lines broken at `padding`'s text box, as ``BubbleLayout`` adds the padding.
    init(_ lines: LineLayout, padding: EdgeInsets) {
        self.init(width: lines.width + padding.left + padding.right, height: lines.height + padding.top + padding.bottom,
                  lines: lines.lines.count, truncated: lines.truncated)
    }
}

extension BubbleEngine {
    /// The size of a message's bubble, as ``layout(_:options:)`` would report it, from the lines alone:
    /// mapped, shaped and broken into lines, with no report (no link, emoji or touch rects) and no JSON.
    public func size(_ message: Message, options: BubbleOptions? = nil) throws(BubbleError) -> BubbleSize {
        try size(message, plan: try plan(for: options))
    }

    /// ``size(_:options:)`` under a plan made by ``plan(for:)``.
    package func size(_ message: Message, plan: LayoutPlan) throws(BubbleError) -> BubbleSize {
        // A long message cut by maxLines takes the prefix path, which needs its report: rare, and the same answer.
        if mayLayOutPrefix(message, plan) { return BubbleSize(try layoutOfLong(message, plan)) }
        let worker = try pool.borrow(plan.chain)
        defer { pool.giveBack(worker) }
        let lines = shape(try map(message, plan), plan, by: worker).layOut(plan.constraints)
        let size = BubbleSize(lines, padding: plan.padding)
        worker.typesetter.recycle(lines)  // no report holds the lines: their text's arrays serve the next message
        return size
    }
}

/// A message mapped and shaped once under one set of options, to be laid out or sized at any number of
/// widths without shaping again (``BubbleEngine/prepare(_:options:)``): a server that sizes the same
/// conversation for several screens, or a list re-flowed when its column is resized.
public struct PreparedMessage: Sendable {
    let shaped: ShapedText
    let plan: LayoutPlan
    /// The message's layout with no width limit, when it is its layout at every text width from some width
    /// up (``LineLayout/unboundedFrom(_:)``: most chat messages, one line on any phone).
    let unbounded: Unbounded?
    /// What breaking the shaped text reads that no width changes (its wrapper, the last paragraph shown,
    /// the quoted paragraphs): a new width breaks and places its lines without working it out again.
    let context: BreakingContext

    /// ``unbounded``, boxed: an optional layout held inline (over 300 bytes) was copied whole to be tested for
    /// nil, and again to be unwrapped, on every new width.
    final class Unbounded: Sendable {
        let layout: BubbleLayout
        /// Text width (the bubble's less its padding), px, from which ``layout`` is the layout.
        let from: Double

        init(_ layout: BubbleLayout, from: Double) {
            self.layout = layout
            self.from = from
        }
    }
}

extension BubbleEngine {
    /// Maps and shapes `message` under `options` (over the engine's defaults), keeping what no width changes:
    /// the shaping, and its layout and report with no width limit when every width from some width up gives
    /// that layout (each paragraph one line, nothing cut), so a width at least that wide costs a copy.
    /// A long message is kept whole (no prefix of it stands for it at every width).
    public func prepare(_ message: Message, options: BubbleOptions? = nil) throws(BubbleError) -> PreparedMessage {
        let plan = try plan(for: options)
        let shaped = try shape(map(message, plan), plan)
        let context = shaped.breakingContext(plan.constraints, kept: true)
        if plan.constraints.statusSlot == nil {
            let unbounded = report(shaped.layOut(plan.constraints(width: .infinity), context: context), plan)
            if let from = unbounded.lineLayout.unboundedFrom(context) {
                return PreparedMessage(shaped: shaped, plan: plan, unbounded: PreparedMessage.Unbounded(unbounded, from: from),
                                       context: context)
            }
        }
        return PreparedMessage(shaped: shaped, plan: plan, unbounded: nil, context: context)
    }

    /// The layout of a prepared message at bubble width `width` (padding included): the layout
    /// ``layout(_:options:)`` gives with that `maxWidth`, from lines broken anew and nothing shaped, or
    /// the one kept when nothing at this width breaks differently.
    public func layout(_ prepared: PreparedMessage, width: Double) -> BubbleLayout {
        let constraints = prepared.plan.constraints(width: width)
        if let kept = prepared.unbounded, constraints.maxWidth >= kept.from {
            var layout = kept.layout
            layout.constrain(to: constraints)
            return layout
        }
        return report(prepared.shaped.layOut(constraints, context: prepared.context), prepared.plan)
    }

    /// The size of a prepared message's bubble at `width`: its lines broken anew, no report, no JSON (or the
    /// size kept, when nothing at this width breaks differently).
    public func size(_ prepared: PreparedMessage, width: Double) -> BubbleSize {
        let constraints = prepared.plan.constraints(width: width)
        if let kept = prepared.unbounded, constraints.maxWidth >= kept.from { return BubbleSize(kept.layout) }
        return BubbleSize(prepared.shaped.layOut(constraints, context: prepared.context), padding: prepared.plan.padding)
    }
}
