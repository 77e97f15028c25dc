import ArgumentParser
import Bubble

/// `bubble`: typesets chat messages.
@main
struct BubbleCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "bubble",
        abstract: "Typeset chat messages: bubble size, lines, link and emoji rects, as JSON or SVG.",
        discussion: """
            Reads one message from standard input (or --text) and writes its layout.
            Example: printf 'Hello, world' | bubble layout --max-width 120
            """,
        subcommands: [LayoutCommand.self, SVGCommand.self],
        defaultSubcommand: LayoutCommand.self
    )
}
