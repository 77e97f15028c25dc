public import Bubble

/// How a Bubble server listens, what it accepts, and what it keeps.
public struct BubbleServerSettings: Sendable {
    /// Address to bind (loopback by default; `0.0.0.0` behind a load balancer).
    public var host: String = "127.0.0.1"
    /// Port to bind; 0 picks a free one (tests).
    public var port: Int = 8080
    /// Largest request body accepted, in bytes (larger: 413 `body_too_large`).
    public var maxBodyBytes: Int = 4 << 20
    /// Most messages in one `/v1/layout` request (more: 422 `too_many_messages`).
    public var maxMessages: Int = 1000
    /// Longest message accepted, in UTF-8 bytes of its text, markup or span contents, as the
    /// `maxMessageLength` option counts (longer: 422 `message_too_long` for the whole request).
    public var maxMessageLength: Int = 65536
    /// How long a connection may stay silent, in seconds, while the server waits for a request or
    /// the rest of one: a stalled client is disconnected after this.
    public var readTimeout: Double = 30
    /// Shaped messages kept across requests (0: none).
    public var cacheEntries: Int = 20_000
    /// Options every request starts from (the server's `--options` file and flags); a request's
    /// `options` go over them, a message's over the request's.
    public var defaults = BubbleOptions()
    /// Link rules a request may switch on by name (`bubble serve --link-rules FILE`), by name.
    public var linkRules: [String: LinkRule] = [:]
    /// Whether a request may send its own patterns (`--allow-request-link-rules`); built-in and
    /// configured rules are selected by name either way.
    public var allowRequestLinkRules = false
    /// Most rules one request's options may list.
    public var maxRequestLinkRules = 8
    /// Longest pattern a request may send, in UTF-8 bytes.
    public var maxRequestPatternLength = 256
    /// Where `/v1/html` fragments load font files, by file name (nil: `local()` names, then `file://` paths).
    public var fontBaseURL: String?
    /// Where `/v1/html` fragments load catalog images (nil: `data:` URIs).
    public var assetBaseURL: String?

    public init() {}
}
