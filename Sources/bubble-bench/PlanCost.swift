import Bubble
#if canImport(Glibc)
import Glibc
#endif

/// `bubble-bench --plan CORPUS [ROUNDS]`: what planning a call's options costs (``BubbleEngine/plan(for:)``:
/// merging them over the engine's defaults, checking them, the mapper, the style, the cache key), as a share
/// of one warm layout of a corpus message under a plan made before.
///
/// Under the peer configuration, three kinds of option sets, each planned 4,000 times a round, their turns
/// interleaved with a pass of layouts over the corpus, so a shared machine's load falls on all alike:
/// `size` (a font size and a width drawn anew on every call, as the fuzz targets and clients that size each
/// message do: no two calls in a row alike), `request` (one request's options, seven set, a link map among
/// them, planned again on every call: a client that sends the same options with each message) and `width`
/// (only `maxWidth`, one of four). Prints the median over rounds of each kind's µs per plan divided by the
/// µs of one warm layout.
func planCost(corpusPath: String, rounds: Int) {
    let messages = loadCorpus(corpusPath).map { Message(text: $0.text) }
    let engine = peerEngine()
    let sizes: [BubbleOptions] = (0..<4_000).map { i in
        var o = BubbleOptions()
        o.fontSize = [11, 13, 16, 20, 28][i % 5] + Double(i % 7) * 0.25
        o.maxWidth = Double(1 + (i * 37) % 800)
        o.invalidUTF8 = .replace
        return o
    }
    var request = BubbleOptions()
    request.maxWidth = 300
    request.fontSize = 15
    request.maxLines = 12
    request.linkMap = ["@百度": "https://www.baidu.com", "@bubble": "https://example.com/bubble"]
    request.padding = try? Padding(argument: "6,10,6,10")
    request.jumboEmoji = true
    request.offsets = .utf8
    let widths: [BubbleOptions] = [240, 280, 320, 360].map { w in
        var o = BubbleOptions()
        o.maxWidth = w
        return o
    }
    var sink = 0.0
    func plans(_ kind: Int) -> Double {
        let t0 = now(CLOCK_MONOTONIC)
        do {
            for i in 0..<4_000 {
                let o = kind == 0 ? sizes[i] : kind == 1 ? request : widths[i % widths.count]
                sink += try engine.plan(for: o).widths[0]
            }
        } catch { fail("\(error)") }
        return (now(CLOCK_MONOTONIC) - t0) / 4_000
    }
    func layouts() -> Double {
        let t0 = now(CLOCK_MONOTONIC)
        do { for m in messages { sink += try engine.layout(m).size.height } } catch { fail("\(error)") }
        return (now(CLOCK_MONOTONIC) - t0) / Double(messages.count)
    }
    _ = layouts()  // cold: fill the word cache
    for k in 0..<3 { _ = plans(k) }
    var ratios: [[Double]] = [[], [], []]
    var layoutTimes: [Double] = []
    for round in 0..<max(rounds, 1) {
        var t = [0.0, 0.0, 0.0]
        for k in 0..<3 { t[(k + round) % 3] = plans((k + round) % 3) }  // each round starts with another kind
        let layout = layouts()
        layoutTimes.append(layout)
        for k in 0..<3 { ratios[k].append(t[k] / layout) }
    }
    func median(_ v: [Double]) -> Double { v.sorted()[v.count / 2] }
    print("{\"n\": \(messages.count), \"rounds\": \(ratios[0].count), \"usLayout\": \(fixed(median(layoutTimes) * 1e6, 2)), "
          + "\"planOverLayout\": {\"size\": \(fixed(median(ratios[0]), 4)), \"request\": \(fixed(median(ratios[1]), 4)), "
          + "\"width\": \(fixed(median(ratios[2]), 4))}, \"checksum\": \(Int(sink) % 1_000_000)}")
}
