import ArgumentParser
import Bubble
import BubbleJSON
import BubbleServer
import Dispatch
import Foundation
import Hummingbird
import Logging

/// `bubble serve`: the HTTP service (see `GET /openapi.json`), until SIGTERM or SIGINT.
struct ServeCommand: ParsableCommand {
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

    @Option(help: "Address to bind.") var host = "127.0.0.1"
    @Option(help: "Port to bind (0: any free port, printed in the log).") var port = 8080
    @Option(help: "Largest request body, in bytes (413 past it).") var maxBodyBytes = 4 << 20
    @Option(help: "Most messages in one /v1/layout request (422 past it).") var maxMessages = 1000
    @Option(help: "Longest message, in UTF-8 bytes of its text, markup or span contents (422 past it).")
    var maxMessageLength = MappingOptions.defaultMaxMessageLength
    @Option(help: "Seconds a connection may stay silent while a request is awaited or being read.")
    var readTimeout = 30.0
    @Option(help: "Shaped messages kept across requests (0: no cache).") var cacheEntries = 20_000
    @Option(help: "Bytes the shaped messages kept may hold, each charged its estimated size (0: no cache).")
    var cacheBytes = BubbleServerSettings().cacheBytes
    @Option(help: "Log lines as text or json (one object per line).", completion: .list(LogFormat.allCases.map(\.rawValue)))
    var logFormat: LogFormat = .text
    @Option(help: "Where /v1/html fragments load font files, by file name (default: local() names, then file:// paths).")
    var fontBaseURL: String?
    @Option(help: "Where /v1/html fragments load catalog images (default: data: URIs).") var assetBaseURL: String?
    @Option(name: .customLong("options"), help: "A JSON file of default options for every request.",
            completion: .file(extensions: ["json"])) var optionsFile: String?
    @Option(help: "The emoji catalog file (requests cannot choose one).", completion: .file(extensions: ["json"]))
    var catalog: String?
    @Option(help: "Font families or files in fallback order, comma-separated (requests may name families only).")
    var fonts: String?
    @Option(help: ArgumentHelp("A JSON file of link rules requests select by name: [{name, pattern, kind?, target?}].",
                               valueName: "file"))
    var linkRules: String?
    @Flag(help: "Let requests send their own link-rule patterns (see the caps below).")
    var allowRequestLinkRules = false
    @Option(help: "Most link rules one request may list (with --allow-request-link-rules).")
    var maxRequestLinkRules = BubbleServerSettings().maxRequestLinkRules
    @Option(help: "Longest link-rule pattern a request may send, in UTF-8 bytes.")
    var maxRequestPatternLength = BubbleServerSettings().maxRequestPatternLength
    @Option(help: "PCRE2 match limit for a request's own patterns (the server's rules run under \(LinkRule.matchLimit)).")
    var requestMatchLimit = BubbleServerSettings().requestLinkRuleLimits.matchLimit
    @Option(help: "PCRE2 depth limit for a request's own patterns (the server's rules run under \(LinkRule.depthLimit)).")
    var requestDepthLimit = BubbleServerSettings().requestLinkRuleLimits.depthLimit
    @Option(help: "Font chains kept besides the default one, by `fonts` list (least recently used dropped).")
    var fontChains = EngineLimits().fontChains
    @Option(help: "Emoji catalogs kept by path.") var catalogs = EngineLimits().catalogs
    @Option(help: "Glyph drawings kept for SVG.") var glyphPaths = EngineLimits().glyphPaths
    @Option(help: "Bytes the glyph drawings kept for SVG may hold, each charged its size (0: none kept).")
    var glyphPathBytes = EngineLimits().glyphPathBytes
    @Option(help: "Shaped words each typesetter keeps (0: no word cache).") var shapedWords = EngineLimits().shapedWords
    @Option(help: "Font families requests may name in fonts, faceFamilies, <font face> and a span's face, comma-separated (default: the default chain's, --fonts' and faceFamilies' families).")
    var allowFamilies: String?
    @Option(help: "Seconds a client has to send a whole request, headers and body.")
    var requestDeadline = BubbleServerSettings().requestDeadline
    @Option(help: "Slowest request accepted, in bytes per second on average after a 5 s grace (0: no check).")
    var minBodyRate = BubbleServerSettings().minBodyRate
    @Option(help: "Requests laying out at once; more wait in the queue.")
    var maxConcurrentLayouts = BubbleServerSettings().maxConcurrentLayouts
    @Option(help: "Requests waiting for a layout slot; past it: 503 with Retry-After.")
    var layoutQueue = BubbleServerSettings().layoutQueue
    @Option(help: "A request header naming the client each request is charged to in the fair layout queue and --max-client-cost (e.g. X-Client-Id; default: the connection).")
    var clientKeyHeader: String?
    @Option(help: "Most estimated cost (about bytes of text shaped) one client may have in flight; past it: 429 with Retry-After (0: no bound).")
    var maxClientCost = BubbleServerSettings().maxClientCost
    @Option(help: .hidden) var benchBodies: String?
    @Option(help: .hidden) var benchSeconds = 20.0

