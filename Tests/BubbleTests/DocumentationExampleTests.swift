import Bubble
import Foundation
import Testing

/// The code of Documentation.docc/Bubble.md, kept compiling and true.
@Suite struct DocumentationExampleTests {
    @Test func fromAMessageToAnSVG() throws {
        var options = BubbleOptions()
        options.maxWidth = 240
        options.maxLines = 5
        options.linkMap = ["@百度": "https://www.baidu.com"]
        let message = Message(text: "很久很久以前[emoji]，在一个群里，生活着@百度")
        let layout = try engine.layout(message, options: options)
        #expect(layout.size.width <= 240)
        #expect(layout.links.map(\.link.target) == ["https://www.baidu.com"])
        #expect(layout.emoji.first?.name == "emoji")
        let rect = layout.links[0].rects[0]
        let hit = try #require(layout.hitTest(x: rect.x + rect.width / 2, y: rect.y + rect.height / 2))
        #expect(hit.link == 0)
        let svg = try engine.svg(message, options: options)
        #expect(svg.hasPrefix("<svg") && svg.contains("https://www.baidu.com"))
        let layouts = try engine.layouts(Message(text: "See you at 10? Bring the slides and the demo phone"), widths: [120, 320, 480])
        #expect(layouts.map(\.lineLayout.lines.count) == layouts.map(\.lineLayout.lines.count).sorted(by: >))
    }
}
