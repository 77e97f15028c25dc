import ArgumentParser
import Bubble
import Foundation

/// `bubble layout`: one message in, JSON version 1 out.
struct LayoutCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "layout",
        abstract: "Lay out one message and print its JSON (version 1).",
        discussion: """
            Example: printf 'Hello, world' | bubble layout --max-width 120
            """
    )

    @OptionGroup var input: MessageInput
    @OptionGroup var flags: LayoutFlags

    func run() throws {
        let options = try flags.options()
        let engine = try BubbleError.exiting { () throws(BubbleError) in try BubbleEngine(options: options) }
        let bytes = try input.read()
        let layout = try BubbleError.exiting { () throws(BubbleError) in try engine.layout(utf8: bytes) }
        print(JSONRenderer(offsets: options.offsets ?? .utf16).render(layout))
    }
}
