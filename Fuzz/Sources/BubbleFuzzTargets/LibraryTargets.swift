import Bubble

/// The library's entry points, as the CLI and `bubble batch` call them, on ``FuzzState/engine``: one function
/// per fuzz target (`bubble-fuzz-text` calls ``text(_:)``, and so on). Each takes any bytes, and the only
/// failures are a crash (a trap, an ASan report, a broken ``Invariants`` check), a leak or a time-out; an
/// error answer (`BubbleError`) is a pass. Sizes and widths that the input format does not carry (plain text,
/// markup, spans) are drawn from the input's hash: widths from 800 values, font sizes mostly from a few
/// (see ``drawnOptions(_:)``), one input in eight from hundreds, so the per-size state still fills and evicts.
public enum LibraryTargets {
    static var engine: BubbleEngine { FuzzState.engine }

    /// The font sizes seven inputs in eight are laid out at: fewer than a face keeps HarfBuzz fonts for
    /// (`FontFace.sizedFontCapacity`, 8), so these inputs find their font and their words' shapes warm,
    /// as a server's messages do.
    static let commonSizes: [Double] = [11, 13, 16, 20, 28]

    /// Options for a format that carries none: a font size and a width from the hash, bad bytes replaced.
    /// One input in eight (the hash's top three bits 0) takes a size from 369 (4–96 px by 0.25), a fresh
    /// HarfBuzz font and cold word caches: over a run that is thousands of inputs, enough for the per-size
    /// state (fonts evicted past 8 sizes a face, word-style generations) to fill and turn over, while most
    /// executions test the message rather than pay for a font.
    static func drawnOptions(_ hash: InputHash) -> BubbleOptions {
        var o = BubbleOptions()
        if hash.value >> 61 == 0 {
            o.fontSize = hash.pick(4...96, step: 0.25, shift: 0)
        } else {
            o.fontSize = commonSizes[Int((hash.value >> 40) % UInt64(commonSizes.count))]
        }
        o.maxWidth = hash.pick(1...800, step: 1, shift: 16)
        o.invalidUTF8 = .replace
        return o
    }

    public static func text(_ bytes: [UInt8]) { lay(Message(utf8: bytes, format: .text), drawnOptions(InputHash(bytes))) }
    public static func markup(_ bytes: [UInt8]) { lay(Message(utf8: bytes, format: .markup), drawnOptions(InputHash(bytes))) }
    public static func spans(_ bytes: [UInt8]) { lay(Message(utf8: bytes, format: .spans), drawnOptions(InputHash(bytes))) }

    /// A message object whose body is `text` + `entities` (others are left to the batch target).
    public static func entities(_ bytes: [UInt8]) {
        guard let request = try? MessageReader.read(document: bytes), case .entities = request.message.body else { return }
        lay(request.message, request.options ?? drawnOptions(InputHash(bytes)))
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
