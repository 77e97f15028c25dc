// bubble-bench: times Bubble on the corpus (bench/corpus) by the peers' protocol (bench/peers/README.md).
//
//     bubble-bench CORPUS PASSES [TSV]
//     bubble-bench --map-only CORPUS PASSES [TSV]   (the Map stage alone; "peer": "bubble-map")
//     bubble-bench --render CORPUS [PASSES [LIMIT]]
//     bubble-bench --adversarial CORPUS   (hostile 64 KB messages, each as a ratio to a plain one; bound 5)
//     bubble-bench --distinct-sizes CORPUS [COUNT]   (a stream of messages at sizes never seen before)
//     bubble-bench --parse CORPUS [ROUNDS]          (reading 50-message requests against their layout)
//     bubble-bench --widths CORPUS [ROUNDS]         (each extra width of `widths` against a full layout)
//     bubble-bench --prepared CORPUS [PASSES]       (a prepared message at 360 px, PASSES times: for a profiler)
//     bubble-bench --size CORPUS [ROUNDS]           (size-only against a full layout with JSON; JSON's share)
//     bubble-bench --request-scaling [STEPS]        (one request as each size it carries doubles)
//     bubble-bench --plan CORPUS [ROUNDS]           (planning a call's options against a warm layout)
//     bubble-bench --threads CORPUS [ROUNDS] [--engine-per-thread]
//                                                   (one engine on two threads against one thread; or two engines)
//
// Loads every message before timing, runs one untimed cold pass, then PASSES timed passes. A pass lays
// out every message from its text with the peer configuration: DejaVu Sans then Noto Sans CJK SC, 16 px,
// 280 px wide (no padding), at most 5 lines, ellipsis, linkify on, every `[name]` token a 20×20 box on the
// baseline. What is timed is mapping, shaping, line breaking, truncation and the report's rects; not JSON.
// Prints one JSON line; with TSV, writes `id lines height width ellipsized placeholders us` per message,
// height and width in whole px rounded up, as Pango's pango_layout_get_pixel_size rounds its logical
// rect (pango_extents_to_pixels, inclusive); the checksum uses height rounded to nearest.
import Bubble
import BubbleJSON
import FoundationEssentials

#if canImport(Glibc)
import Glibc
#endif

/// glibc's `malloc_trim` (not in the Glibc module map): returns free heap pages to the kernel.
@_silgen_name("malloc_trim")
func malloc_trim(_ pad: Int) -> Int32
@_silgen_name("malloc_stats")
func malloc_stats()

struct CorpusMessage {
    var id: Int
    var lang: String
    var text: String
}

/// Writes `text` to standard error, unbuffered (as `FileHandle.standardError` did).
func printError(_ text: String) {
    var rest = Array(text.utf8)[...]
    while !rest.isEmpty {
        let written = rest.withUnsafeBytes { write(STDERR_FILENO, $0.baseAddress, $0.count) }
        guard written > 0 else { return }
        rest = rest.dropFirst(written)
    }
}

func fail(_ message: String) -> Never {
    printError("bubble-bench: \(message)\n")
    exit(2)
}

func now(_ clock: clockid_t) -> Double {
    var t = timespec()
    clock_gettime(clock, &t)
    return Double(t.tv_sec) + Double(t.tv_nsec) * 1e-9
}

/// Reads `{"id", "lang", "text"}` lines with Bubble's own JSON reader (no Foundation objects, so
/// loading leaves little behind in the heap).
func loadCorpus(_ path: String) -> [CorpusMessage] {
    guard let data = FileManager.default.contents(atPath: path) else { fail("cannot read \(path)") }
    var messages: [CorpusMessage] = []
    data.withUnsafeBytes { (raw: UnsafeRawBufferPointer) in
        let bytes = raw.bindMemory(to: UInt8.self)
        var lineStart = 0
        while lineStart < bytes.count {
            var lineEnd = lineStart
            while lineEnd < bytes.count && bytes[lineEnd] != 0x0A { lineEnd += 1 }
            if lineEnd > lineStart {
                let line = UnsafeBufferPointer(rebasing: bytes[lineStart..<lineEnd])
                guard let object = (try? JSONReader.read(line))?.object, let id = object["id"]?.int, let text = object["text"]?.string else {
                    fail("malformed corpus line: \(String(decoding: line.prefix(80), as: UTF8.self))")
                }
                messages.append(CorpusMessage(id: id, lang: object["lang"]?.string ?? "?", text: text))
            }
            lineStart = lineEnd + 1
        }
    }
    return messages
}

