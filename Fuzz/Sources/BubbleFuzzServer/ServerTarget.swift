import Bubble
import BubbleFuzzTargets
import BubbleServer
import Dispatch

/// An HTTP request body, answered by the server's ``BubbleService`` (its `RequestReader`, limits, gate,
/// layout and renderers) without a socket. The endpoint comes from the hash, so one corpus reaches all four.
public enum ServerTarget {
    /// The service, with `bubble serve`'s default settings (a global `let`, made once, thread-safe).
    package static let service: BubbleService = {
        do throws(BubbleError) { return try BubbleService(settings: BubbleServerSettings()) } catch {
            fatalError("bubble-fuzz: no service: \(error.code): \(error.message)")
        }
    }()

    public static func run(_ bytes: [UInt8]) {
        let endpoints = BubbleService.Endpoint.allCases
        let endpoint = endpoints[Int(InputHash(bytes).value % UInt64(endpoints.count))]
        let (status, body) = wait { await service.answer(endpoint, body: bytes) }
        precondition(status == 200 || (400..<500).contains(status) || status == 503, "\(endpoint): status \(status): \(body)")
        if endpoint == .layout || endpoint == .hit || status != 200 { Invariants.checkJSON(body) }
    }

    /// Runs async work to completion on libFuzzer's (synchronous, non-Swift) thread, which runs its jobs
    /// (``CallerExecutor``), so everything an input allocates in a task is also freed before it returns.
    static func wait<T: Sendable>(_ work: @escaping @Sendable () async -> T) -> T {
        executor.run(work)
    }

    /// The executor of every input (one thread: libFuzzer runs one input at a time).
    static let executor = CallerExecutor()
}
