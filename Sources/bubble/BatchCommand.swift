import ArgumentParser
import Bubble
import Foundation

/// `bubble batch`: NDJSON messages in, NDJSON layouts out, in input order, on every core.
struct BatchCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "batch",
        abstract: "Lay out NDJSON messages from standard input; one NDJSON result per line, in order.",
        discussion: """
            Each input line is a JSON object {"id": …, "text" | "spans" | "markup": …, "options"?: {…}, "highlights"?: […]} with exactly one of text, spans or markup; other keys (such as "lang") are ignored, and a line's options go over the flags. Each output line is one of

              {"id": …, "layout": {JSON version 1}}
              {"id": …, "error": {"code": …, "message": …}}

            with the id copied exactly as written (any JSON value; null when missing or unreadable). Every input line gets one result line, in input order: an empty line, malformed JSON, an unknown option, invalid UTF-8 (unless --invalid-utf8 replace) or a line longer than --max-line-length yields an error line and the batch goes on.

            Input is read and results are written as they complete (streaming), with memory bounded by --window lines. A progress line goes to standard error when it is a terminal.

            Exit codes: 0 every line laid out, 1 some lines failed, 2 usage or fatal error.

            Example:
              echo '{"id":1,"text":"Hello @alice"}' | bubble batch --max-width 200
              bubble batch --jobs 2 < messages.ndjson > layouts.ndjson
            """
    )

    @Option(help: "Worker threads (default: the number of active cores).")
    var jobs: Int = ProcessInfo.processInfo.activeProcessorCount
    @Option(help: "Longest input line in bytes; longer lines get a line_too_long error.")
    var maxLineLength: Int = 1 << 20
    @Option(help: "Lines read ahead of the oldest unwritten result (bounds memory; default 64 per job).")
    var window: Int?
    @OptionGroup var flags: LayoutFlags

    func validate() throws {
        guard (1...256).contains(jobs) else { throw ValidationError("--jobs takes 1 to 256, not \(jobs)") }
        guard maxLineLength >= 16 else { throw ValidationError("--max-line-length must be at least 16 bytes") }
        if let window, window < 1 { throw ValidationError("--window must be at least 1") }
    }

    func run() throws {
        var options = try flags.options()
        // Resolved once: the engine would otherwise look the default up (environment, file system) per line.
        options.catalog = options.catalog ?? BubbleEngine.defaultCatalogPath
        let engine = try BubbleError.exiting { () throws(BubbleError) in try BubbleEngine(options: options) }
        let line = BatchLine(engine: engine, defaults: options, maxLineLength: maxLineLength)
        let pipeline = BatchPipeline(window: window ?? max(64 * jobs, 64), progress: BatchProgress.ifTerminal()) {
            line.process($0)
        }
        var reader = LineReader(fd: 0, maxLineLength: maxLineLength)
        do { try pipeline.run(reader: &reader, jobs: jobs) } catch {
            FileHandle.standardError.write(Data("bubble: \(error)\n".utf8))
            throw ExitCode(2)
        }
        if pipeline.failures > 0 { throw ExitCode(1) }
    }
}