/// The peer configuration's catalog: Bubble's own entries, each a 20×20 box sitting on the baseline.
func peerCatalog() -> EmojiCatalog {
    do {
        let own = try EmojiCatalog(contentsOf: BubbleEngine.defaultCatalogPath)
        let boxes = own.entries.map { entry -> EmojiCatalog.Entry in
            var e = entry
            e.width = 20
            e.height = 20
            e.alignment = .baseline
            e.ascent = nil
            e.descent = nil
            e.group = nil  // listings only; not kept in memory here
            return e
        }
        return try EmojiCatalog(entries: boxes, defaultAlignment: .baseline, folder: own.folder, generator: own.generator)
    } catch {
        fail("cannot load the emoji catalog: \(error)")
    }
}

func peerOptions() -> BubbleOptions {
    var o = BubbleOptions()
    o.fonts = ["DejaVu Sans", "Noto Sans CJK SC"]
    o.fontSize = 16
    o.maxWidth = 280
    o.padding = Padding(.zero)
    o.maxLines = 5
    o.linkify = true
    o.ellipsis = "…"
    // `BUBBLE_BENCH_LINE_METRICS=web` times the web line profile (its cost against exact, in one binary).
    if let m = ProcessInfo.processInfo.environment["BUBBLE_BENCH_LINE_METRICS"] { o.lineMetrics = LineMetrics(rawValue: m) }
    // `BUBBLE_BENCH_LINE_BREAKING=web` likewise times Blink's break rules against the standard ones.
    if let b = ProcessInfo.processInfo.environment["BUBBLE_BENCH_LINE_BREAKING"] { o.lineBreaking = LineBreaking(rawValue: b) }
    return o
}

/// An engine with the peer configuration and catalog, for the modes that time one concern.
func peerEngine() -> BubbleEngine {
    do { return try BubbleEngine(options: peerOptions(), catalog: peerCatalog()) } catch { fail("\(error)") }
}

