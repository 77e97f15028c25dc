import Bubble
import FoundationEssentials

#if canImport(Glibc)
import Glibc
#endif

/// `--distinct-sizes CORPUS [COUNT]`: the cost of a long stream of messages that each ask for a font size
/// never seen before (issue 20: word styles kept in a list scanned per word made this quadratic and
/// trapped at 65,536 styles; HarfBuzz fonts per size were kept forever). One engine lays out COUNT
/// corpus messages (1,000,000 by default) at sizes 10, 10.001, 10.002 … px; prints µs per message for
/// each tenth of the stream and the last tenth over the first, then the time of 7,000 and of 70,000
/// messages on fresh engines and their ratio over 10 (1.0 is linear); CPU time, so a loaded machine does
/// not blur it. Peak RSS is in the JSON line.
func distinctSizes(corpusPath: String, count: Int) {
    let corpus = loadCorpus(corpusPath).map(\.text).filter { $0.utf8.count < 2000 }
    guard !corpus.isEmpty else { fail("empty corpus") }
    func run(_ n: Int, blocks: Int) -> [Double] {
        let engine: BubbleEngine
        do { engine = try BubbleEngine(options: peerOptions()) } catch { fail("\(error)") }
        var o = BubbleOptions()
        var times: [Double] = []
        let block = max(1, n / blocks)
        var start = now(CLOCK_PROCESS_CPUTIME_ID)
        for k in 0..<n {
            o.fontSize = 10 + Double(k % 989_000) / 1000
            _ = try? engine.layout(text: corpus[k % corpus.count], options: o)
            if (k + 1) % block == 0 {
                let t = now(CLOCK_PROCESS_CPUTIME_ID)
                times.append((t - start) / Double(block) * 1e6)
                start = t
            }
        }
        return times
    }
    let perBlock = run(count, blocks: 10)
    let small = run(7000, blocks: 1)[0] * 7000 / 1e6
    let large = run(70_000, blocks: 1)[0] * 70_000 / 1e6
    var usage = rusage()
    getrusage(RUSAGE_SELF.rawValue, &usage)
    let blocks = perBlock.map { fixed($0, 1) }.joined(separator: ",")
    var line = "{\"messages\":\(count),\"usPerMessageByTenth\":[\(blocks)],"
    line += "\"lastOverFirst\":\(fixed(perBlock.last! / perBlock.first!, 3)),"
    line += "\"seconds7000\":\(fixed(small, 3)),\"seconds70000\":\(fixed(large, 3)),"
    line += "\"linearity\":\(fixed(large / small / 10, 3)),\"maxRSSMB\":\(fixed(Double(usage.ru_maxrss) / 1024, 1))}"
    print(line)
}
