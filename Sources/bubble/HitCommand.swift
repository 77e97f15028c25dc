import ArgumentParser
import Bubble
import Foundation

/// `bubble hit`: what lies under a point of the bubble (a text offset, and the link, emoji or highlight there).
struct HitCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "hit",
        abstract: "Hit-test a point of the laid-out bubble and print what is under it as JSON.",
        discussion: """
            The point is in CSS px in the bubble's space (top-left origin, y down, padding included), as the rects of `bubble layout` are. The answer, keys always in this order:

              {"hit": true, "offset": 12, "affinity": "leading", "line": 0,
               "link": {"index", "kind", "text", "target", "start", "end"} | null,
               "emoji": {"index", "kind", "name"?, "unicode"?, "start", "end", "rect"} | null,
               "highlight": {"index", "start", "end", "color"?, "background"?} | null}

            offset is the caret position nearest the point, in source offsets (--offsets, UTF-16 by default); affinity says whether the point is on the leading half of the character after it or on the trailing half of the one before it; index is the item's place in the layout's links, emoji or highlights. A point outside the bubble prints {"hit": false} (exit code 0). POST /v1/hit answers the same JSON.

            Example:
              printf 'Docs at https://example.com' | bubble hit --x 100 --y 18
            """
    )

    @Option(help: "x of the point, px from the bubble's left edge.") var x: Double
    @Option(help: "y of the point, px from the bubble's top edge.") var y: Double
    @OptionGroup var input: MessageInput
    @OptionGroup var flags: LayoutFlags
    @OptionGroup var output: OutputFlags
    @OptionGroup var pretty: PrettyFlag

    func run() throws {
        let one = try OneMessage(options: try flags.options(), input: input)
        let layout = try one.layout()
        let out = output.open()
        out.line(pretty.apply(one.json.render(layout.hitTest(x: x, y: y), in: layout)))
        out.close()
    }
}