let arguments = CommandLine.arguments
if arguments.count >= 3, arguments[1] == "--parse" {
    parseCost(corpusPath: arguments[2], rounds: arguments.count > 3 ? Int(arguments[3]) ?? 5 : 5)
    exit(0)
}
if arguments.count >= 2, arguments[1] == "--request-scaling" {
    requestScaling(steps: arguments.count > 2 ? max(2, Int(arguments[2]) ?? 5) : 5)
    exit(0)
}
if arguments.count >= 3, arguments[1] == "--prepared" {
    preparedProfile(corpusPath: arguments[2], passes: arguments.count > 3 ? max(1, Int(arguments[3]) ?? 30) : 30)
    exit(0)
}
if arguments.count >= 3, arguments[1] == "--widths" {
    widthsCost(corpusPath: arguments[2], rounds: arguments.count > 3 ? Int(arguments[3]) ?? 5 : 5)
    exit(0)
}
if arguments.count >= 3, arguments[1] == "--plan" {
    planCost(corpusPath: arguments[2], rounds: arguments.count > 3 ? Int(arguments[3]) ?? 7 : 7)
    exit(0)
}
if arguments.count >= 3, arguments[1] == "--threads" {
    let rest = arguments.dropFirst(3).filter { $0 != "--engine-per-thread" }
    threadScaling(corpusPath: arguments[2], rounds: rest.first.flatMap { Int($0) } ?? 9,
                  enginePerThread: arguments.contains("--engine-per-thread"))
    exit(0)
}
if arguments.count >= 3, arguments[1] == "--size" {
    sizeCost(corpusPath: arguments[2], rounds: arguments.count > 3 ? Int(arguments[3]) ?? 5 : 5)
    exit(0)
}
if arguments.count == 3, arguments[1] == "--scaling" {
    scaling(corpusPath: arguments[2])
    exit(0)
}
if arguments.count >= 4, arguments[1] == "--map-only" {
    guard let passes = Int(arguments[3]), passes >= 1 else { fail("usage: bubble-bench --map-only CORPUS PASSES [TSV]") }
    mapOnly(corpusPath: arguments[2], passes: passes)
    exit(0)
}
if arguments.count >= 3, arguments[1] == "--link-rules" {
    linkRulesCost(corpusPath: arguments[2], passes: arguments.count > 3 ? Int(arguments[3]) ?? 5 : 5)
    exit(0)
}
if arguments.count == 3, arguments[1] == "--adversarial" {
    adversarial(corpusPath: arguments[2])
    exit(0)
}
if arguments.count >= 3, arguments[1] == "--distinct-sizes" {
    distinctSizes(corpusPath: arguments[2], count: arguments.count > 3 ? Int(arguments[3]) ?? 1_000_000 : 1_000_000)
    exit(0)
}
if arguments.count >= 3, arguments[1] == "--render" {
    renderCost(corpusPath: arguments[2], passes: arguments.count > 3 ? Int(arguments[3]) ?? 5 : 5,
               limit: arguments.count > 4 ? Int(arguments[4]) : nil)
    exit(0)
}
guard arguments.count >= 3, let passes = Int(arguments[2]), passes >= 1 else {
    fail("usage: bubble-bench CORPUS PASSES [TSV]  |  bubble-bench --map-only CORPUS PASSES [TSV]  |  "
         + "bubble-bench --scaling CORPUS  |  bubble-bench --render CORPUS [PASSES [LIMIT]]  |  bubble-bench --adversarial CORPUS  |  bubble-bench --link-rules CORPUS [PASSES]  |  bubble-bench --widths CORPUS [ROUNDS]  |  bubble-bench --prepared CORPUS [PASSES]  |  bubble-bench --size CORPUS [ROUNDS]  |  bubble-bench --request-scaling [STEPS]  |  bubble-bench --plan CORPUS [ROUNDS]")
}
/// With `BUBBLE_BENCH_RSS` set, reports the resident set at each stage on stderr (finding what costs memory).
let reportRSS = ProcessInfo.processInfo.environment["BUBBLE_BENCH_RSS"] != nil
func rss(_ stage: String) {
    guard reportRSS, let bytes = FileManager.default.contents(atPath: "/proc/self/status") else { return }
    let status = String(decoding: bytes, as: UTF8.self)
    for line in status.split(separator: "\n") where line.hasPrefix("VmRSS") || line.hasPrefix("VmHWM") {
        printError("rss \(stage): \(line)\n")
    }
    malloc_stats()
}
rss("start")
let catalog = peerCatalog()  // first: its decoding garbage is trimmed before the corpus arrives
_ = malloc_trim(0)
rss("catalog")
let corpus = loadCorpus(arguments[1])
rss("corpus")
let engine: BubbleEngine
let wordCapacity = ProcessInfo.processInfo.environment["BUBBLE_BENCH_WORDS"].flatMap { Int($0) } ?? (1 << 15)
do { engine = try BubbleEngine(options: peerOptions(), catalog: catalog, shapeCacheCapacity: wordCapacity) } catch { fail("\(error)") }
rss("engine")

/// What the checksum and the TSV need of one layout.
struct Result {
    var lines = 0
    var height = 0.0
    var width = 0.0
    var truncated = false
    var placeholders = 0
}

/// Lays out one message and keeps what the checksum and the TSV need. The placeholders are counted from
/// the shaped text's own list (one per mapped placeholder): reading them through `mapped` copied the
/// whole mapped text out of its accessor, nine references retained and released per message.
@inline(never)
func layOut(_ text: String, id: Int) -> Result {
    do {
        let layout = try engine.layout(text: text)
        return Result(lines: layout.lineLayout.lines.count, height: layout.size.height, width: layout.size.width,
                      truncated: layout.lineLayout.truncated, placeholders: layout.lineLayout.shaped.placeholders.count)
    } catch {
        fail("message \(id): \(error)")
    }
}

