import Bubble
import FoundationEssentials
#if canImport(Glibc)
import Glibc
#endif

/// `bubble-bench --prepared CORPUS [PASSES]`: a new width from a kept shaping, for a profiler
/// (`perf record -g`). Each message is prepared (``BubbleEngine/prepare(_:options:)``, peer configuration),
/// then laid out at 360 px `PASSES` times while its data is warm, as `--widths` times it once. Prints µs
/// per layout, and how it splits between messages on one line at 360 px (the kept layout, a copy) and
/// the others (broken, placed and reported again). Timing alone, no ratio: `--widths` gives those.
func preparedProfile(corpusPath: String, passes: Int) {
    let engine = peerEngine()
    let messages = loadCorpus(corpusPath).map { Message(text: $0.text) }
    var sink = 0.0
    var total = 0.0, oneLine = 0.0, oneLineCount = 0
    do {
        for m in messages {
            let p = try engine.prepare(m)
            let one = engine.layout(p, width: 360).lineLayout.lines.count <= 1
            let t0 = now(CLOCK_MONOTONIC)
            for _ in 0..<passes { sink += engine.layout(p, width: 360).size.height }
            let dt = now(CLOCK_MONOTONIC) - t0
            total += dt
            if one { oneLine += dt; oneLineCount += 1 }
        }
    } catch { fail("\(error)") }
    let wrapped = messages.count - oneLineCount
    print("{\"n\": \(messages.count), \"passes\": \(passes), \"usPerLayout\": \(fixed(total / Double(passes * messages.count) * 1e6, 3)), "
          + "\"oneLine\": {\"messages\": \(oneLineCount), \"shareOfTime\": \(fixed(oneLine / total, 3))}, "
          + "\"wrapped\": {\"messages\": \(wrapped), \"usPerLayout\": \(fixed((total - oneLine) / Double(passes * max(wrapped, 1)) * 1e6, 3))}}")
    if sink.isNaN { print("") }
}
