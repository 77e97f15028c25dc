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
            Reads one message from a file, standard input or --text and writes its layout (JSON), its SVG, or what lies under a point; batch lays out NDJSON streams; serve is the HTTP service; emoji browses the catalog.

            Exit codes: 0 ok, 1 no such emoji (or batch --fail-on-error with failed lines), 2 usage or fatal error.

            Examples:
              printf 'Hello, world' | bubble layout --max-width 120
              printf 'Hello, world' | bubble svg > hello.svg
              bubble batch -o layouts.ndjson messages.ndjson
              bubble --generate-completion-script bash > bubble.bash
            """,
        version: BubbleVersion.line,
        subcommands: [LayoutCommand.self, SVGCommand.self, HTMLCommand.self, HitCommand.self, BatchCommand.self, ServeCommand.self,
                      EmojiCommand.self, VersionCommand.self],
        defaultSubcommand: LayoutCommand.self
    )

    /// Runs the command; usage errors exit with 2 (PRODUCT.md), not ArgumentParser's 64.
    static func main() {
        // A closed pipe is an error write(2) reports (Output ends quietly), not a signal that kills.
        signal(SIGPIPE, SIG_IGN)
        if let unknown = unknownCommand(Array(CommandLine.arguments.dropFirst())) {
            let names = configuration.subcommands.map { $0._commandName }.joined(separator: ", ")
            Output.fail("unknown command '\(unknown)' (the commands are \(names); see bubble --help)")
        }
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

    /// The first argument when it names no command: `bubble lay` is a typo, not a file for layout
    /// (a FILE goes after its command: `bubble layout msg.txt`). Options first (`bubble --max-width 9`)
    /// still mean `layout`.
    static func unknownCommand(_ arguments: [String]) -> String? {
        guard let first = arguments.first, !first.hasPrefix("-") else { return nil }
        let known = configuration.subcommands.map { $0._commandName } + ["help"]
        return known.contains(first) ? nil : first
    }
}
