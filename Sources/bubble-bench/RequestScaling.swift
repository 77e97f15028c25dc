import Bubble
import FoundationEssentials
#if canImport(Glibc)
import Glibc
#endif

/// `bubble-bench --request-scaling [STEPS]`: what one request costs as each size it carries doubles, so
/// a reader sees the cost double (ratio ≈ 2), not quadruple (issue 32's "linear time in everything a
/// request sizes").
///
/// One batch line per step, as `bubble batch` takes it: read (`MessageReader`), planned, laid out and
/// rendered to JSON, the whole line timed (best of 5, after one untimed run). The sizes doubled, one at
/// a time, from a start that takes a few milliseconds:
/// - `linkMap`: entries of the message's own link map (`k0`… → URLs), on a short message that names three;
/// - `entities`: one-letter words, a `bold` entity on each;
/// - `highlights`: one-letter words, a highlight on each;
/// - `linkRules`: rules of their own pattern (1 up to the most a request may list, 32), over 4,000 words
///   every rule matches some of;
/// - `widths`: widths of one long message (1 up to the most, 16).
///
/// Prints one table row per step: the size, ms per request, and the ratio to the step before (for
/// counts that double, ≈ 2 is linear; link rules and widths start at 1, so their first ratios carry the
/// request's fixed cost too).
func requestScaling(steps: Int) {
    var defaults = peerOptions()
    defaults.maxMessageLength = 4 << 20
    let engine: BubbleEngine
    do { engine = try BubbleEngine(options: defaults, catalog: peerCatalog()) } catch { fail("\(error)") }

    func words(_ n: Int) -> String { Array(repeating: "a", count: n).joined(separator: " ") }
    func json(_ s: String) -> String {
        var out = "\""
        for c in s.unicodeScalars {
            switch c {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            default: out.unicodeScalars.append(c)
            }
        }
        return out + "\""
    }
    let dimensions: [(name: String, sizes: [Int], line: (Int) -> String)] = [
        ("linkMap", (0..<steps).map { 2500 << $0 }, { n in
            let map = (0..<n).map { "\"k\($0)\":\"https://example.com/\($0)\"" }.joined(separator: ",")
            return #"{"id":1,"text":"k1 k2 k3","linkMap":{\#(map)}}"#
        }),
        ("entities", (0..<steps).map { 1000 << $0 }, { n in
            let entities = (0..<n).map { #"{"type":"bold","offset":\#(2 * $0),"length":1}"# }.joined(separator: ",")
            return #"{"id":1,"text":\#(json(words(n))),"entities":[\#(entities)]}"#
        }),
        ("highlights", (0..<steps).map { 1000 << $0 }, { n in
            let highlights = (0..<n).map { ##"{"start":\##(2 * $0),"end":\##(2 * $0 + 1),"backgroundColor":"#ff0"}"## }.joined(separator: ",")
            return #"{"id":1,"text":\#(json(words(n))),"highlights":[\#(highlights)]}"#
        }),
        ("linkRules", (0..<6).map { 1 << $0 }, { n in
            let rules = (0..<n).map { #"{"name":"r\#($0)","pattern":"\\bt\#($0)x\\d+\\b","target":"https://t.example/$0"}"# }.joined(separator: ",")
            let text = (0..<4000).map { "t\($0 % 32)x\($0)" }.joined(separator: " ")
            return #"{"id":1,"text":\#(json(text)),"options":{"linkRules":[\#(rules)]}}"#
        }),
        ("widths", (0..<5).map { 1 << $0 }, { n in
            let widths = (0..<n).map { String(200 + 37 * $0) }.joined(separator: ",")
            let text = String(repeating: "The quick brown fox jumps over the lazy dog, 很久很久以前 @alice. ", count: 40)
            return #"{"id":1,"text":\#(json(text)),"options":{"widths":[\#(widths)],"maxLines":0}}"#
        }),
    ]

    var sink = 0
    /// One batch line as `bubble batch` handles it: read, planned, laid out, rendered.
    func run(_ bytes: [UInt8]) {
        do {
            let request = try MessageReader.read(document: bytes)
            let plan = try engine.plan(for: request.options)
            let renderer = JSONRenderer(offsets: plan.options.offsets)
            if plan.options.given.widths != nil {
                sink &+= renderer.renderArray(try engine.layouts(request.message, plan: plan)).utf8.count
            } else {
                sink &+= renderer.render(try engine.layout(request.message, plan: plan)).utf8.count
            }
        } catch { fail("\(error)") }
    }

    print("| size | count | ms per request | ratio to the step before |\n|---|---:|---:|---:|")
    for dimension in dimensions {
        var previous: Double?
        for size in dimension.sizes {
            let bytes = Array(dimension.line(size).utf8)
            run(bytes)  // untimed: compiles rules, fills the word cache
            var best = Double.infinity
            for _ in 0..<5 {
                let t0 = now(CLOCK_MONOTONIC)
                run(bytes)
                best = min(best, now(CLOCK_MONOTONIC) - t0)
            }
            let ratio = previous.map { fixed(best / $0, 2) } ?? "–"
            print("| \(dimension.name) | \(size) | \(fixed(best * 1e3, 2)) | \(ratio) |")
            previous = best
        }
    }
    printError("checksum \(sink)\n")
}
