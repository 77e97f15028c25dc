import ArgumentParser
import Bubble
import BubbleJSON
import BubbleServer
import Dispatch
import Foundation
import Hummingbird
import Logging

/// `bubble serve`: the HTTP service (see `GET /openapi.json`), until SIGTERM or SIGINT.
struct ServeCommand: ParsableCommand, TableFlags {
    static let configuration = CommandConfiguration(
        commandName: "serve",
        abstract: "Serve layouts over HTTP: POST /v1/layout, /v1/svg, /v1/hit; GET /healthz, /metrics, /openapi.json.",
        discussion: """
            Stops gracefully on SIGTERM or SIGINT: no new connections, requests in flight finish.
            Logs one line per request on standard error (LOG_LEVEL=debug|info|warning), as text or,
            with --log-format json, one JSON object per line.

            Examples:
              bubble serve --port 8080 --max-messages 500
              bubble serve --host 0.0.0.0 --log-format json
            """
    )

    // One line per flag of ServerFlagTable, in its order: the help, the parsing, the range and the default are
    // the table's (ServerFlagTableTests checks these lines against it).
    @Option(help: .serve("host")) var host: String?
    @Option(help: .serve("port")) var port: String?
    @Option(help: .serve("options"), completion: .serve("options")) var options: String?
    @Option(help: .serve("catalog"), completion: .serve("catalog")) var catalog: String?
    @Option(help: .serve("fonts")) var fonts: String?
    @Option(help: .serve("allowFamilies")) var allowFamilies: String?
    @Option(help: .serve("linkRules"), completion: .serve("linkRules")) var linkRules: String?
    @Flag(help: .serve("allowRequestLinkRules")) var allowRequestLinkRules = false
    @Option(help: .serve("maxRequestLinkRules")) var maxRequestLinkRules: String?
    @Option(help: .serve("maxRequestPatternLength")) var maxRequestPatternLength: String?
    @Option(help: .serve("requestMatchLimit")) var requestMatchLimit: String?
    @Option(help: .serve("requestDepthLimit")) var requestDepthLimit: String?
    @Option(help: .serve("maxBodyBytes")) var maxBodyBytes: String?
    @Option(help: .serve("maxMessages")) var maxMessages: String?
    @Option(help: .serve("maxMessageLength")) var maxMessageLength: String?
    @Option(help: .serve("readTimeout")) var readTimeout: String?
    @Option(help: .serve("requestDeadline")) var requestDeadline: String?
    @Option(help: .serve("minBodyRate")) var minBodyRate: String?
    @Option(help: .serve("maxConcurrentLayouts")) var maxConcurrentLayouts: String?
    @Option(help: .serve("layoutQueue")) var layoutQueue: String?
    @Option(help: .serve("clientKeyHeader")) var clientKeyHeader: String?
    @Option(help: .serve("maxClientCost")) var maxClientCost: String?
    @Option(help: .serve("refusalDelay")) var refusalDelay: String?
    @Option(help: .serve("cacheEntries")) var cacheEntries: String?
    @Option(help: .serve("cacheBytes")) var cacheBytes: String?
    @Option(help: .serve("fontChains")) var fontChains: String?
    @Option(help: .serve("catalogs")) var catalogs: String?
    @Option(help: .serve("glyphPaths")) var glyphPaths: String?
    @Option(help: .serve("glyphPathBytes")) var glyphPathBytes: String?
    @Option(help: .serve("shapedWords")) var shapedWords: String?
    @Option(help: .serve("fontBaseURL")) var fontBaseURL: String?
    @Option(help: .serve("assetBaseURL")) var assetBaseURL: String?
    @Option(help: .serve("logFormat"), completion: .serve("logFormat")) var logFormat: String?
    // scripts/load-test's in-process baseline, not a serving flag.
    @Option(help: .hidden) var benchBodies: String?
    @Option(help: .hidden) var benchSeconds = 20.0

    func validate() throws {
        guard benchSeconds > 0, benchSeconds <= 86_400 else { throw ValidationError("--bench-seconds takes a number > 0 and ≤ 86400") }
    }

    /// The settings of the flags given: a flag's argument out of its range is a usage error naming the flag,
    /// a bad options or link-rules file a `bubble: code: message` (exit 2).
    func settings() throws -> BubbleServerSettings {
        do { return try ServerFlagTable.settings(from: givenFlags()) } catch let error as ServerFlagError {
            throw ValidationError(error.description)
        } catch let error as BubbleError {
            return try BubbleError.exiting { () throws(BubbleError) in throw error }
        }
    }

    static func isTableKey(_ key: String) -> Bool { ServerFlagTable.flag(key) != nil }

