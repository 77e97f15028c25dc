package import Bubble
import BubbleJSON
import Hummingbird

/// The work behind the endpoints: one engine and one cache of shaped messages shared by every
/// request, and nothing else kept between requests.
package final class BubbleService: Sendable {
    package let engine: BubbleEngine
    /// The engine bulk work lays out with (``BulkLane``): ``engine``'s fonts and plans with typesetters of
    /// its own, so an expensive request's words neither evict the chat traffic's words from their
    /// typesetters' caches nor stay in them, and letting go of them after a burst keeps the chat traffic's.
    let bulkEngine: BubbleEngine
    package let cache: ShapedTextCache
    package let settings: BubbleServerSettings
    /// Messages laid out at once by one task; a larger request is split across the cores.
    let chunkSize = 8
    /// The families a request may name in `fonts`, lowercased.
    let allowedFamilies: Set<String>
    /// The bound on layout work in flight.
    let gate: LayoutGate
    /// Connections closed for sending a request too slowly (``RequestDeadline``).
    let slowRequests = SlowRequestCount()
    /// The header a request's ``ClientKey`` is read from (`--client-key-header`).
    let clientKeyHeader: HTTPFields.Element.Name?
    /// The font sizes requests used lately, for their cost (``RequestCost``).
    let warmth = SizeWarmth()
    /// Most estimated cost one task lays out before the next message goes to another task: a long or
    /// expensive message is a chunk of its own, so another client's work is never behind more than a
    /// chunk per core.
    static let chunkCost = 16_384
    /// Slows clients that keep being refused (``RefusalPenalty``).
    let refusals: RefusalPenalty
    /// Where requests of estimated cost at least ``RequestCost/bulk`` are laid out (and the heap trimmed).
    let lane: BulkLane
    /// Cold font sizes between two heap trims past which the idle typesetters are let go (a server at a
    /// few steady sizes never reaches it).
    static let coldSizesBeforeRelease = 8

    /// Loads the fonts and catalog of `settings.defaults` (a missing font is an error here, at start).
    /// The font set's fingerprint, which reads every font file, is worked out in a background task.
    package init(settings: BubbleServerSettings) throws(BubbleError) {
        self.settings = settings
        engine = try BubbleEngine(options: BubbleService.restrictingFaces(settings), limits: settings.limits)
        bulkEngine = engine.withTypesettersApart()
        cache = ShapedTextCache(capacity: settings.cacheEntries, bytes: settings.cacheBytes)
        allowedFamilies = BubbleService.allowedFamilies(settings)
        clientKeyHeader = settings.clientKeyHeader.flatMap { HTTPFields.Element.Name($0) }
        lane = BulkLane()
        refusals = RefusalPenalty(maxDelay: .milliseconds(Int64((settings.refusalDelay * 1000).rounded())))
        gate = LayoutGate(slots: settings.maxConcurrentLayouts, bulkSlots: lane.threads, queueLimit: settings.layoutQueue,
                          clientCostLimit: settings.maxClientCost, heapTrim: HeapTrim(lane: lane))
        let engine = self.engine
        let bulkEngine = self.bulkEngine
        let warmth = self.warmth
        let gate = self.gate
        // After bulk requests the bulk typesetters' word caches hold long messages' words, often at sizes
        // that may never come back; after a burst of cheap requests at many new sizes the chat traffic's
        // hold such words too (the high water): let them go with the heap they hold.
        gate.heapTrim.setBeforeTrim {
            if gate.takeBulkRan() { bulkEngine.releaseIdleTypesetters() }
            if warmth.takeColdSizes(atLeast: BubbleService.coldSizesBeforeRelease) { engine.releaseIdleTypesetters() }
        }
        lane.setCheapWorkRunning { gate.cheapWorkRunning }
        HeapTrim.useMappedThreshold()
        Task.detached(priority: .background) { _ = engine.fontFingerprint }
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

    /// `POST /v1/layout`: `{"options"?, "messages": [...]}` → `{"results": [...]}` in order. The request
    /// is read and checked first, then waits in the ``LayoutGate`` as `client`, charged its estimated
    /// cost (`gated` false: straight to layout, for `--bench-bodies`). A body of at least
    /// ``RequestCost/bulkBodyBytes``, or one from a client at its cost bound or that sent a bulk request
    /// lately (``LayoutGate/readsOnLane(_:bodyBytes:)``), is read on the ``BulkLane``.
    func layout(body: [UInt8], client: ClientKey = .anonymous, gated: Bool = true) async throws(BubbleServerError) -> LayoutAnswer {
        let messages: [RequestMessage]
        if body.count >= RequestCost.bulkBodyBytes || (gated && gate.readsOnLane(client, bodyBytes: body.count)) {
            messages = try await lane.run { Result { () throws(BubbleServerError) in try self.read(body, client: client, gated: gated) } }.get()
        } else {
            messages = try read(body, client: client, gated: gated)
        }

        let (costs, coldSizes) = self.costs(messages)
        let bulk = costs.reduce(0, &+) >= RequestCost.bulk
        if !bulk { warmth.count(coldSizes: coldSizes) }  // only these reach the chat traffic's word caches
        let items: [Item]
        if gated {
            items = try await gate.run(client: client, cost: costs.reduce(0, &+), bodyBytes: body.count) { () async throws(BubbleServerError) in
                await render(messages, costs: costs, bulk: bulk)
            }
        } else {
            items = await render(messages, costs: costs, bulk: bulk)
        }
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

    /// The messages of a `/v1/layout` body, read and checked; then, when `gated`, refused with 429 if the
    /// client is at its cost bound. A malformed request is refused with 400 first, as it is for any client.
    private func read(_ body: [UInt8], client: ClientKey, gated: Bool) throws(BubbleServerError) -> [RequestMessage] {
        guard case .object(let fields) = try RequestReader.parse(body) else {
            throw .invalidRequest("the body must be a JSON object {\"options\", \"messages\"}")
        }
        let (options, plan) = try requestPlan(fields["options"])
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
                messages.append(try message(value, document: body, over: options, plan: plan))
            } catch {
                throw BubbleServerError(.badRequest, error.code, "message \(i): \(error.message)")
            }
        }
        try checkLengths(messages)
        if gated { try gate.refuseIfAtBound(client, bodyBytes: body.count) }
        return messages
    }

    /// The work of `POST /v1/layout` without HTTP, for `bubble serve --bench-bodies`: the number
    /// of messages laid out.
    package func benchmarkLayout(body: [UInt8]) async throws -> Int {
        try await layout(body: body, gated: false).messages
    }

    /// `POST /v1/svg`: one message → an SVG document.
    func svg(body: [UInt8]) throws(BubbleServerError) -> String {
        let m = try single(body)
        do {
            let plan = try m.plan.get()
            return engine.svgRenderer(plan).render(try engine.layout(m.message, plan: plan, cache: cache))
        } catch { throw BubbleServerError(error) }
    }

    /// `POST /v1/html`: one message → an HTML fragment drawn with Bubble's lines (fonts and images
    /// from the server's `fontBaseURL` and `assetBaseURL`, never from a request).
    func html(body: [UInt8]) throws(BubbleServerError) -> String {
        let m = try single(body)
        do {
            let plan = try m.plan.get()
            let renderer = engine.htmlRenderer(plan, fontBaseURL: settings.fontBaseURL, assetBaseURL: settings.assetBaseURL)
            return renderer.render(try engine.layout(m.message, plan: plan, cache: cache))
        } catch { throw BubbleServerError(error) }
    }

    /// `POST /v1/hit`: one message and a point → what lies under the point.
    func hit(body: [UInt8]) throws(BubbleServerError) -> String {
        guard case .object(let fields) = try RequestReader.parse(body) else {
            throw .invalidRequest("the body must be a JSON object")
        }
        guard let x = fields["x"]?.double, let y = fields["y"]?.double else {
            throw .invalidRequest("\"x\" and \"y\" must be numbers (CSS px in the bubble, top-left origin)")
        }
        let m = try single(fields, document: body)
        do {
            let plan = try m.plan.get()
            let layout = try engine.layout(m.message, plan: plan, cache: cache)
            return JSONRenderer(offsets: plan.options.offsets).render(layout.hitTest(x: x, y: y), in: layout)
        } catch { throw BubbleServerError(error) }
    }

    // MARK: pieces

    private func single(_ body: [UInt8]) throws(BubbleServerError) -> RequestMessage {
        guard case .object(let fields) = try RequestReader.parse(body) else {
            throw .invalidRequest("the body must be a JSON object {\"options\"?, \"text\" | \"markup\" | \"spans\"}")
        }
        return try single(fields, document: body)
    }

    /// The one message of `/v1/svg` and `/v1/hit`: the body is the message object, its `options` the request's.
    private func single(_ fields: JSONObject, document: [UInt8]) throws(BubbleServerError) -> RequestMessage {
        let m: RequestMessage
        do { m = try message(.object(fields), document: document, over: nil, plan: nil) } catch {
            throw BubbleServerError(.badRequest, error.code, error.message)
        }
        try checkLengths([m])
        return m
    }

    /// The request's options and their plan, checked over the server's defaults (a bad one refuses the
    /// request; a family outside the server's list too, with 422, before any chain is made for it).
    private func requestPlan(_ value: JSONValue?) throws(BubbleServerError) -> (BubbleOptions?, LayoutPlan) {
        let o: BubbleOptions?
        do { o = try RequestReader.options(value, settings: settings) } catch { throw BubbleServerError(.badRequest, error.code, error.message) }
        try checkFamilies(o)
        do { return (o, try engine.plan(for: o)) } catch { throw BubbleServerError(.badRequest, error.code, error.message) }
    }

    /// Reads a message object and plans it: its own options over the request's, checked once.
    private func message(_ value: JSONValue, document: [UInt8], over request: BubbleOptions?,
                         plan requestPlan: LayoutPlan?) throws(BubbleError) -> RequestMessage {
        let read = try MessageReader.read(value, document: document)
        try RequestReader.checkNumbers(read.message)
        var plan: Result<LayoutPlan, BubbleError>
        if var own = read.options {
            try RequestReader.check(&own, settings: settings)
            if let refused = familyError(own) {
                plan = .failure(refused)  // that message's error, and no font chain made for it
            } else {
                let merged = request.map { own.merged(over: $0) } ?? own
                if let requestPlan {
                    plan = Result { () throws(BubbleError) in try engine.plan(for: merged, own: own, over: requestPlan) }
                } else {
                    plan = Result { () throws(BubbleError) in try engine.plan(for: merged) }
                }
            }
        } else if let requestPlan {
            plan = .success(requestPlan)
        } else {
            plan = Result { () throws(BubbleError) in try engine.plan(for: request) }
        }
        // Bad options refuse the request; a font the server cannot load is that message's error.
        if case .failure(let error) = plan, error.code == "invalid_options" { throw error }
        return RequestMessage(id: read.id ?? "null", message: read.message, plan: plan, length: read.length)
    }

    private func checkLengths(_ messages: [RequestMessage]) throws(BubbleServerError) {
        let limit = settings.maxMessageLength
        guard let i = messages.firstIndex(where: { $0.length > limit }) else { return }
        let m = messages[i]
        let which = messages.count > 1 ? "message \(i) (id \(m.id))" : "the message"
        throw .init(.unprocessableContent, "message_too_long",
                    "\(which) is \(m.length) bytes long (UTF-8); the limit is \(limit) (--max-message-length)")
    }

    /// One result: `{"id", "layout"}` or `{"id", "error"}`, and the error's code.
    struct Item: Sendable {
        var json: String
        var error: String?
    }

    /// Each message's estimated cost (``RequestCost``), and how many font sizes of the request no request
    /// used lately: such a size is cold for every message of this request that uses it.
    func costs(_ messages: [RequestMessage]) -> (costs: [Int], coldSizes: Int) {
        var cold: [Double: Bool] = [:]
        let costs = messages.map { m in
            guard case .success(let plan) = m.plan else { return RequestCost.perMessage }
            let size = plan.options.fontSize
            let isCold: Bool
            if let known = cold[size] { isCold = known } else {
                isCold = warmth.isCold(size)
                cold[size] = isCold
            }
            return RequestCost.of(length: m.length, widths: plan.widths.count, fontSize: size, cold: isCold)
        }
        return (costs, cold.values.count { $0 })
    }

    /// Lays out the messages in order, in chunks of at most ``chunkSize`` messages and ``chunkCost``
    /// (a message dearer than that alone), at most one chunk per core at a time: a request of a
    /// thousand long messages does not put a hundred tasks in front of other requests' on the pool.
    /// A `bulk` request (of cost at least ``RequestCost/bulk``) is laid out on the ``BulkLane`` instead.
    private func render(_ messages: [RequestMessage], costs: [Int], bulk: Bool) async -> [Item] {
        var chunks: [Range<Int>] = []
        var start = 0, cost = 0
        for i in messages.indices {
            if i > start && (i - start >= chunkSize || cost + costs[i] > Self.chunkCost) {
                chunks.append(start..<i)
                start = i
                cost = 0
            }
            cost += costs[i]
        }
        if start < messages.count { chunks.append(start..<messages.count) }
        if chunks.count <= 1 {
            return bulk ? await lane.run { self.bulkItems(messages) } : messages.map { item($0) }
        }
        let width = ProcessInfoCount.activeProcessors
        let lane = self.lane
        return await withTaskGroup(of: (Int, [Item]).self) { group in
            var next = 0
            func add() {
                let range = chunks[next]
                let chunk = Array(messages[range])
                if bulk {
                    group.addTask { (range.lowerBound, await lane.run { self.bulkItems(chunk) }) }
                } else {
                    group.addTask { (range.lowerBound, chunk.map { self.item($0) }) }
                }
                next += 1
            }
            while next < min(width, chunks.count) { add() }
            var items = [Item?](repeating: nil, count: messages.count)
            for await (start, done) in group {
                for (k, item) in done.enumerated() { items[start + k] = item }
                if next < chunks.count { add() }
            }
            return items.map { $0! }
        }
    }

    /// A bulk job's results, on the ``BulkLane``, paced (``BulkLane/Pacer``), by ``bulkEngine`` and not cached.
    private func bulkItems(_ messages: [RequestMessage]) -> [Item] {
        var pacer = BulkLane.Pacer(lane)
        return messages.map { m in
            pacer.pace()
            return item(m, bulk: true)
        }
    }

    /// One message's result; `bulk`: laid out by ``bulkEngine``, shaped afresh and not kept in the
    /// shaped-message cache (a bulk request's long messages at fresh sizes would evict the warm entries of
    /// cheap ones, and stay in memory after the burst).
    private func item(_ m: RequestMessage, bulk: Bool = false) -> Item {
        let engine = bulk ? bulkEngine : self.engine
        let cached = !bulk
        let id = "{\"id\":" + m.id
        do throws(BubbleError) {
            let plan = try m.plan.get()
            let renderer = JSONRenderer(offsets: plan.options.offsets)
            if plan.options.given.widths != nil {  // one layout per width
                return Item(json: id + ",\"layouts\":" + renderer.renderArray(try engine.layouts(m.message, plan: plan, cache: cached ? cache : nil)) + "}")
            }
            // A bulk request's layouts are written and dropped: their arrays serve the next message.
            let json = cached ? renderer.render(try engine.layout(m.message, plan: plan, cache: cache))
                : try engine.withLayout(m.message, plan: plan) { renderer.render($0) }
            return Item(json: id + ",\"layout\":" + json + "}")
        } catch {
            return Item(json: id + ",\"error\":" + JSONText.errorFields(error) + "}", error: error.code)
        }
    }
}
