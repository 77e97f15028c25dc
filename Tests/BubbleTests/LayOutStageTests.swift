@testable import Bubble
import BubbleRendering
import BubbleTypesetting
import Testing

/// `ShapedText.layOut` is the width-dependent stage whole: fitting images and balancing belong to it, so
/// calling it on a shaped message gives what the engine reports, for one width and for many.
@Suite struct LayOutStageTests {
    static let markup = #"look <img src="cat.png" width="900" height="300"> at this cat, then read the rest of the message"#

    static func options(width: Double, balance: Bool) -> BubbleOptions {
        var o = BubbleOptions()
        o.maxWidth = width
        o.balance = balance
        return o
    }

    @Test(arguments: [(180.0, false), (180.0, true), (320.0, true), (2000.0, false)])
    func layOutAloneGivesTheEnginesAnswer(width: Double, balance: Bool) throws {
        let engine = try BubbleEngine()
        let message = Message(body: .markup(Self.markup))
        let plan = try engine.plan(for: Self.options(width: width, balance: balance))
        let shaped = try engine.shape(engine.map(message, plan), plan)
        let alone = BubbleLayout(shaped.layOut(plan.constraints), padding: plan.padding)
        let viaEngine = try engine.layout(message, options: Self.options(width: width, balance: balance))
        #expect(JSONRenderer().render(alone) == JSONRenderer().render(viaEngine))
        // The image never overflows the line the stage was given.
        let image = try #require(alone.emoji.first)
        #expect(image.rect.width <= plan.constraints.maxWidth + 1e-9)
    }

    @Test func balanceNarrowsWithoutAddingALine() throws {
        let engine = try BubbleEngine()
        let message = Message(text: "hello there, how are you doing today my old friend? fine")
        let plain = try engine.layout(message, options: Self.options(width: 250, balance: false))
        let balanced = try engine.layout(message, options: Self.options(width: 250, balance: true))
        #expect(balanced.lineLayout.lines.count == plain.lineLayout.lines.count)
        #expect(balanced.size.width < plain.size.width - 20)
    }

    @Test func everyWidthOfAManyWidthsCallIsThatWidthAlone() throws {
        let engine = try BubbleEngine()
        let message = Message(body: .markup(Self.markup))
        let widths = [120.0, 240, 2000]
        let many = try engine.layouts(message, widths: widths, options: Self.options(width: 240, balance: true))
        for (width, layout) in zip(widths, many) {
            let alone = try engine.layout(message, options: Self.options(width: width, balance: true))
            #expect(JSONRenderer().render(layout) == JSONRenderer().render(alone))
        }
    }
}
