import ArgumentParser
import Bubble
import Foundation

/// `bubble emoji`: the emoji catalog, listed, searched, or one entry shown.
struct EmojiCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "emoji",
        abstract: "List the emoji catalog or show one entry.",
        discussion: """
            Examples:
              bubble emoji list --search party
              bubble emoji show 微笑
              bubble emoji show party --svg > party.svg
            """,
        subcommands: [List.self, Show.self],
        defaultSubcommand: List.self
    )

    /// Where the catalog comes from.
    struct CatalogOption: ParsableArguments {
        @Option(help: "An emoji catalog file (default: Bubble's own, beside the executable or $BUBBLE_CATALOG).",
                completion: .file(extensions: ["json"])) var catalog: String?

        /// The loaded catalog; an unreadable one ends the process with exit code 2.
        func load(_ engine: BubbleEngine) throws -> EmojiCatalog {
            var o = BubbleOptions()
            o.catalog = catalog
            return try BubbleError.exiting { () throws(BubbleError) in try engine.catalog(for: o).catalog }
        }

        func engine() throws -> BubbleEngine {
            var o = BubbleOptions()
            o.catalog = catalog
            return try BubbleError.exiting { () throws(BubbleError) in try BubbleEngine(options: o) }
        }
    }

    /// `bubble emoji list`.
    struct List: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Print every entry: name, unicode or image, group — one per line, tab-separated.",
            discussion: "Example: bubble emoji list --search cat | head"
        )
        @Option(help: "Only entries whose name or group contains this word (case-insensitive).") var search: String?
        @OptionGroup var source: CatalogOption
        @OptionGroup var output: OutputFlags

        func run() throws {
            let catalog = try source.load(try source.engine())
            var out = ""
            for e in catalog.entries {
                if let search, !e.name.localizedCaseInsensitiveContains(search),
                   !(e.group ?? "").localizedCaseInsensitiveContains(search) { continue }
                out += "\(e.name)\t\(e.unicode ?? e.image ?? "")\t\(e.group ?? "")\n"
            }
            let destination = output.open()
            destination.write(out)
            destination.close()
        }
    }

    /// `bubble emoji show NAME`.
    struct Show: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Print one entry as JSON, or draw it alone as an SVG (--svg). Exit code 1 if there is no such name.",
            discussion: "Example: bubble emoji show thumbs_ok --svg --emoji-size 64 > ok.svg"
        )
        @Argument(help: "The entry's name, without brackets.", completion: .custom { _, _, _ in Show.names() })
        var name: String
        @Flag(help: "Draw the emoji alone as a standalone SVG instead.") var svg = false
        @Option(help: "Size of the drawn emoji in px (with --svg; default 40).") var emojiSize: Double = 40
        @OptionGroup var source: CatalogOption
        @OptionGroup var output: OutputFlags
        @OptionGroup var pretty: PrettyFlag

        /// Every name of Bubble's own catalog, for shell completion (none when it cannot be read).
        static func names() -> [String] {
            (try? EmojiCatalog(contentsOf: BubbleEngine.defaultCatalogPath))?.entries.map(\.name) ?? []
        }

        func run() throws {
            let engine = try source.engine()
            let catalog = try source.load(engine)
            guard let entry = catalog[name] else {
                Diagnostics.say("unknown_emoji: no entry named '\(name)' (see bubble emoji list)")
                throw ExitCode(1)
            }
            guard svg else {
                let destination = output.open()
                destination.line(pretty.apply(JSONRenderer().render(entry)))
                destination.close()
                return
            }
            var o = BubbleOptions()
            o.emojiSize = emojiSize
            o.padding = Padding(EdgeInsets(all: 4))
            o.linkify = false
            let drawing = try BubbleError.exiting { () throws(BubbleError) in try engine.svg(Message(text: "[\(name)]"), options: o) }
            let destination = output.open()
            destination.write(drawing)
            destination.close()
        }
    }
}
