import Bubble

/// The library's entry points, as the CLI and `bubble batch` call them, on ``FuzzState/engine``: one function
/// per fuzz target (`bubble-fuzz-text` calls ``text(_:)``, and so on). Each takes any bytes, and the only
/// failures are a crash (a trap, an ASan report, a broken ``Invariants`` check), a leak or a time-out; an
/// error answer (`BubbleError`) is a pass. Sizes and widths that the input format does not carry (plain text,
/// markup, spans) are drawn from the input's hash: widths from 800 values, font sizes mostly from a few
/// (see ``draw(_:)``), one input in eight from hundreds, so the per-size state still fills and evicts.
public enum LibraryTargets {
    static var engine: BubbleEngine { FuzzState.engine }

    /// The font sizes seven inputs in eight are laid out at: fewer than a face keeps HarfBuzz fonts for
    /// (`FontFace.sizedFontCapacity`, 8), so these inputs find their font and their words' shapes warm,
    /// as a server's messages do.
    static let commonSizes: [Double] = [11, 13, 16, 20, 28]

    /// The widths drawn, px: every bubble width from 1 to 800.
    static let widthCount = 800

    /// An input's font size and width, from its hash. One input in eight (the hash's top three bits 0)
    /// takes a size from 369 (4–96 px by 0.25), a fresh HarfBuzz font and cold word caches: over a run
    /// that is thousands of inputs, enough for the per-size state (fonts evicted past 8 sizes a face,
    /// word-style generations) to fill and turn over, while most executions test the message rather than
    /// pay for a font. `common` is the index of a common size, nil for a drawn one.
    static func draw(_ hash: InputHash) -> (common: Int?, fontSize: Double, maxWidth: Double) {
        let maxWidth = hash.pick(1...Double(widthCount), step: 1, shift: 16)
        guard hash.value >> 61 != 0 else { return (nil, hash.pick(4...96, step: 0.25, shift: 0), maxWidth) }
        let i = Int((hash.value >> 40) % UInt64(commonSizes.count))
        return (i, commonSizes[i], maxWidth)
    }

    /// Options for a format that carries none: a font size and a width, bad bytes replaced.
    static func options(fontSize: Double, maxWidth: Double) -> BubbleOptions {
        var o = BubbleOptions()
        o.fontSize = fontSize
        o.maxWidth = maxWidth
        o.invalidUTF8 = .replace
        return o
    }

    /// The plan of each common size at each width (5 × 800), made once when the target starts
    /// (``prepare()``), as `layout(_:options:)` would make it for those options on every input. An input
    /// at a common size is laid out under its plan (`layout(_:plan:)`, what `layout(_:options:)` runs after
    /// planning): merging, checking and planning the same three options again on every input tests nothing
    /// new. Inputs at a drawn size still go through `layout(_:options:)` whole, and `options`, `entities`,
    /// `batch`, `svg` and `html` plan the options they read on every input.
    static let warmPlans: [LayoutPlan] = {
        var plans: [LayoutPlan] = []
        plans.reserveCapacity(commonSizes.count * widthCount)
        for size in commonSizes {
            for width in 1...widthCount {
                do throws(BubbleError) {
                    plans.append(try engine.plan(for: options(fontSize: size, maxWidth: Double(width))))
                } catch { fatalError("bubble-fuzz: no plan at \(size) px, \(width) px: \(error.message)") }
            }
        }
        return plans
    }()

    /// Makes the engine and the plans before the first input (the `prepare` of the targets that draw sizes).
    public static func prepare() {
        _ = FuzzState.engine
        _ = warmPlans
    }

    /// Lays out a message of a format that carries no options at its drawn size and width.
    static func layDrawn(_ message: Message, _ hash: InputHash) {
        let d = draw(hash)
        if let i = d.common {
            let plan = warmPlans[i * widthCount + Int(d.maxWidth) - 1]
            guard let layout = try? engine.layout(message, plan: plan) else { return }
            check(layout)
        } else {
            lay(message, options(fontSize: d.fontSize, maxWidth: d.maxWidth))
        }
    }

    public static func text(_ bytes: [UInt8]) { layDrawn(Message(utf8: bytes, format: .text), InputHash(bytes)) }
    public static func markup(_ bytes: [UInt8]) { layDrawn(Message(utf8: bytes, format: .markup), InputHash(bytes)) }
    public static func spans(_ bytes: [UInt8]) { layDrawn(Message(utf8: bytes, format: .spans), InputHash(bytes)) }

