// One benchmark per stage of Bubble's pipeline on the corpus (bench/corpus, or
// $BUBBLE_CORPUS), in the peer configuration of bench/peers/README.md: DejaVu Sans then Noto Sans CJK SC,
// 16 px, 280 px, 5 lines, every [name] token a 20×20 box on the baseline. Each iteration runs its stage
// over a fixed sample of the corpus (every 10th message, 2,000 messages); the inputs of a stage are made
// by the stages before it, outside the measurement. Instructions and mallocs are what count (STYLE §8).
import Benchmark
import Bubble
import Foundation

/// The sample and everything the stages need, built once.
struct Fixture: @unchecked Sendable {
    let texts: [String]
    let catalog: EmojiCatalog
    let fonts: FallbackChain
    let mapper: Mapper
    let mapped: [MappedText]
    let shaped: [ShapedText]
    let layouts: [BubbleLayout]
    let style = ParagraphStyle(fontSize: 16)
    static let width = 280.0

    static let shared = Fixture()

    init() {
        let here = URL(fileURLWithPath: #filePath)
        let root = here.deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent()
        let corpus = ProcessInfo.processInfo.environment["BUBBLE_CORPUS"]
            ?? root.appendingPathComponent("bench/corpus/messages.jsonl").path
        guard let data = FileManager.default.contents(atPath: corpus) else { fatalError("cannot read \(corpus)") }
        var texts: [String] = []
        for (i, line) in data.split(separator: UInt8(ascii: "\n")).enumerated() where i % 10 == 0 {
            let object = try! JSONSerialization.jsonObject(with: Data(line)) as! [String: Any]
            texts.append(object["text"] as! String)
        }
        self.texts = texts
        let own = try! EmojiCatalog(contentsOf: root.appendingPathComponent("Emoji/catalog.json").path)
        catalog = try! EmojiCatalog(entries: own.entries.map { entry in
            var e = entry
            e.width = 20; e.height = 20; e.alignment = .baseline; e.ascent = nil; e.descent = nil
            return e
        }, defaultAlignment: .baseline, folder: own.folder)
        let fonts = try! FallbackChain(families: ["DejaVu Sans", "Noto Sans CJK SC"])
        let mapper = Mapper(catalog: catalog, options: MappingOptions(linkify: true))
        let mapped = texts.map { try! mapper.map($0) }
        let typesetter = try! Typesetter(fonts: fonts)
        let cache = ShapeCache()
        let shaped = mapped.map { typesetter.shape($0, style: ParagraphStyle(fontSize: 16), cache: cache) }
        layouts = shaped.map { BubbleLayout($0.layOut(Fixture.constraints(width: Fixture.width, maxLines: 5))) }
        self.fonts = fonts
        self.mapper = mapper
        self.mapped = mapped
        self.shaped = shaped
    }

    static func constraints(width: Double, maxLines: Int) -> LayoutConstraints {
        LayoutConstraints(maxWidth: width, maxLines: maxLines)
    }
}

let benchmarks: @Sendable () -> Void = {
    Benchmark.defaultConfiguration = .init(metrics: [.instructions, .mallocCountTotal, .wallClock],
                                           warmupIterations: 1, scalingFactor: .one, maxDuration: .seconds(5),
                                           maxIterations: 50)

    Benchmark("Map") { benchmark in
        let f = Fixture.shared
        benchmark.startMeasurement()
        for text in f.texts { blackHole(try! f.mapper.map(text)) }
    }

    Benchmark("Shape") { benchmark in
        // A warm word cache, as a long-running server has.
        let f = Fixture.shared
        let typesetter = try! Typesetter(fonts: f.fonts)
        let cache = ShapeCache()
        for m in f.mapped { _ = typesetter.shape(m, style: f.style, cache: cache) }
        benchmark.startMeasurement()
        for m in f.mapped { blackHole(typesetter.shape(m, style: f.style, cache: cache)) }
    }

    Benchmark("Shape:cold") { benchmark in
        let f = Fixture.shared
        let typesetter = try! Typesetter(fonts: f.fonts)
        benchmark.startMeasurement()
        for m in f.mapped { blackHole(typesetter.shape(m, style: f.style)) }
    }

    Benchmark("LayOut") { benchmark in
        let f = Fixture.shared
        let c = Fixture.constraints(width: Fixture.width, maxLines: 0)
        benchmark.startMeasurement()
        for s in f.shaped { blackHole(s.layOut(c)) }
    }

    Benchmark("LayOut:rewrap") { benchmark in
        // A new width for text shaped once: no reshaping.
        let f = Fixture.shared
        let c = Fixture.constraints(width: 180, maxLines: 0)
        benchmark.startMeasurement()
        for s in f.shaped { blackHole(s.layOut(c)) }
    }

    Benchmark("Truncate") { benchmark in
        // Two lines at most at 180 px: most of the sample is cut and ends with the ellipsis.
        let f = Fixture.shared
        let c = Fixture.constraints(width: 180, maxLines: 2)
        benchmark.startMeasurement()
        for s in f.shaped { blackHole(s.layOut(c)) }
    }

    Benchmark("Render:json") { benchmark in
        let f = Fixture.shared
        let renderer = JSONRenderer()
        benchmark.startMeasurement()
        for l in f.layouts { blackHole(renderer.render(l)) }
    }

    Benchmark("Render:svg") { benchmark in
        let f = Fixture.shared
        let renderer = SVGRenderer()
        benchmark.startMeasurement()
        for l in f.layouts { blackHole(renderer.render(l)) }
    }
}
