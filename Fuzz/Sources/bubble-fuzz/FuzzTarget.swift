import Bubble

/// Bubble's entry points as libFuzzer sees them: each takes any bytes, and the only failures are a
/// crash (a trap, an ASan report, a broken ``Invariants`` check), a leak or a time-out; an error
/// answer (`BubbleError`) is a pass.
///
/// Every target keeps one engine (or one service) for the whole run, as `bubble serve` and
/// `bubble batch` do, so what a worker keeps between messages — word styles, fonts per size, the face
/// store, shaped words, link rules, font chains — fills, evicts and wraps as it would after hours of
/// traffic. Sizes and widths that the input format does not carry (plain text, markup, spans) are
/// drawn from the input's hash, so the per-size state sees thousands of values.
enum FuzzTarget: String, CaseIterable, Sendable {
    /// Plain text (any bytes, `invalidUTF8: replace`).
    case text
    /// Bubble's markup (`<b>`, `<font size>`, `<img>`, `<a>`, …).
    case markup
    /// A spans JSON array.
    case spans
    /// `{"text", "entities"}`: Telegram-style entities over a text.
    case entities
    /// An options JSON object, applied to a few fixed messages.
    case options
    /// A batch line: a message object read by `MessageReader`, laid out and written as JSON.
    case batch
    /// An HTTP request body, answered by the server's `BubbleService` (layout, svg, html, hit) without a socket.
    case http
    /// A message object laid out and drawn as SVG.
    case svg
    /// A message object laid out and drawn as an HTML fragment.
    case html

    nonisolated(unsafe) static var selected = FuzzTarget.text

    /// Builds the engine or service before the first input, so its start is not an input's cost.
    func prepare() {
        switch self {
        case .http: _ = FuzzState.service
        default: _ = FuzzState.engine
        }
    }

    func run(_ bytes: [UInt8]) {
        switch self {
        case .text: LibraryTargets.text(bytes)
        case .markup: LibraryTargets.markup(bytes)
        case .spans: LibraryTargets.spans(bytes)
        case .entities: LibraryTargets.entities(bytes)
        case .options: LibraryTargets.options(bytes)
        case .batch: LibraryTargets.batch(bytes)
        case .http: ServerTarget.run(bytes)
        case .svg: LibraryTargets.svg(bytes)
        case .html: LibraryTargets.html(bytes)
        }
    }
}