/// One pass over the corpus. The corpus comes borrowed and the results inout, so the loop passes each
/// message's text without copying the message (a retain and a release of each of its strings) and the
/// results are written without a dynamic exclusivity check of a global per message: the harness's own
/// costs, which the timing is not about.
@inline(never)
func layOutAll(_ corpus: [CorpusMessage], into results: inout [Result]) {
    for i in corpus.indices { results[i] = layOut(corpus[i].text, id: corpus[i].id) }
}

_ = malloc_trim(0)  // hand the loaders' freed heap back to the kernel before timing
var results = [Result](repeating: Result(), count: corpus.count)
var cold = 0.0
var walls: [Double] = [], cpus: [Double] = []
for pass in -1..<passes {  // pass -1: cold, reported apart
    let t0 = now(CLOCK_MONOTONIC), c0 = now(CLOCK_PROCESS_CPUTIME_ID)
    layOutAll(corpus, into: &results)
    let wall = now(CLOCK_MONOTONIC) - t0, cpu = now(CLOCK_PROCESS_CPUTIME_ID) - c0
    if pass < 0 { cold = wall } else { walls.append(wall); cpus.append(cpu) }
    rss("pass \(pass)")
}
if reportRSS, let path = ProcessInfo.processInfo.environment["BUBBLE_BENCH_RSS"], path.hasPrefix("/") {
    _ = system("cat /proc/\(getpid())/smaps > '\(path)'")  // where the resident pages are
}
var checksum = 0
for r in results { checksum += Int(r.height.rounded()) * 31 + r.lines }

func seconds(_ values: [Double]) -> String { values.map { fixed($0, 6) }.joined(separator: ", ") }
print("{\"peer\": \"bubble\", \"n\": \(corpus.count), \"checksum\": \(checksum), \"cold\": \(fixed(cold, 6)), "
      + "\"wall\": [\(seconds(walls))], \"cpu\": [\(seconds(cpus))]}")
let median = walls.sorted()[walls.count / 2]
printError("bubble: \(corpus.count) msgs, median pass \(fixed(median * 1e3, 1)) ms -> \(fixed(Double(corpus.count) / median, 0)) msg/s "
           + "(\(fixed(median / Double(corpus.count) * 1e6, 2)) us/msg)\n")

if arguments.count > 3, !arguments[3].isEmpty {  // an extra pass timing each message, for the results file only
    var out = "id\tlines\theight\twidth\tellipsized\tplaceholders\tus\n"
    for m in corpus {
        let t0 = now(CLOCK_MONOTONIC)
        let r = layOut(m.text, id: m.id)
        let us = (now(CLOCK_MONOTONIC) - t0) * 1e6
        out += "\(m.id)\t\(r.lines)\t\(Int((r.height - 1e-6).rounded(.up)))\t\(Int((r.width - 1e-6).rounded(.up)))\t\(r.truncated ? 1 : 0)\t"
            + "\(r.placeholders)\t\(fixed(us, 2))\n"
    }
    // Written in place (`fopen` truncates), never renamed over the path: a device such as /dev/null stays one.
    let bytes = Array(out.utf8)
    guard let file = fopen(arguments[3], "w") else { fail("cannot write \(arguments[3])") }
    let written = fwrite(bytes, 1, bytes.count, file)
    guard fclose(file) == 0, written == bytes.count else { fail("cannot write \(arguments[3])") }
}

