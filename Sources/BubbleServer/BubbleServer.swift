package import Bubble
package import Hummingbird
package import Logging
import NIOCore

/// Bubble's HTTP service: the Hummingbird application around one ``BubbleService``.
///
/// Build it once, then run ``application(logger:)`` as a service (`bubble serve`), or drive it in
/// tests through HummingbirdTesting, without a socket (`.router`) or over loopback (`.live`).
package final class BubbleServer: Sendable {
    package let service: BubbleService
    let metrics = ServerMetrics()

    /// Loads fonts and catalog (errors here stop the server before it listens).
    package init(settings: BubbleServerSettings = BubbleServerSettings()) throws(BubbleError) {
        service = try BubbleService(settings: settings)
    }

    package var settings: BubbleServerSettings { service.settings }

    /// The responder: routing, limits, logs and metrics.
    package var responder: BubbleResponder { BubbleResponder(service: service, metrics: metrics) }

    /// The application: HTTP/1.1 on `settings.host:port`, with a read timeout, stopping gracefully
    /// (no new connections, requests in flight finish) when its service group shuts down.
    package func application(logger: Logger = Logger(label: "bubble.serve"),
                            onServerRunning: @escaping @Sendable (String) async -> Void = { _ in })
        -> Application<BubbleResponder> {
        let host = settings.host, port = settings.port
        let timeout = TimeAmount.nanoseconds(Int64(min(max(settings.readTimeout, 0.001), 86_400) * 1e9))
        let deadline = RequestDeadline(deadline: settings.requestDeadline, minRate: settings.minBodyRate, closed: service.slowRequests)
        return Application(
            responder: responder,
            server: .http1(configuration: .init(additionalChannelHandlers: [deadline.handler()], idleTimeout: timeout)),
            configuration: .init(address: .hostname(host, port: port), serverName: "bubble"),
            onServerRunning: { channel in
                let address = channel.localAddress.map { "\($0.ipAddress ?? host):\($0.port ?? port)" } ?? "\(host):\(port)"
                logger.info("listening", metadata: ["address": "\(address)"])
                await onServerRunning(address)
            },
            logger: logger
        )
    }
}
