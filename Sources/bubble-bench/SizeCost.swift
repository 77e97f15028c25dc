import Bubble
#if canImport(Glibc)
import Glibc
#endif

/// `bubble-bench --size CORPUS [ROUNDS]`: the size-only path against a full layout with its JSON (issue 30's
/// target: ≤ 60%), and the JSON writer's share of that full layout.
///
/// Under the peer configuration, with a warm word cache, three ways take turns every 250 messages (so a
/// shared machine's load falls on all alike): (a) the layout and its JSON, as `bubble batch` writes it,
/// (b) the layout alone (lines, rects, no JSON), (c) ``BubbleEngine/size(_:options:)`` (lines, no report).
/// Prints the median µs/message of each and the medians over rounds of c/a, (a−b)/a (the JSON writer's
/// share) and (b−c)/a (the report's).
func sizeCost(corpusPath: String, rounds: Int) {
    let messages = loadCorpus(corpusPath).map { Message(text: $0.text) }
    let engine = peerEngine(), json = JSONRenderer()
    var sink = 0
    func pass(_ kind: Character, _ slice: ArraySlice<Message>) -> Double {
        let t0 = now(CLOCK_MONOTONIC)
        do {
            for m in slice {
                switch kind {
                case "a": sink &+= json.render(try engine.layout(m)).utf8.count
                case "b": sink &+= try engine.layout(m).lineLayout.lines.count
                default: sink &+= try engine.size(m).lines
                }
            }
        } catch { fail("\(error)") }
        return now(CLOCK_MONOTONIC) - t0
    }
    let kinds: [Character] = ["a", "b", "c"]
    var totals: [[Character: Double]] = []
    for round in -1..<max(rounds, 1) {  // round -1 warms the word cache, untimed
        var total: [Character: Double] = [:]
        for start in stride(from: 0, to: messages.count, by: 250) {
            let chunk = messages[start..<min(start + 250, messages.count)]
            // Each chunk starts with another way, so none always finds the chunk's data warm.
            for k in 0..<3 { let kind = kinds[(k + start / 250) % 3]; total[kind, default: 0] += pass(kind, chunk) }
        }
        if round >= 0 { totals.append(total) }
    }
    func median(_ v: [Double]) -> Double { v.sorted()[v.count / 2] }
    let n = Double(messages.count)
    func us(_ k: Character) -> Double { median(totals.map { $0[k]! }) / n * 1e6 }
    let sizeShare = median(totals.map { $0["c"]! / $0["a"]! })
    let jsonShare = median(totals.map { ($0["a"]! - $0["b"]!) / $0["a"]! })
    let reportShare = median(totals.map { ($0["b"]! - $0["c"]!) / $0["a"]! })
    print("{\"n\": \(messages.count), \"rounds\": \(totals.count), \"usLayoutJSON\": \(fixed(us("a"), 2)), "
          + "\"usLayout\": \(fixed(us("b"), 2)), \"usSize\": \(fixed(us("c"), 2)), \"sizeShare\": \(fixed(sizeShare, 3)), "
          + "\"jsonShare\": \(fixed(jsonShare, 3)), \"reportShare\": \(fixed(reportShare, 3)), \"checksum\": \(sink)}")
}
