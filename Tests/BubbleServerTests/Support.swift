import AsyncHTTPClient
import Bubble
import BubbleTestSupport
import BubbleServer
import Foundation
import Hummingbird
import HummingbirdTesting
import Logging
import NIOCore

/// One server with the default settings, shared by the tests that do not change them.
let sharedServer: BubbleServer = {
    do { return try BubbleServer(settings: BubbleServerSettings()) } catch { fatalError("\(error)") }
}()

/// A server with some settings changed.
func makeServer(_ change: (inout BubbleServerSettings) -> Void) throws -> BubbleServer {
    var settings = BubbleServerSettings()
    change(&settings)
    return try BubbleServer(settings: settings)
}

/// A quiet logger for tests.
let quietLogger: Logger = {
    var logger = Logger(label: "bubble.test")
    logger.logLevel = .error
    return logger
}()

extension TestClientProtocol {
    /// POSTs a JSON text.
    func post(_ uri: String, _ json: String, headers: HTTPFields = [:]) async throws -> TestResponse {
        var headers = headers
        headers[.contentType] = "application/json"
        return try await executeRequest(uri: uri, method: .post, headers: headers, body: ByteBuffer(string: json))
    }
}

extension TestResponse {
    var text: String { String(buffer: body) }
    /// The body parsed as a JSON object.
    var object: [String: Any] {
        (try? JSONSerialization.jsonObject(with: Data(text.utf8))) as? [String: Any] ?? [:]
    }
    /// `error.code` of an error body.
    var errorCode: String? { (object["error"] as? [String: Any])?["code"] as? String }
}

/// A JSON string literal.
func quoted(_ s: String) -> String {
    String(decoding: try! JSONSerialization.data(withJSONObject: [s]), as: UTF8.self).dropFirst().dropLast().description
}

/// Runs blocking work (a socket read with a timeout, a child process) on a thread of its own and awaits it.
///
/// Swift Testing runs tests on the cooperative pool, which has one thread per core (two in CI), and the
/// server a test starts answers on that same pool: a test that blocks a pool thread in `read` or
/// `waitUntilExit` while another does the same leaves the server no thread to answer with. (Under ASan,
/// ConcurrencyTests' 24 CLI runs held one thread for two minutes while LimitTests' raw exchange held the
/// other, and the server's answer never came within the 10 s read timeout.)
func offThePool<T: Sendable>(_ work: @escaping @Sendable () throws -> T) async throws -> T {
    try await withCheckedThrowingContinuation { continuation in
        Thread { continuation.resume(with: Result { try work() }) }.start()
    }
}

/// `bubble serve` started on a free loopback port with `arguments` after the host and port; its port is read
/// from the log (`address=127.0.0.1:PORT`). The caller terminates the process; `errors` is its log.
func startServe(_ arguments: [String]) throws -> (process: Process, errors: Pipe, port: Int) {
    let process = Process()
    process.executableURL = bubbleExecutable()
    process.arguments = ["serve", "--host", "127.0.0.1", "--port", "0"] + arguments
    let errors = Pipe()
    process.standardError = errors
    process.standardOutput = FileHandle.nullDevice
    try process.run()
    var log = ""
    let deadline = Date().addingTimeInterval(30)
    while Date() < deadline {
        let data = errors.fileHandleForReading.availableData
        if data.isEmpty { break }
        log += String(decoding: data, as: UTF8.self)
        if let range = log.range(of: #"address=127\.0\.0\.1:(\d+)"#, options: .regularExpression),
           let port = Int(log[range].split(separator: ":").last!) {
            return (process, errors, port)
        }
    }
    process.terminate()
    throw ServeStartError(log: log)
}

/// `bubble serve` printed no address.
struct ServeStartError: Error, CustomStringConvertible {
    let log: String
    var description: String { "no address in the log: \(log)" }
}

/// The first 400 messages of the project's corpus (`bench/corpus`).
let corpusMessages: [String] = {
    do { return try Corpus.texts(limit: 400) } catch { fatalError("\(error)") }
}()

/// Tests that run `bubble serve` as a process and depend on its timing, or load the machine heavily,
/// take turns: the 2,000-request memory test starved the SIGTERM test's server of CPU.
actor ProcessTestTurns {
    static let shared = ProcessTestTurns()
    private var busy = false
    private var waiting: [CheckedContinuation<Void, Never>] = []

    func acquire() async {
        if busy { await withCheckedContinuation { waiting.append($0) }; return }  // handed over busy
        busy = true
    }

    func release() {
        if waiting.isEmpty { busy = false } else { waiting.removeFirst().resume() }
    }
}

/// Runs `body` while no other process test runs.
func inTurn<T>(_ body: () async throws -> T) async throws -> T {
    await ProcessTestTurns.shared.acquire()
    do {
        let result = try await body()
        await ProcessTestTurns.shared.release()
        return result
    } catch {
        await ProcessTestTurns.shared.release()
        throw error
    }
}

/// The last bytes a child process wrote to a pipe, read on the pipe's thread and shown when a test fails;
/// and the start of a crash report if one came (a backtrace is longer than the tail, and its first lines
/// say what failed and where).
final class LogTail: @unchecked Sendable {
    private let lock = NSLock()
    private var bytes = Data()
    private var crash = Data()
    private let limit: Int

    init(limit: Int = 4_000) { self.limit = limit }

    func append(_ data: Data) {
        lock.withLock {
            let before = bytes.count
            bytes.append(data)
            if crash.isEmpty, let start = LogTail.crashStart(in: bytes, from: max(0, before - 64)) {
                crash = bytes[start...].prefix(limit)
            } else if !crash.isEmpty, crash.count < limit {
                crash.append(data.prefix(limit - crash.count))
            }
            if bytes.count > 2 * limit { bytes = bytes.suffix(limit) }
        }
    }

    /// Where a crash report begins in `bytes` (the Swift runtime's backtracer, or a fatal error's line).
    private static func crashStart(in bytes: Data, from: Int) -> Int? {
        let window = bytes[(bytes.startIndex + from)...]
        for marker in ["*** Signal", "*** Program crashed", "Fatal error:"] {
            if let found = window.firstRange(of: Data(marker.utf8)) { return found.lowerBound }
        }
        return nil
    }

    var text: String {
        lock.withLock {
            let tail = String(decoding: bytes.suffix(limit), as: UTF8.self)
            return crash.isEmpty ? tail : "crash report begins:\n\(String(decoding: crash, as: UTF8.self))\n...\nlog ends:\n\(tail)"
        }
    }
}
