import Bubble

extension BubbleService {
    /// The POST endpoints whose work depends only on the body.
    package enum Endpoint: String, Sendable, CaseIterable {
        case layout, svg, html, hit
    }

    /// What `POST /v1/<endpoint>` answers for `body`, without HTTP: the status and the body the route
    /// sends (an error as `{"error": {…}}`). The same reader, checks, gate and layout as the route, so the
    /// fuzzers (Fuzz/) reach everything a client can, without a socket; headers, body limits and
    /// compression stay the responder's.
    package func answer(_ endpoint: Endpoint, body: [UInt8]) async -> (status: Int, body: String) {
        do throws(BubbleServerError) {
            switch endpoint {
            case .layout:
                return (200, try await layout(body: body).json)
            case .svg:
                return (200, try await gate.run(cost: RequestCost.ofBody(body.count)) { () throws(BubbleServerError) in try svg(body: body) })
            case .html:
                return (200, try await gate.run(cost: RequestCost.ofBody(body.count)) { () throws(BubbleServerError) in try html(body: body) })
            case .hit:
                return (200, try await gate.run(cost: RequestCost.ofBody(body.count)) { () throws(BubbleServerError) in try hit(body: body) })
            }
        } catch {
            return (Int(error.status.code), error.json)
        }
    }
}
