import ArgumentParser
import Bubble
import Foundation

/// `bubble svg`: one message in, a standalone SVG of its bubble out.
struct SVGCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "svg",
        abstract: "Lay out one message and print it as a standalone SVG.",
        discussion: """
            Examples:
              printf 'Hello, world' | bubble svg --theme outgoing > hello.svg
              bubble svg -o message.svg --max-width 120 message.txt
              bubble svg --input markup --debug -o see.svg \
                --text 'See <a href="https://example.com">this</a>'
            """
    )

    @OptionGroup var input: MessageInput
    @OptionGroup var flags: LayoutFlags
    @OptionGroup var output: OutputFlags
    @Option(help: "incoming (light gray bubble, default) or outgoing (blue bubble).",
            completion: .list(SVGTheme.Style.allCases.map(\.rawValue))) var theme: String?
    @Flag(help: "Overlay line boxes, baselines, and link and emoji hit rects.") var debug = false

    func run() throws {
        var options = try flags.options()
        if let theme {
            guard SVGTheme.Style(rawValue: theme) != nil else {
                throw ValidationError("--theme takes incoming or outgoing, not '\(theme)'")
            }
            var t = options.theme ?? Theme()
            t.style = theme
            options.theme = t
        }
        if debug { options.debug = true }
        let one = try OneMessage(options: options, input: input)
        let svg = try BubbleError.exiting { () throws(BubbleError) in try one.engine.svg(one.message) }
        let out = output.open()
        out.write(svg)
        out.close()
    }
}
