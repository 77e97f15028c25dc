import Bubble
import BubbleJSON
import FoundationEssentials
#if canImport(Glibc)
import Glibc
#endif

/// `bubble-bench --parse CORPUS [ROUNDS]`: what reading a 50-message `/v1/layout` request costs
/// against laying its messages out (issue 13's target: reading ≤ 25% of the layout).
///
/// The corpus is cut into request bodies of 50 messages, written as a client would
/// (`{"options": {...}, "messages": [{"id", "text"}, ...]}`). Reading is what the service does before
/// any layout: the JSON reader, the message reader for each message, the request's plan. Layout is the
/// engine's work for the same messages under that plan. The two take turns body by body; the median of
/// the rounds' ratios is printed.
func parseCost(corpusPath: String, rounds: Int) {
    let corpus = loadCorpus(corpusPath)
    var bodies: [[UInt8]] = []
    var start = 0
    while start < corpus.count {
        let chunk = corpus[start..<min(start + 50, corpus.count)]
        let messages = chunk.map { #"{"id":\#($0.id),"lang":"\#($0.lang)","text":\#(JSONValue.quoted($0.text))}"# }
        bodies.append(Array(#"{"options":{"maxWidth":280,"maxLines":5},"messages":[\#(messages.joined(separator: ","))]}"#.utf8))
        start += 50
    }
    let engine: BubbleEngine
    do { engine = try BubbleEngine(options: peerOptions(), catalog: peerCatalog()) } catch { fail("\(error)") }

    /// Reads one body as the service does; returns its messages and plan.
    func read(_ body: [UInt8]) -> ([Message], LayoutPlan) {
        do {
            guard let fields = try JSONReader.read(body).object, let list = fields["messages"]?.array else { fail("bad body") }
            let options = try fields["options"].map { (v) throws(BubbleError) in try BubbleOptions(json: v) }
            let plan = try engine.plan(for: options)
            var messages: [Message] = []
            messages.reserveCapacity(list.count)
            for value in list { messages.append(try MessageReader.read(value, document: body).message) }
            return (messages, plan)
        } catch { fail("\(error)") }
    }

    /// The same bodies through Foundation's `JSONDecoder` into plain structs (no options checks, no
    /// message reading): the alternative the hand-written reader was measured against.
    struct DecodedMessage: Decodable { var id: Int; var lang: String; var text: String }
    struct DecodedRequest: Decodable { var options: BubbleOptions?; var messages: [DecodedMessage] }
    func decode(_ body: [UInt8]) -> Int {
        do { return try JSONDecoder().decode(DecodedRequest.self, from: Data(body)).messages.count } catch { fail("\(error)") }
    }

    var ratios: [Double] = [], decoderRatios: [Double] = []
    var parseTotal = 0.0, layoutTotal = 0.0, checksum = 0
    for round in 0...rounds {
        var parse = 0.0, layout = 0.0, decoder = 0.0
        for body in bodies {
            let d0 = now(CLOCK_MONOTONIC)
            checksum &+= decode(body)
            decoder += now(CLOCK_MONOTONIC) - d0
            let t0 = now(CLOCK_MONOTONIC)
            let (messages, plan) = read(body)
            let t1 = now(CLOCK_MONOTONIC)
            for m in messages {
                do { checksum &+= try engine.layout(m, plan: plan).lineLayout.lines.count } catch { fail("\(error)") }
            }
            let t2 = now(CLOCK_MONOTONIC)
            parse += t1 - t0
            layout += t2 - t1
        }
        guard round > 0 else { continue }  // the first round warms the word cache
        ratios.append(parse / layout)
        decoderRatios.append(decoder / layout)
        parseTotal += parse
        layoutTotal += layout
    }
    ratios.sort()
    decoderRatios.sort()
    let n = Double(corpus.count * rounds)
    let median = ratios[ratios.count / 2]
    print(#"{"bodies":\#(bodies.count),"messagesPerBody":50,"rounds":\#(rounds),"parseMicrosPerMessage":\#(parseTotal / n * 1e6),"layoutMicrosPerMessage":\#(layoutTotal / n * 1e6),"parseOverLayout":\#(median),"jsonDecoderOverLayout":\#(decoderRatios[decoderRatios.count / 2]),"checksum":\#(checksum)}"#)
}
