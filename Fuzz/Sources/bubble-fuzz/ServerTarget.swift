import BubbleServer
import Dispatch

/// An HTTP request body, answered by the server's ``BubbleService`` (its `RequestReader`, limits, gate,
/// layout and renderers) without a socket. The endpoint comes from the hash, so one corpus reaches all four.
enum ServerTarget {
    static func run(_ bytes: [UInt8]) {
        let endpoints = BubbleService.Endpoint.allCases
        let endpoint = endpoints[Int(InputHash(bytes).value % UInt64(endpoints.count))]
        let (status, body) = wait { await FuzzState.service.answer(endpoint, body: bytes) }
        precondition(status == 200 || (400..<500).contains(status) || status == 503, "\(endpoint): status \(status): \(body)")
        if endpoint == .layout || endpoint == .hit || status != 200 { Invariants.checkJSON(body) }
    }

    /// Runs async work to completion from libFuzzer's (synchronous, non-Swift) thread.
    static func wait<T: Sendable>(_ work: @escaping @Sendable () async -> T) -> T {
        let done = DispatchSemaphore(value: 0)
        nonisolated(unsafe) var result: T?
        Task {
            result = await work()
            done.signal()
        }
        done.wait()
        return result!
    }
}
