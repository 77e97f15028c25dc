package import Hummingbird
import Bubble
import Foundation
import Logging
import NIOCore

/// Routes a request to its endpoint, enforces the limits, and records one log line and the metrics
/// of every request.
package struct BubbleResponder: HTTPResponder {
    package typealias Context = BubbleRequestContext

    let service: BubbleService
    let metrics: ServerMetrics

    /// Every path served and the one method each accepts.
    static let routes: [String: HTTPRequest.Method] = [
        "/v1/layout": .post, "/v1/svg": .post, "/v1/html": .post, "/v1/hit": .post, "/": .get,
        "/healthz": .get, "/metrics": .get, "/openapi.json": .get,
    ]

    /// What a handler tells the log and the metrics besides the status.
    struct Outcome {
        var messages = 0
        var errors: [String] = []
    }

    /// What an endpoint answers, before it is encoded for the client.
    struct Reply {
        var status: HTTPResponse.Status = .ok
        var contentType: String
        var body: [UInt8]
        var allow: String?

        init(_ text: String, contentType: String = "application/json", status: HTTPResponse.Status = .ok) {
            self.status = status
            self.contentType = contentType
            body = Array(text.utf8)
        }

        init(bytes: [UInt8], contentType: String) {
            self.contentType = contentType
            body = bytes
        }
    }

    package func respond(to request: Request, context: Context) async throws -> Response {
        let start = ContinuousClock.now
        let path = request.uri.path
        let id = RequestID.sane(request.headers[Self.requestIDField]) ?? context.id
        var outcome = Outcome()
        var reply: Reply
        let client = ClientKey(header: service.clientKeyHeader, request: request, connection: context.connection)
        do {
            reply = try await route(path, request, client, &outcome)
        } catch {
            outcome.errors.append(error.error.code)
            reply = Reply(error.json, status: error.status)
            if error.status == .methodNotAllowed, let method = Self.routes[path] { reply.allow = method.rawValue }
        }
        var headers = HTTPFields()
        headers[.contentType] = reply.contentType
        if let allow = reply.allow { headers[.allow] = allow }
        if reply.status == .serviceUnavailable || reply.status == .tooManyRequests { headers[.retryAfter] = "1" }
        headers[Self.requestIDField] = id
        var body = reply.body
        if ResponseEncoding.acceptsGzip(request.headers[.acceptEncoding]), let packed = ResponseEncoding.gzip(body) {
            body = packed
            headers[.contentEncoding] = "gzip"
        }
        if reply.body.count >= ResponseEncoding.minimumGzipBytes { headers[.vary] = "Accept-Encoding" }
        let response = Response(status: reply.status, headers: headers, body: .init(byteBuffer: ByteBuffer(bytes: body)))
        let duration = ContinuousClock.now - start
        let route = Self.routes[path] == nil ? "other" : path
        metrics.request(method: request.method.rawValue, route: route, status: reply.status.code,
                        messages: outcome.messages, errors: outcome.errors, duration: duration)
        let ms = Double(duration.components.seconds) * 1000 + Double(duration.components.attoseconds) / 1e15
        var logger = context.logger
        logger[metadataKey: "hb.request.id"] = .string(id)
        logger.info("request", metadata: [
            "method": "\(request.method.rawValue)", "path": "\(path)", "status": "\(reply.status.code)",
            "messages": "\(outcome.messages)", "duration_ms": "\(String(format: "%.2f", ms))",
            "bytes": "\(body.count)",
        ])
        // Held after it is counted and logged, so the latency figures are the server's work.
        if (400..<500).contains(reply.status.code), let key = client.refusalKey(peer: context.peer) {
            let delay = service.refusals.refuse(key)
            if delay > .zero { try? await Task.sleep(for: delay) }
        }
        return response
    }

    static let requestIDField: HTTPFields.Element.Name = .init("X-Request-Id")!

    private func route(_ path: String, _ request: Request, _ client: ClientKey, _ outcome: inout Outcome) async throws(BubbleServerError) -> Reply {
        guard let method = Self.routes[path] else {
            throw .init(.notFound, "not_found", "no endpoint at \(path); see GET /openapi.json")
        }
        guard request.method == method else {
            throw .init(.methodNotAllowed, "method_not_allowed", "\(path) takes \(method.rawValue), not \(request.method.rawValue)")
        }
        switch path {
        case "/v1/layout":
            let bytes = try await body(of: request)
            let answer = try await service.layout(body: bytes, client: client)
            outcome.messages = answer.messages
            outcome.errors = answer.errors
            return Reply(answer.json)
        case "/v1/svg":
            let bytes = try await body(of: request)
            outcome.messages = 1
            let svg = try await service.gate.run(client: client, cost: RequestCost.ofBody(bytes.count)) { () throws(BubbleServerError) in try service.svg(body: bytes) }
            return Reply(svg, contentType: "image/svg+xml")
        case "/v1/html":
            let bytes = try await body(of: request)
            outcome.messages = 1
            let html = try await service.gate.run(client: client, cost: RequestCost.ofBody(bytes.count)) { () throws(BubbleServerError) in try service.html(body: bytes) }
            return Reply(html, contentType: "text/html; charset=utf-8")
        case "/":
            return Reply(Playground.page, contentType: "text/html; charset=utf-8")
        case "/v1/hit":
            let bytes = try await body(of: request)
            outcome.messages = 1
            return Reply(try await service.gate.run(client: client, cost: RequestCost.ofBody(bytes.count)) { () throws(BubbleServerError) in try service.hit(body: bytes) })
        case "/healthz":
            return Reply(service.health)
        case "/metrics":
            let c = service.cache
            let text = metrics.exposition(cache: (c.hits, c.misses, c.count, c.bytes), glyphs: service.engine.glyphPaths.count,
                                          gauges: service.boundGauges, costByClient: service.gate.admittedCost)
            return Reply(bytes: text, contentType: "text/plain; version=0.0.4; charset=utf-8")
        default:
            return Reply(OpenAPIDocument.text)
        }
    }

    /// The request body, refused with 413 past `maxBodyBytes` (by its Content-Length before reading
    /// anything, or as it arrives).
    private func body(of request: Request) async throws(BubbleServerError) -> [UInt8] {
        let limit = service.settings.maxBodyBytes
        if let declared = request.headers[.contentLength].flatMap(Int.init), declared > limit {
            throw .bodyTooLarge(limit)
        }
        var bytes: [UInt8] = []
        do {
            for try await chunk in request.body {
                guard bytes.count + chunk.readableBytes <= limit else { throw BubbleServerError.bodyTooLarge(limit) }
                bytes.append(contentsOf: chunk.readableBytesView)
            }
        } catch let error as BubbleServerError {
            throw error
        } catch {
            throw .init(.badRequest, "unreadable_body", "the request body could not be read: \(error)")
        }
        return bytes
    }
}
