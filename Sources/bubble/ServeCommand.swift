import ArgumentParser
import Bubble
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
            Logs one line per request on standard error (LOG_LEVEL=debug|info|warning).
            Example: bubble serve --port 8080 --max-messages 500
            """
    )

    @Option(help: "Address to bind.") var host = "127.0.0.1"
    @Option(help: "Port to bind (0: any free port, printed in the log).") var port = 8080
    @Option(help: "Largest request body, in bytes (413 past it).") var maxBodyBytes = 4 << 20
    @Option(help: "Most messages in one /v1/layout request (422 past it).") var maxMessages = 1000
    @Option(help: "Longest message, in UTF-8 bytes of its text, markup or span contents (422 past it).")
    var maxMessageLength = 65536
    @Option(help: "Seconds a connection may stay silent while a request is awaited or being read.")
    var readTimeout = 30.0
    @Option(help: "Shaped messages kept across requests (0: no cache).") var cacheEntries = 20_000
    @Option(name: .customLong("options"), help: "A JSON file of default options for every request.") var optionsFile: String?
    @Option(help: "The emoji catalog file (requests cannot choose one).") var catalog: String?
    @Option(help: "Font families or files in fallback order, comma-separated (requests may name families only).")
    var fonts: String?

    func validate() throws {
        guard (0...65535).contains(port) else { throw ValidationError("--port takes 0 to 65535, not \(port)") }
        guard maxBodyBytes > 0, maxMessages > 0, maxMessageLength > 0, cacheEntries >= 0 else {
            throw ValidationError("--max-body-bytes, --max-messages and --max-message-length take positive numbers, --cache-entries 0 or more")
        }
        guard readTimeout > 0, readTimeout.isFinite else { throw ValidationError("--read-timeout takes a positive number of seconds") }
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

        LoggingSystem.bootstrap { label in
            var handler = StreamLogHandler.standardError(label: label)
            handler.logLevel = ProcessInfo.processInfo.environment["LOG_LEVEL"].flatMap(Logger.Level.init(rawValue:)) ?? .info
            return handler
        }
        let server = try BubbleError.exiting { () throws(BubbleError) in try BubbleServer(settings: settings) }
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
            FileHandle.standardError.write(Data("bubble: serve: \(error)\n".utf8))
            throw ExitCode(2)
        }
    }
}

/// The error the service stopped with, handed from its task to the waiting thread.
private final class FailureBox: @unchecked Sendable {
    var error: (any Error)?
}
