import Bubble
import FoundationEssentials
#if canImport(Glibc)
import Glibc
#endif

/// `bubble-bench --widths CORPUS [ROUNDS]`: what each extra width of `widths` costs against a full
/// layout (issue 17's target: ≤ 15%, median).
///
/// Under the peer configuration, with a warm word cache, each message is laid out at 280 px alone (the
/// full layout: map, shape, break, report, as `layout` does it) and at every width of a set, the two
/// side by side message by message (in alternating order), so a shared machine's load falls on both
/// alike (on the monotonic clock: the thread CPU clock is a system call, slow enough to inflate both
/// sides). The cost of one extra width is `(T(widths) − T(280)) / (count − 1) / T(280)`;
/// the median over the rounds is printed, for two width sets: a phone turned sideways (280, 360) and
/// four screen sizes (240, 280, 320, 360). Then the same from a kept shaping (``BubbleEngine/prepare(_:options:)``):
/// a message's layout and its size alone at 360 px against its full layout at 280 (issue 30's target for a new
/// width: ≤ 10%), as `preparedLayoutAt360` and `preparedSizeAt360`; and what preparing costs (mapping, shaping,
/// the layout with no width limit that serves the widths it holds at), against the same, as `prepare`.
func widthsCost(corpusPath: String, rounds: Int) {
    let corpus = loadCorpus(corpusPath)
    let messages = corpus.map { Message(text: $0.text) }
    let engine = peerEngine()
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
    /// One pass: each message laid out at 280 px alone and then at every width of `plan`, in turn, so
    /// the load of a shared machine falls on both alike; returns the two sums.
    func pass(_ plan: LayoutPlan) -> (one: Double, many: Double) {
        var t1 = 0.0, tk = 0.0
        do {
            for (i, m) in messages.enumerated() {
                // The second of the two runs on a message finds its words and data in the CPU's caches:
                // every other message goes the other way round, so neither side gets the warm turn always.
                let singleFirst = i % 2 == 0
                let a = now(CLOCK_MONOTONIC)
                if singleFirst { sink += try engine.layout(m, plan: one).size.height }
                else { for layout in try engine.layouts(m, plan: plan) { sink += layout.size.height } }
                let b = now(CLOCK_MONOTONIC)
                if singleFirst { for layout in try engine.layouts(m, plan: plan) { sink += layout.size.height } }
                else { sink += try engine.layout(m, plan: one).size.height }
                let c = now(CLOCK_MONOTONIC)
                t1 += singleFirst ? b - a : c - b
                tk += singleFirst ? c - b : b - a
            }
        } catch { fail("\(error)") }
        return (t1, tk)
    }
    for plan in plans { _ = pass(plan) }  // cold: fill the word cache
    var ratios = [[Double]](repeating: [], count: sets.count)
    var base: [Double] = []
    for _ in 0..<rounds {
        for (k, plan) in plans.enumerated() {
            let (t1, tk) = pass(plan)
            if k == 0 { base.append(t1) }
            ratios[k].append((tk - t1) / Double(sets[k].count - 1) / t1)
        }
    }
    // A new width from a kept shaping (BubbleEngine.prepare): each message prepared (timed apart), then its
    // layout and its size at 360 px against its full layout at 280, in alternating order.
    var newLayout: [Double] = [], newSize: [Double] = [], preparing: [Double] = []
    for round in -1..<rounds {
        var full = 0.0, layout = 0.0, size = 0.0, prepare = 0.0
        do {
            for (i, m) in messages.enumerated() {
                let p = now(CLOCK_MONOTONIC)
                let prepared = try engine.prepare(m)
                let a = now(CLOCK_MONOTONIC)
                prepare += a - p
                if i % 2 == 0 { sink += try engine.layout(m, plan: one).size.height }
                let b = now(CLOCK_MONOTONIC)
                sink += engine.layout(prepared, width: 360).size.height
                let c = now(CLOCK_MONOTONIC)
                sink += engine.size(prepared, width: 360).height
                let d = now(CLOCK_MONOTONIC)
                if i % 2 == 1 { sink += try engine.layout(m, plan: one).size.height }
                let e = now(CLOCK_MONOTONIC)
                full += i % 2 == 0 ? b - a : e - d
                layout += c - b
                size += d - c
            }
        } catch { fail("\(error)") }
        if round >= 0 { newLayout.append(layout / full); newSize.append(size / full); preparing.append(prepare / full) }
    }
    func median(_ v: [Double]) -> Double { v.sorted()[v.count / 2] }
    var fields = ["\"n\": \(corpus.count)", "\"rounds\": \(rounds)",
                  "\"usPerMessage\": \(fixed(median(base) / Double(corpus.count) * 1e6, 2))",
                  "\"preparedLayoutAt360\": \(fixed(median(newLayout), 3))", "\"preparedSizeAt360\": \(fixed(median(newSize), 3))",
                  "\"prepare\": \(fixed(median(preparing), 3))"]
    for (k, widths) in sets.enumerated() {
        let name = widths.map { String(Int($0)) }.joined(separator: ",")
        fields.append("\"\(name)\": {\"extraWidthCost\": \(fixed(median(ratios[k]), 3)), \"rounds\": [\(ratios[k].map { fixed($0, 3) }.joined(separator: ", "))]}")
    }
    print("{" + fields.joined(separator: ", ") + "}")
    if sink.isNaN { print("") }
}