    func validate() throws {
        guard (0...65535).contains(port) else { throw ValidationError("--port takes 0 to 65535, not \(port)") }
        guard maxBodyBytes > 0, maxMessages > 0, maxMessageLength > 0, cacheEntries >= 0, cacheBytes >= 0 else {
            throw ValidationError("--max-body-bytes, --max-messages and --max-message-length take positive numbers, --cache-entries and --cache-bytes 0 or more")
        }
        guard readTimeout > 0, readTimeout <= 86_400 else { throw ValidationError("--read-timeout takes a number of seconds > 0 and ≤ 86400") }
        guard requestDeadline > 0, requestDeadline <= 86_400 else { throw ValidationError("--request-deadline takes a number of seconds > 0 and ≤ 86400") }
        guard minBodyRate >= 0, minBodyRate.isFinite else { throw ValidationError("--min-body-rate takes 0 or a positive number of bytes per second") }
        guard (0...100_000).contains(fontChains), (1...100_000).contains(catalogs), (2...100_000_000).contains(glyphPaths),
              (0...(1 << 24)).contains(shapedWords), glyphPathBytes >= 0 else {
            throw ValidationError("--font-chains takes 0 to 100000, --catalogs 1 to 100000, --glyph-paths 2 to 100000000, --shaped-words 0 to 16777216, --glyph-path-bytes 0 or more")
        }
        guard (1...10_000).contains(maxConcurrentLayouts), (0...1_000_000).contains(layoutQueue) else {
            throw ValidationError("--max-concurrent-layouts takes 1 to 10000, --layout-queue 0 to 1000000")
        }
        guard (1...LinkRuleList.maxRules).contains(maxRequestLinkRules), (1...LinkRule.maxPatternLength).contains(maxRequestPatternLength),
              (1...LinkRule.matchLimit).contains(requestMatchLimit), (1...LinkRule.depthLimit).contains(requestDepthLimit) else {
            throw ValidationError("--max-request-link-rules takes 1 to \(LinkRuleList.maxRules), --max-request-pattern-length 1 to "
                                  + "\(LinkRule.maxPatternLength), --request-match-limit 1 to \(LinkRule.matchLimit), --request-depth-limit 1 to \(LinkRule.depthLimit)")
        }
        guard maxClientCost >= 0 else { throw ValidationError("--max-client-cost takes 0 or more") }
        if let clientKeyHeader, HTTPFields.Element.Name(clientKeyHeader) == nil {
            throw ValidationError("--client-key-header takes an HTTP header name, not '\(clientKeyHeader)'")
        }
        guard benchSeconds > 0, benchSeconds <= 86_400 else { throw ValidationError("--bench-seconds takes a number > 0 and ≤ 86400") }
    }

    func run() throws {
        var settings = BubbleServerSettings()
        settings.host = host
        settings.port = port
        settings.maxBodyBytes = maxBodyBytes
        settings.maxMessages = maxMessages
        settings.maxMessageLength = maxMessageLength
        settings.readTimeout = readTimeout
        settings.cacheEntries = cacheEntries
        settings.cacheBytes = cacheBytes
        settings.limits.fontChains = fontChains
        settings.limits.catalogs = catalogs
        settings.limits.glyphPaths = glyphPaths
        settings.limits.glyphPathBytes = glyphPathBytes
        settings.limits.shapedWords = shapedWords
        settings.allowedFamilies = allowFamilies.map { $0.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) } }
        settings.requestDeadline = requestDeadline
        settings.minBodyRate = minBodyRate
        settings.maxConcurrentLayouts = maxConcurrentLayouts
        settings.layoutQueue = layoutQueue
        settings.clientKeyHeader = clientKeyHeader
        settings.maxClientCost = maxClientCost
        settings.fontBaseURL = fontBaseURL
        settings.assetBaseURL = assetBaseURL
        var defaults = BubbleOptions()
        if let path = optionsFile {
            guard let data = FileManager.default.contents(atPath: path) else {
                throw ValidationError("cannot read the options file '\(path)'")
            }
            defaults = try BubbleError.exiting { () throws(BubbleError) in try BubbleOptions.decode(json: data) }
        }
        if let catalog { defaults.catalog = catalog }
        if let fonts { defaults.fonts = fonts.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) } }
        settings.defaults = defaults
        settings.allowRequestLinkRules = allowRequestLinkRules
        settings.maxRequestLinkRules = maxRequestLinkRules
        settings.maxRequestPatternLength = maxRequestPatternLength
        settings.requestLinkRuleLimits = LinkRule.Limits(matchLimit: requestMatchLimit, depthLimit: requestDepthLimit)
        if let path = linkRules { settings.linkRules = try LinkRuleFile(path: path).byName }

        let level = ProcessInfo.processInfo.environment["LOG_LEVEL"].flatMap(Logger.Level.init(rawValue:)) ?? .info
        let format = logFormat
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

/// `--log-format`.
enum LogFormat: String, ExpressibleByArgument, CaseIterable {
    case text, json
}

/// The error the service stopped with, handed from its task to the waiting thread.
private final class FailureBox: @unchecked Sendable {
    var error: (any Error)?
    var line = ""
}
