import Bubble
import Foundation
import Metrics
import Prometheus

/// The server's metrics, through swift-metrics into its own Prometheus registry (so two servers in
/// one process, as in tests, keep separate counts), exposed as text at `GET /metrics`.
final class ServerMetrics: Sendable {
    let registry = PrometheusCollectorRegistry()
    private let factory: PrometheusMetricsFactory
    private let messages: Metrics.Counter
    private let cacheHits: Metrics.Counter
    private let cacheMisses: Metrics.Counter
    private let cacheEntries: Metrics.Gauge
    private let cacheBytes: Metrics.Gauge
    private let glyphPaths: Metrics.Gauge
    /// Cache counts already turned into counter increments.
    private let seen = CacheCountsSeen()

    init() {
        var factory = PrometheusMetricsFactory(registry: registry)
        factory.defaultDurationHistogramBuckets = [
            .milliseconds(1), .microseconds(2500), .milliseconds(5), .milliseconds(10), .milliseconds(25),
            .milliseconds(50), .milliseconds(100), .milliseconds(250), .milliseconds(500), .seconds(1),
            .microseconds(2_500_000), .seconds(5), .seconds(10),
        ]
        self.factory = factory
        messages = Metrics.Counter(label: "bubble_messages_total", factory: factory)
        cacheHits = Metrics.Counter(label: "bubble_cache_hits_total", factory: factory)
        cacheMisses = Metrics.Counter(label: "bubble_cache_misses_total", factory: factory)
        cacheEntries = Metrics.Gauge(label: "bubble_cache_entries", factory: factory)
        cacheBytes = Metrics.Gauge(label: "bubble_cache_bytes", factory: factory)
        glyphPaths = Metrics.Gauge(label: "bubble_glyph_paths_cached", factory: factory)
        // The build, as Prometheus's `*_build_info` convention has it: labels that say what runs, value 1.
        let build = [("version", BubbleVersion.version), ("commit", BubbleVersion.commit)] + BubbleVersion.libraries
        Metrics.Gauge(label: "bubble_build_info", dimensions: build, factory: factory).record(1)
    }

    /// Records one finished request. `route` is a known path or `other`, so label values stay few.
    func request(method: String, route: String, status: Int, messages count: Int, errors: [String], duration: Duration) {
        let labels = [("method", method), ("path", route), ("status", String(status))]
        Metrics.Counter(label: "bubble_http_requests_total", dimensions: labels, factory: factory).increment()
        Metrics.Timer(label: "bubble_http_request_duration_seconds", dimensions: [("path", route)], factory: factory)
            .recordNanoseconds(Int64(duration.components.seconds) * 1_000_000_000 + duration.components.attoseconds / 1_000_000_000)
        if count > 0 { messages.increment(by: count) }
        for code in errors {
            Metrics.Counter(label: "bubble_errors_total", dimensions: [("code", code)], factory: factory).increment()
        }
    }

    /// The Prometheus text, with the cache figures brought up to date first.
    func exposition(cache: (hits: Int, misses: Int, entries: Int, bytes: Int), glyphs: Int, gauges: [(String, Int)] = [],
                    costByClient: [(String, Int)] = []) -> [UInt8] {
        let (dh, dm) = seen.advance(to: (cache.hits, cache.misses))
        if dh > 0 { cacheHits.increment(by: dh) }
        if dm > 0 { cacheMisses.increment(by: dm) }
        cacheEntries.record(cache.entries)
        cacheBytes.record(cache.bytes)
        glyphPaths.record(glyphs)
        for (label, value) in gauges { Metrics.Gauge(label: label, factory: factory).record(value) }
        // The estimated cost the layout gate admitted, by client class (a gauge of a running total: the
        // gate keeps the count).
        for (client, cost) in costByClient {
            Metrics.Gauge(label: "bubble_cost_admitted_total", dimensions: [("client", client)], factory: factory).record(cost)
        }
        return registry.emitToBuffer()
    }
}

/// Last cache counts reported, under a lock.
private final class CacheCountsSeen: @unchecked Sendable {
    private let lock = NSLock()
    private var hits = 0, misses = 0

    func advance(to now: (Int, Int)) -> (Int, Int) {
        lock.withLock {
            let delta = (now.0 - hits, now.1 - misses)
            hits = now.0
            misses = now.1
            return delta
        }
    }
}
