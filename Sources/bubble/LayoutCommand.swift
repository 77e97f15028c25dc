import ArgumentParser
import Bubble
import Foundation

/// `bubble layout`: one message in, JSON version 1 out.
struct LayoutCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "layout",
        abstract: "Lay out one message and print its JSON (version 1).",
        discussion: """
            Examples:
              printf 'Hello, world' | bubble layout --max-width 120
              echo '[{"type":"txt","content":"Hi "},{"type":"link","content":"docs","url":"https://example.com"}]' \
                | bubble layout --input spans
              bubble layout --input markup --text '<b>Bold</b> and <font color="red">red</font>'
            """
    )

    @OptionGroup var input: MessageInput
    @OptionGroup var flags: LayoutFlags

    func run() throws {
        let one = try OneMessage(options: try flags.options(), input: input)
        if let layouts = try one.layouts() { print(one.json.render(layouts)); return }  // --widths
        print(one.json.render(try one.layout()))
    }
}
