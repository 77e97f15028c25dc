public import Bubble
import Foundation

/// The work behind the endpoints: one engine and one cache of shaped messages shared by every
/// request, and nothing else kept between requests.
public final class BubbleService: Sendable {
    public let engine: BubbleEngine
    public let cache: ShapedTextCache
    public let settings: BubbleServerSettings
    /// Messages laid out at once by one task; a larger request is split across the cores.
    let chunkSize = 8

    /// Loads the fonts and catalog of `settings.defaults` (a missing font is an error here, at start).
    /// The font set's fingerprint, which reads every font file, is worked out on a background thread.
    public init(settings: BubbleServerSettings) throws(BubbleError) {
        self.settings = settings
        engine = try BubbleEngine(options: settings.defaults)
        cache = ShapedTextCache(capacity: settings.cacheEntries)
        let engine = self.engine
        Thread.detachNewThread { _ = engine.fontFingerprint }
    }

    /// `GET /healthz`: `{"status": "ok"}` and what `bubble version --json` says.
    var health: String {
        "{\"status\":\"ok\"," + BubbleVersion.json(fonts: engine.fontFingerprint).dropFirst()
    }

    /// What a layout request produced.
    struct LayoutAnswer {
        /// `{"results": [...]}`.
        var json: String
        var messages: Int
        /// The code of each message that failed.
        var errors: [String]
    }

    /// `POST /v1/layout`: `{"options"?, "messages": [...]}` → `{"results": [...]}` in order.
    func layout(body: [UInt8]) async throws(BubbleServerError) -> LayoutAnswer {
        guard case .object(let fields) = try JSONValue.parse(body) else {
            throw .invalidRequest("the body must be a JSON object {\"options\", \"messages\"}")
        }
        let options = try requestOptions(fields["options"])
        guard case .array(let list)? = fields["messages"] else {
            throw .invalidRequest("\"messages\" must be an array of messages")
        }
        guard list.count <= settings.maxMessages else {
            throw .init(.unprocessableContent, "too_many_messages",
                        "the request has \(list.count) messages; the limit is \(settings.maxMessages) (--max-messages)")
        }
        var messages: [RequestMessage] = []
        messages.reserveCapacity(list.count)
        for (i, value) in list.enumerated() {
            do {
                let m = try RequestReader.message(value)
                if let own = m.options { _ = try resolved(own.merged(over: options ?? BubbleOptions())) }
                messages.append(m)
            } catch {
                throw BubbleServerError(.badRequest, error.code, "message \(i): \(error.message)")
            }
        }
        try checkLengths(messages)

        let items = await render(messages, options: options)
        var json = "{\"results\":["
        json.reserveCapacity(items.reduce(16) { $0 + $1.json.utf8.count + 1 })
        var errors: [String] = []
        for (i, item) in items.enumerated() {
            if i > 0 { json += "," }
            json += item.json
            if let code = item.error { errors.append(code) }
        }
        json += "]}"
        return LayoutAnswer(json: json, messages: messages.count, errors: errors)
    }

    /// The work of `POST /v1/layout` without HTTP, for `bubble serve --bench-bodies`: the number
    /// of messages laid out.
    public func benchmarkLayout(body: [UInt8]) async throws -> Int {
        try await layout(body: body).messages
    }

    /// `POST /v1/svg`: one message → an SVG document.
    func svg(body: [UInt8]) throws(BubbleServerError) -> String {
        let (message, options) = try single(body)
        do {
            let o = try resolved(options)
            return try engine.svgRenderer(o).render(engine.layout(message, options: options, cache: cache))
        } catch { throw BubbleServerError(error) }
    }

