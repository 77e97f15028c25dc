import BubbleJSON

/// The other answers to one message object, read as a batch line is (``BatchAnswer/read(_:line:)``):
/// what `bubble svg`, `bubble html`, `bubble hit` print for it, and its size alone. libbubble's
/// `bubble_svg`, `bubble_html`, `bubble_hit` and `bubble_size` call these.
extension BatchAnswer {
    /// The message's bubble as a standalone SVG document (its options' `theme` and `debug`).
    package func svg(_ bytes: [UInt8]) throws(BubbleError) -> String {
        let request = try read(bytes)
        let plan = try engine.plan(for: request.options)
        return engine.svgRenderer(plan).render(try engine.layout(request.message, plan: plan))
    }

    /// The message as an HTML fragment, as `bubble html` writes it: fonts loaded from the request's
    /// `"fontBaseURL"` by file name (absent: `local()` names, then `file://` paths) and catalog images
    /// from its `"assetBaseURL"` (absent: `data:` URIs), what `--font-base-url` and `--asset-base-url` set.
    package func html(_ bytes: [UInt8]) throws(BubbleError) -> String {
        let request = try read(bytes)
        let plan = try engine.plan(for: request.options)
        let fontBaseURL = try Self.url("fontBaseURL", "where font files load from, by file name", in: bytes)
        let assetBaseURL = try Self.url("assetBaseURL", "where catalog images load from", in: bytes)
        let renderer = engine.htmlRenderer(plan, fontBaseURL: fontBaseURL, assetBaseURL: assetBaseURL)
        return renderer.render(try engine.layout(request.message, plan: plan))
    }

    /// The string member `key` of the request (nil when absent or null); `meaning` says what it is, for the error.
    private static func url(_ key: String, _ meaning: String, in bytes: [UInt8]) throws(BubbleError) -> String? {
        guard let raw = RawJSON.value(ofKey: key, in: bytes) else { return nil }
        switch try? JSONReader.read(raw) {
        case .string(let url): return url
        case .null: return nil
        default: throw BubbleError(code: "invalid_request", message: "\"\(key)\" must be a string: \(meaning)")
        }
    }

    /// What lies under the point `"x"`, `"y"` of the request (CSS px in the bubble), as `bubble hit` prints it.
    package func hit(_ bytes: [UInt8]) throws(BubbleError) -> String {
        let request = try read(bytes)
        guard let x = RawJSON.value(ofKey: "x", in: bytes).flatMap(Double.init),
              let y = RawJSON.value(ofKey: "y", in: bytes).flatMap(Double.init) else {
            throw BubbleError(code: "invalid_request", message: "\"x\" and \"y\" must be numbers (CSS px in the bubble, top-left origin)")
        }
        let plan = try engine.plan(for: request.options)
        let layout = try engine.layout(request.message, plan: plan)
        return JSONRenderer(offsets: plan.options.offsets).render(layout.hitTest(x: x, y: y), in: layout)
    }

    /// The bubble's width and height (px, padding included), its line count and whether it was truncated.
    /// The lines are broken and no report is made (``BubbleEngine/size(_:plan:)``).
    package func size(_ bytes: [UInt8]) throws(BubbleError) -> BubbleSize {
        let request = try read(bytes)
        return try engine.size(request.message, plan: try engine.plan(for: request.options))
    }
}