    /// A message object whose body is `text` + `entities` (others are left to the batch target).
    public static func entities(_ bytes: [UInt8]) {
        guard let request = try? MessageReader.read(document: bytes), case .entities = request.message.body else { return }
        guard let options = request.options else { return layDrawn(request.message, InputHash(bytes)) }
        lay(request.message, options)
    }

    /// The input is an options object, read inside a message object as every front end reads it, and
    /// applied to one of a few messages that use what options change (links, emoji, bidi, spans, markup).
    public static func options(_ bytes: [UInt8]) {
        let hash = InputHash(bytes)
        let sample = samples[Int(hash.value % UInt64(samples.count))]
        let document = Array("{\"options\":".utf8) + bytes + Array(",\(sample)}".utf8)
        guard let request = try? MessageReader.read(document: document), let options = request.options,
              reachable(options) else { return }
        lay(request.message, options)
    }

    /// A batch line, as `bubble batch` lays it out: the line's options over the engine's, one layout or one
    /// per width, written as JSON. (Through the public API only: what a program using Bubble reaches.)
    public static func batch(_ bytes: [UInt8]) {
        guard let request = try? MessageReader.read(document: bytes), reachable(request.options) else { return }
        let offsets = request.options?.offsets ?? engine.defaults.offsets ?? .utf16
        let renderer = JSONRenderer(offsets: offsets)
        if let widths = request.options?.widths {
            guard let layouts = try? engine.layouts(request.message, widths: widths.values, options: request.options) else { return }
            for layout in layouts {
                Invariants.check(layout)
                Invariants.checkJSON(renderer.render(layout))
            }
            return
        }
        guard let layout = try? engine.layout(request.message, options: request.options) else { return }
        Invariants.check(layout)
        Invariants.checkJSON(renderer.render(layout))
        Invariants.hitTest(layout, InputHash(bytes))
    }

    /// A message object laid out and drawn as SVG, as `bubble svg` does.
    public static func svg(_ bytes: [UInt8]) {
        guard let request = try? MessageReader.read(document: bytes), reachable(request.options),
              let svg = try? engine.svg(request.message, options: request.options) else { return }
        Invariants.checkDocument(svg, opening: "<svg")
    }

    /// A message object laid out and drawn as an HTML fragment, as `bubble html` does.
    public static func html(_ bytes: [UInt8]) {
        guard let request = try? MessageReader.read(document: bytes), reachable(request.options),
              let html = try? engine.html(request.message, options: request.options) else { return }
        Invariants.checkDocument(html, opening: "<")
    }

    /// Lays out and checks the layout and its hit tests. The JSON report is the batch target's subject (it
    /// writes and reads back every layout it makes): writing and re-reading it here cost the text and markup
    /// targets more than half their time per input beyond the layout.
    static func lay(_ message: Message, _ options: BubbleOptions) {
        guard let layout = try? engine.layout(message, options: options) else { return }
        check(layout)
    }

    /// The invariants and a few hit tests of a layout.
    static func check(_ layout: BubbleLayout) {
        Invariants.check(layout)
        Invariants.hitTest(layout, InputHash([UInt8(truncatingIfNeeded: layout.lineLayout.lines.count)]))
    }

    /// Files are the caller's to name on the command line (`--catalog`, a font path) and the server's
    /// to choose; the fuzzers leave the file system alone and take what a request may send.
    static func reachable(_ options: BubbleOptions?) -> Bool {
        guard let options else { return true }
        return options.catalog == nil && !(options.fonts ?? []).contains { $0.contains("/") }
    }

    /// Message members (after `"options":…,`) that exercise what options change.
    static let samples: [String] = [
        ##""text":"很久很久以前[smile] visit https://example.com/a?b=1 #tag @user $BTC 📞 +1 555 0100""##,
        ##""markup":"<b>bold</b> <i>it</i> <a href=\"https://x.y\">link</a> <font size=\"30\" color=\"#f00\">big</font> <img width=\"20\" height=\"20\">""##,
        ##""spans":[{"type":"txt","content":"hello "},{"type":"emoji","name":"smile"},{"type":"link","content":"site","url":"https://a.b"}]"##,
        ##""text":"مرحبا بالعالم hello עולם 123 \n second line\twith tab 👍🏽👨‍👩‍👧""##,
        ##""text":"a b c d e f g h i j k l m n o p q r s t u v w x y z a b c d e f g h i j k l m n o p""##,
    ]
}
