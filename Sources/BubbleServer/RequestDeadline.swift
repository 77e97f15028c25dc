import BubbleLock
import NIOCore
import NIOHTTPTypes

/// A deadline for reading each request, headers and body, and a minimum body rate: what the idle timeout
/// cannot do, since it restarts on every byte (a client announcing 100 kB and sending a byte every 3 s
/// held its connection forever).
///
/// The clock starts at the first byte of a request (a byte read while no request is being read) and
/// stops when the request's end has been decoded. While it runs, every `checkInterval` the connection is
/// closed when the request took longer than `deadline`, or when it has sent fewer bytes than
/// `minRate × (elapsed − grace)`: a slow but steady client gets `grace` plus one second per `minRate`
/// bytes, as Apache's mod_reqtimeout allows (`body=…,MinRate=…`).
struct RequestDeadline: Sendable {
    /// Longest a request may take to arrive, in seconds.
    var deadline: Double
    /// Slowest average rate accepted after `grace`, in bytes per second (0: none).
    var minRate: Double
    /// Seconds before the rate counts: a client may pause (a phone between cells, a proxy buffering)
    /// without losing its request. Apache's mod_reqtimeout waits 20 s for a body at 500 B/s.
    var grace: Double = 5
    var checkInterval: TimeAmount = .milliseconds(250)
    /// Counts the connections closed for being slow.
    let closed: SlowRequestCount

    /// The handler to add after HTTP decoding (it puts its byte counter at the front of the pipeline).
    func handler() -> RequestDeadlineHandler { RequestDeadlineHandler(self) }
}

/// Connections closed by ``RequestDeadline``, for `/metrics`.
final class SlowRequestCount: @unchecked Sendable {
    private let lock = Lock()
    private var count = 0
    func increment() { lock.withLock { count += 1 } }
    var value: Int { lock.withLock { count } }
}

/// The state of one connection's request clock. Confined to the channel's event loop (both handlers
/// and the scheduled check run there).
final class RequestClock: @unchecked Sendable {
    var started: NIODeadline?
    var bytes = 0
    var check: RepeatedTask?
}

/// Counts raw bytes as they are read and starts the clock on a request's first byte.
final class RequestByteCounter: ChannelInboundHandler, RemovableChannelHandler {
    typealias InboundIn = ByteBuffer
    typealias InboundOut = ByteBuffer
    let clock: RequestClock
    let start: (ChannelHandlerContext) -> Void

    init(clock: RequestClock, start: @escaping (ChannelHandlerContext) -> Void) {
        self.clock = clock
        self.start = start
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        if clock.started == nil { start(context) }
        clock.bytes += unwrapInboundIn(data).readableBytes
        context.fireChannelRead(data)
    }
}

/// Stops the clock at each request's end; closes the connection when the clock runs out.
final class RequestDeadlineHandler: ChannelInboundHandler, RemovableChannelHandler {
    typealias InboundIn = HTTPRequestPart
    typealias InboundOut = HTTPRequestPart
    let rules: RequestDeadline
    let clock = RequestClock()

    init(_ rules: RequestDeadline) { self.rules = rules }

    func handlerAdded(context: ChannelHandlerContext) {
        let counter = RequestByteCounter(clock: clock) { [rules, clock] context in
            RequestDeadlineHandler.start(clock, rules, channel: context.channel, loop: context.eventLoop)
        }
        try? context.pipeline.syncOperations.addHandler(counter, position: .first)
    }

    func handlerRemoved(context: ChannelHandlerContext) { stop() }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        switch unwrapInboundIn(data) {
        case .head:
            // A pipelined request whose bytes came in with the previous one's end.
            if clock.started == nil { RequestDeadlineHandler.start(clock, rules, channel: context.channel, loop: context.eventLoop) }
        case .body: break
        case .end: stop()
        }
        context.fireChannelRead(data)
    }

    func channelInactive(context: ChannelHandlerContext) {
        stop()
        context.fireChannelInactive()
    }

    private func stop() {
        clock.check?.cancel()
        clock.check = nil
        clock.started = nil
        clock.bytes = 0
    }

    static func start(_ clock: RequestClock, _ rules: RequestDeadline, channel: any Channel, loop: any EventLoop) {
        let begun = NIODeadline.now()
        clock.started = begun
        clock.bytes = 0
        clock.check?.cancel()
        clock.check = loop.scheduleRepeatedTask(initialDelay: rules.checkInterval, delay: rules.checkInterval) { task in
            guard clock.started == begun else { task.cancel(); return }
            let elapsed = Double((NIODeadline.now() - begun).nanoseconds) / 1e9
            let tooLong = elapsed > rules.deadline
            let tooSlow = rules.minRate > 0 && elapsed > rules.grace && Double(clock.bytes) < rules.minRate * (elapsed - rules.grace)
            guard tooLong || tooSlow else { return }
            task.cancel()
            clock.check = nil
            rules.closed.increment()
            channel.close(promise: nil)
        }
    }
}