    func run() throws {
        let settings = try settings()
        let level = ProcessInfo.processInfo.environment["LOG_LEVEL"].flatMap(Logger.Level.init(rawValue:)) ?? .info
        let format = settings.logFormat
        LoggingSystem.bootstrap { label in
            switch format {
            case .text:
                var handler = StreamLogHandler.standardError(label: label)
                handler.logLevel = level
                return handler
            case .json:
                var handler = JSONLogHandler(label: label)
                handler.logLevel = level
                return handler
            }
        }
        let server = try BubbleError.exiting { () throws(BubbleError) in try BubbleServer(settings: settings) }
        if let benchBodies { return try benchmark(server.service, bodiesAt: benchBodies) }
        let app = server.application()

        // BubbleCommand.main runs commands synchronously; the service runs on Swift's concurrency
        // pool while this thread waits for it to stop.
        let done = DispatchSemaphore(value: 0)
        let failure = FailureBox()
        Task {
            do { try await app.runService(gracefulShutdownSignals: [.sigterm, .sigint]) } catch { failure.error = error }
            done.signal()
        }
        done.wait()
        if let error = failure.error {
            Diagnostics.say("serve: \(error)")
            throw ExitCode(2)
        }
    }
}

extension ServeCommand {
    /// `--bench-bodies FILE` (hidden, for scripts/load-test): the work of `POST /v1/layout` on each
    /// line of FILE, in process and without HTTP, on every core for `--bench-seconds` (after a
    /// short uncounted warm-up); prints
    /// `{"requests", "messages", "seconds", "messagesPerSecond"}`. The baseline the HTTP load is compared with.
    func benchmark(_ service: BubbleService, bodiesAt path: String) throws {
        guard let data = FileManager.default.contents(atPath: path) else { throw ValidationError("cannot read '\(path)'") }
        let bodies = data.split(separator: UInt8(ascii: "\n")).map { Array($0) }
        guard !bodies.isEmpty else { throw ValidationError("'\(path)' has no request bodies") }
        let seconds = benchSeconds
        let done = DispatchSemaphore(value: 0)
        let result = FailureBox()
        Task {
            // Warm-up, not counted: font coverage, glyph and typesetter pools fill as on a server.
            for body in bodies.prefix(40) { _ = try? await service.benchmarkLayout(body: body) }
            let cpuStart = ServeCommand.cpuSeconds()
            let start = ContinuousClock.now
            let deadline = start + .milliseconds(Int(seconds * 1000))
            // As many requests in flight as scripts/load-test keeps on its connections.
            let workers = 4 * ProcessInfo.processInfo.activeProcessorCount
            let counts = await withTaskGroup(of: (Int, Int).self) { group in
                for w in 0..<workers {
                    group.addTask {
                        var requests = 0, messages = 0, i = w
                        while ContinuousClock.now < deadline {
                            if let answer = try? await service.benchmarkLayout(body: bodies[i % bodies.count]) {
                                messages += answer
                            }
                            requests += 1
                            i += workers
                        }
                        return (requests, messages)
                    }
                }
                return await group.reduce((0, 0)) { ($0.0 + $1.0, $0.1 + $1.1) }
            }
            let elapsed = ContinuousClock.now - start
            let cpu = ServeCommand.cpuSeconds() - cpuStart
            let s = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
            result.line = "{\"requests\":\(counts.0),\"messages\":\(counts.1),\"seconds\":\(String(format: "%.2f", s)),"
                + "\"messagesPerSecond\":\(String(format: "%.1f", Double(counts.1) / s)),\"cpuSeconds\":\(String(format: "%.2f", cpu)),"
                + "\"messagesPerCPUSecond\":\(String(format: "%.1f", Double(counts.1) / cpu)),\"workers\":\(workers)}"
            done.signal()
        }
        done.wait()
        print(result.line)
    }

    /// User and system CPU time of this process so far, in seconds.
    static func cpuSeconds() -> Double {
        var usage = rusage()
        getrusage(RUSAGE_SELF.rawValue, &usage)
        return Double(usage.ru_utime.tv_sec + usage.ru_stime.tv_sec) + Double(usage.ru_utime.tv_usec + usage.ru_stime.tv_usec) / 1e6
    }
}

extension ArgumentHelp {
    /// The help of a `bubble serve` flag, from its ``ServerFlagTable`` entry.
    static func serve(_ key: String) -> ArgumentHelp {
        guard let flag = ServerFlagTable.flag(key) else { preconditionFailure("no flag '\(key)' in ServerFlagTable") }
        return ArgumentHelp(flag.help, valueName: flag.value == .file("json") ? "file" : nil)
    }
}

extension CompletionKind {
    /// What a shell offers for a `bubble serve` flag, from its ``ServerFlagTable`` entry.
    static func serve(_ key: String) -> CompletionKind {
        switch ServerFlagTable.flag(key)?.value {
        case .file(let ext)?: .file(extensions: [ext])
        case .choice(let words)?: .list(words)
        default: .default
        }
    }
}

/// The error the service stopped with, handed from its task to the waiting thread.
private final class FailureBox: @unchecked Sendable {
    var error: (any Error)?
    var line = ""
}
