import ArgumentParser
import Bubble
import Foundation

/// `bubble html`: one message in, an HTML fragment (its `<style>` and one `<div class="bubble">`) out.
struct HTMLCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "html",
        abstract: "Lay out one message and print an HTML fragment a browser draws with Bubble's lines.",
        discussion: """
            Use it with --line-metrics web, so the reported height is the one Chromium draws.
            Examples:
              printf 'Hello @alice [smile]' | bubble html --line-metrics web > hello.html
              bubble html --font-base-url /fonts/ --asset-base-url /emoji/ \
                --text 'See https://example.com' -o see.html
            """
    )

    @OptionGroup var input: MessageInput
    @OptionGroup var flags: LayoutFlags
    @OptionGroup var output: OutputFlags
    @Option(help: "Load font files from this URL, by file name (default: local() names, then file:// paths).")
    var fontBaseURL: String?
    @Option(help: "Load catalog images from this URL (default: data: URIs).") var assetBaseURL: String?

    func run() throws {
        let one = try OneMessage(options: try flags.options(), input: input)
        let html = try BubbleError.exiting { () throws(BubbleError) in
            try one.engine.html(one.message, fontBaseURL: fontBaseURL, assetBaseURL: assetBaseURL)
        }
        let out = output.open()
        out.write(html)
        out.close()
    }
}
