package import Bubble
package import Hummingbird

/// A request the server refuses as a whole: an HTTP status and the ``BubbleError`` that fills
/// `{"error": {"code", "message"}}`.
package struct BubbleServerError: Error, Sendable {
    package var status: HTTPResponse.Status
    package var error: BubbleError

    package init(_ status: HTTPResponse.Status, _ code: String, _ message: String) {
        self.status = status
        self.error = BubbleError(code: code, message: message)
    }

    /// An engine error about one message, answered as a whole request (`/v1/svg`, `/v1/hit`):
    /// bad input is 400, input too big is 422, a failure of the server's own set-up is 500.
    package init(_ error: BubbleError) {
        self.error = error
        switch error.status {  // BubbleError.status says which
        case 422: status = .unprocessableContent
        case 500: status = .internalServerError
        default: status = .badRequest
        }
    }

    static func bodyTooLarge(_ limit: Int) -> BubbleServerError {
        .init(.contentTooLarge, "body_too_large", "the request body is larger than \(limit) bytes (--max-body-bytes)")
    }

    static func malformedJSON(_ detail: String) -> BubbleServerError {
        .init(.badRequest, "malformed_json", "the request body is not valid JSON: \(detail)")
    }

    static func invalidRequest(_ message: String) -> BubbleServerError {
        .init(.badRequest, "invalid_request", message)
    }

    /// The JSON body `{"error": {"code", "message"}}`.
    var json: String { JSONText.errorObject(error) }
}
