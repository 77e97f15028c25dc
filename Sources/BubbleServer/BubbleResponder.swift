public import Hummingbird
import Bubble
import Foundation
import Logging
import NIOCore

/// Routes a request to its endpoint, enforces the limits, and records one log line and the metrics
/// of every request.
public struct BubbleResponder: HTTPResponder {
    public typealias Context = BasicRequestContext

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

    public func respond(to request: Request, context: Context) async throws -> Response {
        let start = ContinuousClock.now
        let path = request.uri.path
        var outcome = Outcome()
        var response: Response
        do {
            response = try await route(path, request, &outcome)
        } catch {
            outcome.errors.append(error.error.code)
            response = Self.json(error.json, status: error.status)
            if error.status == .methodNotAllowed, let method = Self.routes[path] {
                response.headers[.allow] = method.rawValue
            }
            if error.status == .serviceUnavailable { response.headers[.retryAfter] = "1" }
        }
        response.headers[.init("X-Request-Id")!] = context.id
        let duration = ContinuousClock.now - start
        let route = Self.routes[path] == nil ? "other" : path
        metrics.request(method: request.method.rawValue, route: route, status: response.status.code,
                        messages: outcome.messages, errors: outcome.errors, duration: duration)
        let ms = Double(duration.components.seconds) * 1000 + Double(duration.components.attoseconds) / 1e15
        context.logger.info("request", metadata: [
            "method": "\(request.method.rawValue)", "path": "\(path)", "status": "\(response.status.code)",
            "messages": "\(outcome.messages)", "duration_ms": "\(String(format: "%.2f", ms))",
        ])
        return response
    }

    private func route(_ path: String, _ request: Request, _ outcome: inout Outcome) async throws(BubbleServerError) -> Response {
        guard let method = Self.routes[path] else {
            throw .init(.notFound, "not_found", "no endpoint at \(path); see GET /openapi.json")
        }
        guard request.method == method else {
            throw .init(.methodNotAllowed, "method_not_allowed", "\(path) takes \(method.rawValue), not \(request.method.rawValue)")
        }
        switch path {
        case "/v1/layout":
            let bytes = try await body(of: request)
            let answer = try await service.gate.run { () async throws(BubbleServerError) in try await service.layout(body: bytes) }
            outcome.messages = answer.messages
            outcome.errors = answer.errors
            return Self.json(answer.json)
        case "/v1/svg":
            let bytes = try await body(of: request)
            outcome.messages = 1
            let svg = try await service.gate.run { () throws(BubbleServerError) in try service.svg(body: bytes) }
            return Self.response(svg, contentType: "image/svg+xml")
        case "/v1/html":
            let bytes = try await body(of: request)
            outcome.messages = 1
            let html = try await service.gate.run { () throws(BubbleServerError) in try service.html(body: bytes) }
            return Self.response(html, contentType: "text/html; charset=utf-8")
        case "/":
            return Self.response(Playground.page, contentType: "text/html; charset=utf-8")
        case "/v1/hit":
            let bytes = try await body(of: request)
            outcome.messages = 1
            return Self.json(try await service.gate.run { () throws(BubbleServerError) in try service.hit(body: bytes) })
        case "/healthz":
            return Self.json("{\"status\":\"ok\"}")
        case "/metrics":
            let c = service.cache
            let text = metrics.exposition(cache: (c.hits, c.misses, c.count), glyphs: service.engine.glyphPaths.count,
                                          gauges: service.boundGauges)
            var headers = HTTPFields()
            headers[.contentType] = "text/plain; version=0.0.4; charset=utf-8"
            return Response(status: .ok, headers: headers, body: .init(byteBuffer: ByteBuffer(bytes: text)))
        default:
            return Self.response(OpenAPIDocument.text, contentType: "application/json")
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

    static func json(_ text: String, status: HTTPResponse.Status = .ok) -> Response {
        response(text, contentType: "application/json", status: status)
    }

    static func response(_ text: String, contentType: String, status: HTTPResponse.Status = .ok) -> Response {
        var headers = HTTPFields()
        headers[.contentType] = contentType
        return Response(status: status, headers: headers, body: .init(byteBuffer: ByteBuffer(string: text)))
    }
}
