import ArgumentParser
import Bubble

/// `bubble version`: Bubble's version and commit, the C libraries it runs on, and the fingerprint of
/// the font set it finds on this machine (what makes two hosts give the same bytes).
struct VersionCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "version",
        abstract: "Print Bubble's version, commit, library versions and font set fingerprint.",
        discussion: """
            bubble --version prints the first line alone (without loading fonts).

            Examples:
              bubble version
              bubble version --json --pretty
            """
    )

    @Flag(help: "One JSON object: {\"bubble\", \"commit\", \"libraries\": {…}, \"fonts\"}.") var json = false
    @OptionGroup var pretty: PrettyFlag
    @OptionGroup var output: OutputFlags

    func run() throws {
        let engine = try BubbleError.exiting { () throws(BubbleError) in try BubbleEngine() }
        let out = output.open()
        if json {
            out.line(pretty.apply(BubbleVersion.json(fonts: engine.fontFingerprint)))
        } else {
            out.line(BubbleVersion.line + " fonts \(engine.fontFingerprint)")
        }
        out.close()
    }
}
