import Bubble

extension BubbleService {
    /// Every cache and queue the server keeps, with its cap, as `/metrics` gauges: what each holds now
    /// beside the setting that bounds it.
    var boundGauges: [(String, Int)] {
        let counts = engine.cacheCounts
        let limits = engine.limits
        return [
            ("bubble_cache_capacity", cache.capacity),
            ("bubble_cache_bytes_capacity", cache.byteCapacity),
            ("bubble_font_chains", counts.fontChains),
            ("bubble_font_chains_capacity", limits.fontChains),
            ("bubble_font_chain_evictions", counts.fontChainEvictions),
            ("bubble_font_faces", counts.fontFaces),
            ("bubble_typesetters_idle", counts.idleTypesetters),
            ("bubble_typesetters_idle_bulk", bulkEngine.cacheCounts.idleTypesetters),
            ("bubble_refusals_delayed", refusals.count),
            ("bubble_shaped_words_capacity", limits.shapedWords),
            ("bubble_catalogs", counts.catalogs),
            ("bubble_catalogs_capacity", limits.catalogs),
            ("bubble_glyph_paths_capacity", engine.glyphPaths.capacity),
            ("bubble_glyph_paths_bytes", engine.glyphPaths.bytes),
            ("bubble_glyph_paths_bytes_capacity", engine.glyphPaths.byteCapacity),
            ("bubble_allowed_families", allowedFamilies.count),
            ("bubble_slow_requests_closed", slowRequests.value),
        ] + gate.gauges
    }

    /// ``boundGauges`` by name (tests).
    package var boundGaugesForTests: [String: Int] {
        Dictionary(boundGauges, uniquingKeysWith: { a, _ in a })
    }
}
