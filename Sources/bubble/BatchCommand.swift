import ArgumentParser
import Bubble
import Foundation

/// `bubble batch`: NDJSON messages in, NDJSON layouts out, in input order, on every core.
struct BatchCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "batch",
        abstract: "Lay out NDJSON messages; one NDJSON result per line, in order.",
        discussion: """
            Each input line is a JSON object {"id": …, "text" | "spans" | "markup": …, "options"?: {…}, "highlights"?: […]} with exactly one of text, spans or markup; other keys (such as "lang") are ignored, and a line's options go over the flags. Each output line is one of

              {"id": …, "layout": {JSON version 1}}
              {"id": …, "error": {"code": …, "message": …}, "line": N}

            with the id copied exactly as written (any JSON value; null only when it cannot be read at all) and N the line's number, 1-based over the whole input. Every input line gets one result line, in input order: an empty line, malformed JSON, an unknown option, invalid UTF-8 (unless --invalid-utf8 replace) or a line longer than --max-line-length yields an error line and the batch goes on.

            Input is read and results are written as they complete (streaming; flushed as soon as no read line waits, so a co-process gets each answer at once), with memory bounded by --window lines. A progress line goes to standard error when it is a terminal. SIGTERM or SIGINT stops reading: the lines already read are finished and written, then the batch exits 2.

            Exit codes: 0 every line answered (an error line is an answer), 1 some lines failed and --fail-on-error was given, 2 usage or fatal error (unreadable input, write error, signal), after every finished line is written.

            Examples:
              echo '{"id":1,"text":"Hello @alice"}' | bubble batch --max-width 200
              bubble batch --jobs 2 -o layouts.ndjson messages.ndjson
              parallel --pipe -k --block 1M bubble batch --jobs 1 \\
                < messages.ndjson > layouts.ndjson
            """
    )

    @Argument(help: ArgumentHelp("An NDJSON file of messages (default, or -: standard input).", valueName: "file"),
              completion: .file())
    var file: String?
    @Option(help: "Worker threads (default: the number of active cores).")
    var jobs: Int = ProcessInfo.processInfo.activeProcessorCount
    @Option(help: "Longest input line in bytes; longer lines get a line_too_long error.")
    var maxLineLength: Int = BatchLineLimit.standard
    @Option(help: "Lines read ahead of the oldest unwritten result (bounds memory; default 64 per job).")
    var window: Int?
    @Flag(help: "Exit 1 when some lines got an error line (default: 0, every line was answered).")
    var failOnError = false
    @Flag(help: "Show the progress line even when standard error is not a terminal.")
    var progress = false
    @OptionGroup var output: OutputFlags
    @OptionGroup var flags: LayoutFlags

    func validate() throws {
        guard (1...256).contains(jobs) else { throw ValidationError("--jobs takes 1 to 256, not \(jobs)") }
        if let problem = BatchLineLimit.problem(maxLineLength, name: "--max-line-length") { throw ValidationError(problem) }
        if let window, window < 1 { throw ValidationError("--window must be at least 1") }
    }

    func run() throws {
        var options = try flags.options()
        // Resolved once: the engine would otherwise look the default up (environment, file system) per line.
        options.catalog = options.catalog ?? BubbleEngine.defaultCatalogPath
        let engine = try BubbleError.exiting { () throws(BubbleError) in try BubbleEngine(options: options) }
        let line = BatchLine(engine: engine, maxLineLength: maxLineLength)
        let input = InputFile.open(file)
        let pipeline = BatchPipeline(window: window ?? max(64 * jobs, 64),
                                     progress: BatchProgress.ifTerminal(input: input, always: progress),
                                     destination: output.open()) { line.process($0) }
        var reader = LineReader(fd: input, maxLineLength: maxLineLength, stopFD: StopSignal.install())
        do { try pipeline.run(reader: &reader, jobs: jobs) } catch {
            let name = file.map { $0 == "-" ? "standard input" : "'\($0)'" } ?? "standard input"
            let reason = (error as? LineReader.ReadError).map { String(cString: strerror($0.errno)) } ?? "\(error)"
            Output.fail("batch: cannot read \(name): \(reason) (\(pipeline.written) lines answered before it)")
        }
        pipeline.destination.close()
        if let signal = StopSignal.received {
            Output.fail("batch: stopped by \(signal) after \(pipeline.written) lines (every line read was answered)")
        }
        if failOnError && pipeline.failures > 0 { throw ExitCode(1) }
    }
}
