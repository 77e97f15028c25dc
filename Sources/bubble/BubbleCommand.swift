import ArgumentParser
import Bubble
import Foundation

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
        subcommands: [LayoutCommand.self, SVGCommand.self, ServeCommand.self],
        defaultSubcommand: LayoutCommand.self
    )

    /// Runs the command; usage errors exit with 2 (PRODUCT.md), not ArgumentParser's 64.
    static func main() {
        do {
            var command = try parseAsRoot()
            try command.run()
        } catch {
            let code = exitCode(for: error)
            guard code == .validationFailure else { exit(withError: error) }
            FileHandle.standardError.write(Data((fullMessage(for: error) + "\n").utf8))
            Foundation.exit(2)
        }
    }
}
