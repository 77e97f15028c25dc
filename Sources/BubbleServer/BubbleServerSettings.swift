package import Bubble
import Foundation

/// The processor count, read once.
enum ProcessInfoCount {
    static let activeProcessors = max(1, ProcessInfo.processInfo.activeProcessorCount)
}

/// How a Bubble server listens, what it accepts, and what it keeps: every field's default is here, and
/// every field is set by a `bubble serve` flag declared in ``ServerFlagTable``.
package struct BubbleServerSettings: Sendable {
    /// Address to bind (loopback by default; `0.0.0.0` behind a load balancer).
    package var host: String = "127.0.0.1"
    /// Port to bind; 0 picks a free one (tests).
    package var port: Int = 8080
    /// Largest request body accepted, in bytes (larger: 413 `body_too_large`).
    package var maxBodyBytes: Int = 4 << 20
    /// Most messages in one `/v1/layout` request (more: 422 `too_many_messages`).
    package var maxMessages: Int = 1000
    /// Longest message accepted, in UTF-8 bytes of its text, markup or span contents, as the
    /// `maxMessageLength` option counts (longer: 422 `message_too_long` for the whole request).
    package var maxMessageLength: Int = MappingOptions.defaultMaxMessageLength
    /// How long a connection may stay silent, in seconds, while the server waits for a request or
    /// the rest of one: a stalled client is disconnected after this.
    package var readTimeout: Double = 30
    /// Shaped messages kept across requests (0: none).
    package var cacheEntries: Int = 20_000
    /// Bytes the shaped messages kept may hold, each charged its estimated heap size (0: none): the
    /// cache evicts past either bound (see ``/Bubble/ShapedTextCache``).
    package var cacheBytes: Int = ShapedTextCache.defaultBytes
    /// Caps of what the engine keeps between requests: font chains (`--font-chains`), catalogs
    /// (`--catalogs`), glyph paths (`--glyph-paths`), shaped words per typesetter (`--shaped-words`).
    package var limits = EngineLimits()
    /// Font families a request may name in `fonts` and `faceFamilies` (`--allow-families`); nil: the
    /// default chain's families plus those of `--fonts` and of the defaults' `faceFamilies`. Others are
    /// refused with 422 `font_not_allowed`. When given, the defaults' `faceFamilies` are kept within it,
    /// so `<font face>` and a span's `face` can name nothing else.
    package var allowedFamilies: [String]?
    /// Seconds a client has to send a whole request, headers and body (`--request-deadline`): past it
    /// the connection is closed, however steadily bytes trickle in.
    package var requestDeadline: Double = 30
    /// Slowest request accepted, in bytes per second averaged since its first byte, after a 5 s grace
    /// (`--min-body-rate`); slower: the connection is closed. 0 turns the check off.
    package var minBodyRate: Double = 500
    /// Cheap requests laying out at once (`--max-concurrent-layouts`; bulk ones have a slot of their own,
    /// ``LayoutGate``); more wait in a queue.
    package var maxConcurrentLayouts: Int = 2 * ProcessInfoCount.activeProcessors
    /// Requests waiting for a layout slot (`--layout-queue`); past it: 503 with `Retry-After`.
    package var layoutQueue: Int = 64
    /// The request header that names the client a request is charged to in the layout gate's fair
    /// queue and cost bound (`--client-key-header`, e.g. `X-Client-Id` set by a gateway); nil, or a
    /// request without it: its connection.
    package var clientKeyHeader: String?
    /// Most estimated cost (``RequestCost``, about bytes of text shaped) one client may have queued or
    /// laying out at once (`--max-client-cost`); past it: 429 with `Retry-After`, unless the client has
    /// nothing in flight. The default is about one full 4 MiB body of text at a warm font size. 0: no bound.
    package var maxClientCost: Int = 4_000_000
    /// Longest a refused request's answer is held, in seconds, once its client keeps being refused
    /// (`--refusal-delay`; ``RefusalPenalty``; 0: never).
    package var refusalDelay: Double = 1

    /// Options every request starts from (the server's `--options` file and flags); a request's
    /// `options` go over them, a message's over the request's.
    package var defaults = BubbleOptions()
    /// Link rules a request may switch on by name (`bubble serve --link-rules FILE`), by name.
    package var linkRules: [String: LinkRule] = [:]
    /// Whether a request may send its own patterns (`--allow-request-link-rules`); built-in and
    /// configured rules are selected by name either way.
    package var allowRequestLinkRules = false
    /// Most rules one request's options may list.
    package var maxRequestLinkRules = 8
    /// Longest pattern a request may send, in UTF-8 bytes.
    package var maxRequestPatternLength = 256
    /// PCRE2's match and depth limits for the patterns a request sends, below the ones of the server's own
    /// rules (``LinkRule/matchLimit``, ``LinkRule/depthLimit``): a hostile pattern costs one request less.
    package var requestLinkRuleLimits = LinkRule.Limits(matchLimit: 100_000, depthLimit: 1_000)
    /// Where `/v1/html` fragments load font files, by file name (nil: `local()` names, then `file://` paths).
    package var fontBaseURL: String?
    /// Where `/v1/html` fragments load catalog images (nil: `data:` URIs).
    package var assetBaseURL: String?
    /// How the log lines are written (`--log-format`).
    package var logFormat: LogFormat = .text

    package init() {}
}

/// How `bubble serve` writes its log lines: text, or one JSON object per line (``JSONLogHandler``).
package enum LogFormat: String, Sendable, CaseIterable {
    case text, json
}