/// `--scaling`: cost per message and per character by length bucket and by language (warm, median of 5
/// passes), and a 1 MB message with maxLines 5 against a 100-character one.
func scaling(corpusPath: String) {
    let corpus = loadCorpus(corpusPath)
    var options = peerOptions()
    options.maxMessageLength = 4 << 20
    let engine: BubbleEngine
    do { engine = try BubbleEngine(options: options, catalog: peerCatalog()) } catch { fail("\(error)") }
    func time(_ text: String, repeats: Int) -> Double {
        var best = Double.infinity
        for _ in 0..<5 {
            let t0 = now(CLOCK_MONOTONIC)
            for _ in 0..<repeats { _ = try? engine.layout(text: text) }
            best = min(best, (now(CLOCK_MONOTONIC) - t0) / Double(repeats))
        }
        return best
    }
    for m in corpus { _ = try? engine.layout(text: m.text) }  // warm
    var perMessage = [Double](repeating: 0, count: corpus.count)
    for i in corpus.indices { perMessage[i] = time(corpus[i].text, repeats: 1) }
    func table(_ title: String, _ key: (Int) -> String) {
        var groups: [String: (n: Int, us: Double, chars: Int)] = [:]
        for i in corpus.indices {
            let k = key(i)
            groups[k, default: (0, 0, 0)].n += 1
            groups[k]!.us += perMessage[i] * 1e6
            groups[k]!.chars += corpus[i].text.count
        }
        print("| \(title) | messages | µs/msg | ns/char |\n|---|---:|---:|---:|")
        for (k, g) in groups.sorted(by: { $0.key < $1.key }) {
            print("| \(k) | \(g.n) | \(fixed(g.us / Double(g.n), 2)) | \(fixed(g.us * 1000 / Double(max(g.chars, 1)), 0)) |")
        }
        print("")
    }
    table("length (chars)") { i in
        let n = corpus[i].text.count
        return n < 10 ? "a. <10" : n < 30 ? "b. 10-29" : n < 100 ? "c. 30-99" : n < 300 ? "d. 100-299" : "e. 300+"
    }
    table("language") { corpus[$0].lang }
    let sentence = "The quick brown fox jumps over the lazy dog, and [smile] then 很久很久以前 it naps. "
    var short = ""
    while short.count < 100 { short += sentence }
    short = String(short.prefix(100))
    var long = ""
    long.reserveCapacity(1 << 20)
    while long.utf8.count < 1 << 20 { long += sentence }
    let tShort = time(short, repeats: 200), tLong = time(long, repeats: 20)
    print("100-char message: \(fixed(tShort * 1e6, 2)) µs; 1 MB message (\(long.utf8.count) bytes), maxLines 5: "
          + "\(fixed(tLong * 1e6, 2)) µs; ratio \(fixed(tLong / tShort, 1))×")
}

/// `--map-only`: the Map stage alone by the same protocol (corpus loaded first, one cold pass, PASSES timed
/// passes, one JSON line with `"peer": "bubble-map"`), so it can run beside `hb_floor` in one `compare` run.
/// A pass maps every message as `layout(text:)` does with the peer configuration and the real catalog:
/// UTF-8 to mapped UTF-16 text, `[name]` tokens to placeholders, links, the offset map. A TSV slot is
/// accepted and ignored (mapping has no lines or heights to report).
func mapOnly(corpusPath: String, passes: Int) {
    let catalog = peerCatalog()
    _ = malloc_trim(0)
    let corpus = loadCorpus(corpusPath)
    let engine: BubbleEngine
    do { engine = try BubbleEngine(options: peerOptions(), catalog: catalog, shapeCacheCapacity: 0) } catch { fail("\(error)") }
    _ = malloc_trim(0)
    var sums = [Int](repeating: 0, count: corpus.count)
    var cold = 0.0
    var walls: [Double] = [], cpus: [Double] = []
    for pass in -1..<passes {  // pass -1: cold, reported apart
        let t0 = now(CLOCK_MONOTONIC), c0 = now(CLOCK_PROCESS_CPUTIME_ID)
        for i in corpus.indices {
            do {
                let m = try engine.mapped(Message(text: corpus[i].text))
                sums[i] = m.text.count &* 7 &+ m.placeholders.count &* 31 &+ m.links.count &* 131 &+ m.offsets.pieceCount
            } catch {
                fail("message \(corpus[i].id): \(error)")
            }
        }
        let wall = now(CLOCK_MONOTONIC) - t0, cpu = now(CLOCK_PROCESS_CPUTIME_ID) - c0
        if pass < 0 { cold = wall } else { walls.append(wall); cpus.append(cpu) }
    }
    let checksum = sums.reduce(0, &+)
    print("{\"peer\": \"bubble-map\", \"n\": \(corpus.count), \"checksum\": \(checksum), \"cold\": \(fixed(cold, 6)), "
          + "\"wall\": [\(seconds(walls))], \"cpu\": [\(seconds(cpus))]}")
    let median = walls.sorted()[walls.count / 2]
    printError("bubble-map: \(corpus.count) msgs, median pass \(fixed(median * 1e3, 1)) ms "
               + "(\(fixed(median / Double(corpus.count) * 1e6, 3)) us/msg)\n")
}

