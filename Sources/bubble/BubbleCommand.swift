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
            Reads one message from standard input (or --text) and writes its layout (JSON), its SVG, or what lies under a point; batch lays out NDJSON streams; emoji browses the catalog.

            Exit codes: 0 ok, 1 some batch lines failed (or no such emoji), 2 usage or fatal error.

            Examples:
              printf 'Hello, world' | bubble layout --max-width 120
              printf 'Hello, world' | bubble svg > hello.svg
              bubble --generate-completion-script bash > /etc/bash_completion.d/bubble
            """,
        subcommands: [LayoutCommand.self, SVGCommand.self, HTMLCommand.self, HitCommand.self, BatchCommand.self, ServeCommand.self, EmojiCommand.self],
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
