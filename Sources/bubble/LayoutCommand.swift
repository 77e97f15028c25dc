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
              bubble layout --pretty -o hello.json message.txt
              echo '[{"type":"txt","content":"Hi "},{"type":"emoji","name":"party"}]' \\
                | bubble layout --input spans
              bubble layout --input markup --text '<b>Bold</b> <font color="red">red</font>'
            """
    )

    @OptionGroup var input: MessageInput
    @OptionGroup var flags: LayoutFlags
    @OptionGroup var output: OutputFlags
    @OptionGroup var pretty: PrettyFlag

    func run() throws {
        let one = try OneMessage(options: try flags.options(), input: input)
        // --widths: {"layouts": [...]}, one layout per width.
        let json = try one.layouts().map { one.json.render($0) } ?? one.json.render(try one.layout())
        let out = output.open()
        out.line(pretty.apply(json))
        out.close()
    }
}
