import Bubble
import FoundationEssentials
#if canImport(Glibc)
import Glibc
#endif

/// `bubble-bench --widths CORPUS [ROUNDS]`: what each extra width of `widths` costs against a full
/// layout (issue 17's target: ≤ 15%, median).
///
/// Under the peer configuration, each round times one pass over the corpus at 280 px alone (the full
/// layout: map, shape, break, report, as `layout` does it) and one pass per width set, all with a warm
/// word cache, in turn, timed in the thread's CPU time. The cost of one extra width is `(T(widths) − T(280)) / (count − 1) / T(280)`;
/// the median over the rounds is printed, for two width sets: a phone turned sideways (280, 360) and
/// four screen sizes (240, 280, 320, 360).
func widthsCost(corpusPath: String, rounds: Int) {
    let corpus = loadCorpus(corpusPath)
    let messages = corpus.map { Message(text: $0.text) }
    let engine: BubbleEngine
    do { engine = try BubbleEngine(options: peerOptions(), catalog: peerCatalog()) } catch { fail("\(error)") }
    let sets: [[Double]] = [[280, 360], [240, 280, 320, 360]]
    let one: LayoutPlan
    var plans: [LayoutPlan] = []
    do {
        one = try engine.plan(for: nil)
        for widths in sets {
            var o = BubbleOptions()
            o.widths = Widths(widths)
            plans.append(try engine.plan(for: o))
        }
    } catch { fail("\(error)") }

    var sink = 0.0
    func pass(_ body: (Message) throws(BubbleError) -> Double) -> Double {
        // The thread's CPU time: on a shared machine, time spent waiting for a core is not the work's.
        let t0 = now(CLOCK_THREAD_CPUTIME_ID)
        do { for m in messages { sink += try body(m) } } catch { fail("\(error)") }
        return now(CLOCK_THREAD_CPUTIME_ID) - t0
    }
    func single(_ m: Message) throws(BubbleError) -> Double { try engine.layout(m, plan: one).size.height }
    func many(_ plan: LayoutPlan) -> (Message) throws(BubbleError) -> Double {
        { m throws(BubbleError) in try engine.layouts(m, plan: plan).reduce(0) { $0 + $1.size.height } }
    }
    _ = pass(single)  // cold: fill the word cache
    for plan in plans { _ = pass(many(plan)) }
    var ratios = [[Double]](repeating: [], count: sets.count)
    var base: [Double] = []
    for _ in 0..<rounds {
        let t1 = pass(single)
        base.append(t1)
        for (k, plan) in plans.enumerated() {
            let tk = pass(many(plan))
            ratios[k].append((tk - t1) / Double(sets[k].count - 1) / t1)
        }
    }
    func median(_ v: [Double]) -> Double { v.sorted()[v.count / 2] }
    var fields = ["\"n\": \(corpus.count)", "\"rounds\": \(rounds)",
                  "\"usPerMessage\": \(fixed(median(base) / Double(corpus.count) * 1e6, 2))"]
    for (k, widths) in sets.enumerated() {
        let name = widths.map { String(Int($0)) }.joined(separator: ",")
        fields.append("\"\(name)\": {\"extraWidthCost\": \(fixed(median(ratios[k]), 3)), \"rounds\": [\(ratios[k].map { fixed($0, 3) }.joined(separator: ", "))]}")
    }
    print("{" + fields.joined(separator: ", ") + "}")
    if sink.isNaN { print("") }
}
