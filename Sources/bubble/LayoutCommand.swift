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
        let options = try flags.options()
        let engine = try BubbleError.exiting { () throws(BubbleError) in try BubbleEngine(options: options) }
        let message = try input.message()
        let layout = try BubbleError.exiting { () throws(BubbleError) in try engine.layout(message) }
        print(JSONRenderer(offsets: options.offsets ?? .utf16).render(layout))
    }
}