/// `--render`: what reporting costs next to the layout, in one process over the corpus with the peer
/// configuration. Each round times (a) layout only, (b) layout + ``JSONRenderer``, (c) layout +
/// the engine's ``SVGRenderer`` (glyph paths cached in the engine, warm after the untimed first
/// round) and (d) layout + the engine's ``HTMLRenderer`` (as `bubble html` renders), taking turns every
/// 250 messages. Prints the median µs/message and the median of each round's ratios (b−a)/a, (c−a)/a
/// and (d−a)/a: what rendering costs per unit of layout (the issue's "under 2× the layout").
/// `LIMIT` takes only the first messages (for callgrind). With `BUBBLE_BENCH_DUMP=FILE`, every output
/// is written to FILE first; `BUBBLE_BENCH_RENDER` picks the modes timed (default `abcd`).
func renderCost(corpusPath: String, passes: Int, limit: Int?) {
    var corpus = loadCorpus(corpusPath)
    if let limit, limit < corpus.count { corpus = Array(corpus.prefix(limit)) }
    let engine: BubbleEngine
    let svg: SVGRenderer, html: HTMLRenderer
    do {
        engine = try BubbleEngine(options: peerOptions(), catalog: peerCatalog())
        svg = engine.svgRenderer(try engine.plan(for: nil))
        html = engine.htmlRenderer(try engine.plan(for: nil))
    } catch { fail("\(error)") }
    let json = JSONRenderer()
    let mode = ProcessInfo.processInfo.environment["BUBBLE_BENCH_RENDER"] ?? "abcd"
    var bytes = 0
    if let path = ProcessInfo.processInfo.environment["BUBBLE_BENCH_DUMP"] {
        guard let file = fopen(path, "w") else { fail("cannot write \(path)") }
        for m in corpus {
            let layout: BubbleLayout
            do { layout = try engine.layout(text: m.text) } catch { fail("message \(m.id): \(error)") }
            for output in [json.render(layout), svg.render(layout), html.render(layout)] {
                let utf8 = Array((output + "\n").utf8)
                guard fwrite(utf8, 1, utf8.count, file) == utf8.count else { fail("cannot write \(path)") }
            }
        }
        fclose(file)
    }
    /// Times `kind` over `messages`.
    func pass(_ kind: Character, _ messages: ArraySlice<CorpusMessage>) -> Double {
        let t0 = now(CLOCK_MONOTONIC)
        for m in messages {
            let layout: BubbleLayout
            do { layout = try engine.layout(text: m.text) } catch { fail("message \(m.id): \(error)") }
            switch kind {
            case "b": bytes &+= json.render(layout).utf8.count
            case "c": bytes &+= svg.render(layout).utf8.count
            case "d": bytes &+= html.render(layout).utf8.count
            default: bytes &+= layout.lineLayout.lines.count
            }
        }
        return now(CLOCK_MONOTONIC) - t0
    }
    let kinds = Array(mode)
    // The modes take turns every 250 messages, so a burst of load on a shared machine hits them alike.
    var rounds: [[Character: Double]] = []
    for round in -1..<max(passes, 1) {  // round -1 warms the word cache and the glyph paths, untimed
        var total: [Character: Double] = [:]
        for start in stride(from: 0, to: corpus.count, by: 250) {
            let chunk = corpus[start..<min(start + 250, corpus.count)]
            for k in kinds { total[k, default: 0] += pass(k, chunk) }
        }
        if round >= 0 { rounds.append(total) }
    }
    let n = Double(corpus.count)
    func median(_ values: [Double]) -> Double { values.sorted()[values.count / 2] }
    func us(_ k: Character) -> Double { median(rounds.map { $0[k] ?? .nan }) / n * 1e6 }
    /// The median over rounds of (k − a) / a, each round's ratio from its own interleaved timings.
    func ratio(_ k: Character) -> Double { median(rounds.map { (($0[k] ?? .nan) - ($0["a"] ?? .nan)) / ($0["a"] ?? .nan) }) }
    print("render: \(corpus.count) msgs, median of \(rounds.count) rounds (modes interleaved every 250 msgs); checksum \(bytes)")
    print("(a) layout         \(fixed(us("a"), 2, width: 8)) us/msg")
    print("(b) layout + JSON  \(fixed(us("b"), 2, width: 8)) us/msg   JSON alone \(fixed(us("b") - us("a"), 2)) us/msg   "
          + "(b-a)/a = \(fixed(ratio("b"), 2))")
    print("(c) layout + SVG   \(fixed(us("c"), 2, width: 8)) us/msg   SVG alone  \(fixed(us("c") - us("a"), 2)) us/msg   "
          + "(c-a)/a = \(fixed(ratio("c"), 2))")
    print("(d) layout + HTML  \(fixed(us("d"), 2, width: 8)) us/msg   HTML alone \(fixed(us("d") - us("a"), 2)) us/msg   "
          + "(d-a)/a = \(fixed(ratio("d"), 2))")
    print("glyph paths cached: \(engine.glyphPaths.count)")
}