    /// `POST /v1/hit`: one message and a point → what lies under the point.
    func hit(body: [UInt8]) throws(BubbleServerError) -> String {
        guard case .object(let fields) = try JSONValue.parse(body) else {
            throw .invalidRequest("the body must be a JSON object")
        }
        guard let x = fields["x"]?.number, let y = fields["y"]?.number, x.isFinite, y.isFinite else {
            throw .invalidRequest("\"x\" and \"y\" must be numbers (CSS px in the bubble, top-left origin)")
        }
        let (message, options) = try single(fields)
        do {
            let o = try resolved(options)
            let layout = try engine.layout(message, options: options, cache: cache)
            return HitAnswer(layout: layout, hit: layout.hitTest(x: x, y: y), offsets: o.offsets ?? .utf16).json
        } catch { throw BubbleServerError(error) }
    }

    // MARK: pieces

    private func single(_ body: [UInt8]) throws(BubbleServerError) -> (Message, BubbleOptions?) {
        guard case .object(let fields) = try JSONValue.parse(body) else {
            throw .invalidRequest("the body must be a JSON object {\"options\"?, \"text\" | \"markup\" | \"spans\"}")
        }
        return try single(fields)
    }

    private func single(_ fields: [String: JSONValue]) throws(BubbleServerError) -> (Message, BubbleOptions?) {
        let options = try requestOptions(fields["options"])
        let message: Message, length: Int
        do { (message, length) = try RequestReader.body(fields) } catch {
            throw BubbleServerError(.badRequest, error.code, error.message)
        }
        try checkLengths([RequestMessage(id: .null, message: message, length: length)])
        return (message, options)
    }

    /// The request's options, checked over the server's defaults (a bad one refuses the request).
    private func requestOptions(_ value: JSONValue?) throws(BubbleServerError) -> BubbleOptions? {
        do {
            let o = try RequestReader.options(value)
            _ = try resolved(o)
            return o
        } catch { throw BubbleServerError(.badRequest, error.code, error.message) }
    }

    private func resolved(_ o: BubbleOptions?) throws(BubbleError) -> BubbleOptions {
        guard let o else { return engine.defaults }
        let merged = o.merged(over: engine.defaults)
        try merged.validate()
        return merged
    }

    private func checkLengths(_ messages: [RequestMessage]) throws(BubbleServerError) {
        let limit = settings.maxMessageLength
        guard let i = messages.firstIndex(where: { $0.length > limit }) else { return }
        let m = messages[i]
        let which = messages.count > 1 ? "message \(i) (id \(m.id.text))" : "the message"
        throw .init(.unprocessableContent, "message_too_long",
                    "\(which) is \(m.length) bytes long (UTF-8); the limit is \(limit) (--max-message-length)")
    }

    /// One result: `{"id", "layout"}` or `{"id", "error"}`, and the error's code.
    struct Item: Sendable {
        var json: String
        var error: String?
    }

    /// Lays out the messages in order, spread over the cores in chunks.
    private func render(_ messages: [RequestMessage], options: BubbleOptions?) async -> [Item] {
        if messages.count <= chunkSize { return messages.map { item($0, options) } }
        return await withTaskGroup(of: (Int, [Item]).self) { group in
            for start in stride(from: 0, to: messages.count, by: chunkSize) {
                let chunk = Array(messages[start..<min(start + chunkSize, messages.count)])
                group.addTask { (start, chunk.map { self.item($0, options) }) }
            }
            var items = [Item?](repeating: nil, count: messages.count)
            for await (start, done) in group {
                for (k, item) in done.enumerated() { items[start + k] = item }
            }
            return items.map { $0! }
        }
    }

    private func item(_ m: RequestMessage, _ options: BubbleOptions?) -> Item {
        let id = "{\"id\":" + m.id.text
        do throws(BubbleError) {
            let merged = m.options.map { mine in options.map { mine.merged(over: $0) } ?? mine } ?? options
            let o = try resolved(merged)
            let layout = try engine.layout(m.message, options: merged, cache: cache)
            return Item(json: id + ",\"layout\":" + JSONRenderer(offsets: o.offsets ?? .utf16).render(layout) + "}")
        } catch {
            return Item(json: id + ",\"error\":" + JSONText.errorFields(error) + "}", error: error.code)
        }
    }
}