/// `--link-rules`: the Map stage over the corpus with the four built-in link rules (hashtag, cashtag,
/// email, phone) against without, passes interleaved (without, with, without, …) after one warm pass of
/// each. Prints both medians and their ratio (issue 18's budget: ≤ 2).
func linkRulesCost(corpusPath: String, passes: Int) {
    let catalog = peerCatalog()
    let corpus = loadCorpus(corpusPath)
    var withRules = peerOptions()
    let names = ProcessInfo.processInfo.environment["BUBBLE_BENCH_RULES"]?.split(separator: ",").map(String.init)
        ?? ["hashtag", "cashtag", "email", "phone"]
    withRules.linkRules = LinkRuleList(names.map { LinkRule(name: $0) })
    let plain: BubbleEngine, ruled: BubbleEngine
    do {
        plain = try BubbleEngine(options: peerOptions(), catalog: catalog, shapeCacheCapacity: 0)
        ruled = try BubbleEngine(options: withRules, catalog: catalog, shapeCacheCapacity: 0)
    } catch { fail("\(error)") }
    var links = [0, 0]
    func pass(_ engine: BubbleEngine, _ k: Int) -> Double {
        let t0 = now(CLOCK_MONOTONIC)
        var count = 0
        for m in corpus {
            do { count += try engine.mapped(Message(text: m.text)).links.count } catch { fail("message \(m.id): \(error)") }
        }
        links[k] = count
        return now(CLOCK_MONOTONIC) - t0
    }
    _ = pass(plain, 0); _ = pass(ruled, 1)
    var a: [Double] = [], b: [Double] = []
    for _ in 0..<passes { a.append(pass(plain, 0)); b.append(pass(ruled, 1)) }
    let ma = a.sorted()[a.count / 2], mb = b.sorted()[b.count / 2]
    print("link rules: \(corpus.count) msgs, median pass without \(fixed(ma * 1e3, 1)) ms (\(links[0]) links), "
          + "with \(names.joined(separator: "+")) \(fixed(mb * 1e3, 1)) ms (\(links[1]) links); ratio \(fixed(mb / ma, 2))")
}
