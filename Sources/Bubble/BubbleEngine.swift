public import BubbleFonts
public import BubbleMapping
public import BubbleTypesetting
import Foundation

/// Bubble's front door: options in, layouts out, fonts and typesetters kept for reuse.
///
/// Thread-safe: fonts and the catalog are shared; each call borrows a ``Typesetter`` (which owns
/// ICU iterators and a HarfBuzz buffer) from a pool, so calls run in parallel.
public final class BubbleEngine: @unchecked Sendable {
    /// Options every call starts from.
    public let defaults: BubbleOptions

    /// Glyph paths for SVG, shared by every message this engine renders.
    public let glyphPaths = GlyphPathCache()

    private let lock = NSLock()
    private var chains: [[String]: FallbackChain] = [:]
    private var pool: [ObjectIdentifier: [Typesetter]] = [:]

    /// Loads the default fonts (a missing family is an error naming its Debian package).
    public init(options: BubbleOptions = BubbleOptions()) throws(BubbleError) {
        try options.validate()
        defaults = options
        _ = try chain(for: options.fonts ?? FallbackChain.defaultFamilies)
    }

    /// Lays out one plain-text message.
    public func layout(text: String, options: BubbleOptions? = nil) throws(BubbleError) -> BubbleLayout {
        let o = try resolve(options)
        let shaped = try shape(map(text, o), o)
        return report(shaped, o, width: o.maxWidth ?? 280)
    }

    /// Lays out a message given as bytes, which must be UTF-8 (or are repaired, with `invalidUTF8: replace`).
    public func layout(utf8 bytes: some Collection<UInt8>, options: BubbleOptions? = nil) throws(BubbleError) -> BubbleLayout {
        let o = try resolve(options)
        return try layout(text: try BubbleEngine.decodeUTF8(bytes, o), options: o)
    }

    /// Shapes once and lays the message out at each width: what a server does for several screens.
    public func layouts(text: String, widths: [Double], options: BubbleOptions? = nil) throws(BubbleError) -> [BubbleLayout] {
        let o = try resolve(options)
        let shaped = try shape(map(text, o), o)
        return widths.map { report(shaped, o, width: $0) }
    }

    /// The Map stage for a plain message.
    func map(_ text: String, _ o: BubbleOptions) throws(BubbleError) -> MappedText {
        let limit = o.maxMessageLength ?? 65536
        let length = text.utf8.count
        if length > limit {
            throw BubbleError(code: "too_long", message: "message is \(length) bytes; the limit (maxMessageLength) is \(limit)")
        }
        return MappedText(plain: text)
    }

    /// The Typeset stage's width-independent half.
    func shape(_ mapped: MappedText, _ o: BubbleOptions) throws(BubbleError) -> ShapedText {
        let chain = try chain(for: o.fonts ?? FallbackChain.defaultFamilies)
        let typesetter = try borrow(chain)
        defer { giveBack(typesetter) }
        let token = o.truncationToken?.text ?? o.ellipsis ?? "…"
        let style = ParagraphStyle(fontSize: o.fontSize ?? 16, direction: o.direction ?? .auto, emojiSize: o.emojiSize,
                                   emojiAlign: o.emojiAlign ?? .center, truncationToken: token, language: o.language)
        return typesetter.shape(mapped, style: style)
    }

    /// The width-dependent half and the report.
    func report(_ shaped: ShapedText, _ o: BubbleOptions, width: Double) -> BubbleLayout {
        let padding = o.padding?.insets ?? .zero
        var constraints = LayoutConstraints(maxWidth: max(width - padding.left - padding.right, 0))
        constraints.maxLines = o.maxLines ?? 0
        constraints.lineSpacing = o.lineSpacing ?? 0
        constraints.paragraphSpacing = o.paragraphSpacing ?? 0
        constraints.firstLineIndent = o.firstLineIndent ?? 0
        constraints.alignment = o.alignment ?? .start
        constraints.pageHeight = o.pageHeight
        switch o.lineHeight {
        case .multiple(let m)?: constraints.lineHeight = .multiple(m)
        case .pixels(let px)?: constraints.lineHeight = .pixels(px)
        case nil: break
        }
        var lines = shaped.layOut(constraints)
        if o.balance == true { lines = shaped.balanced(lines) }
        return BubbleLayout(lines, padding: padding)
    }

    func resolve(_ options: BubbleOptions?) throws(BubbleError) -> BubbleOptions {
        guard let options else { return defaults }
        let merged = options.merged(over: defaults)
        try merged.validate()
        return merged
    }

    static func decodeUTF8(_ bytes: some Collection<UInt8>, _ o: BubbleOptions) throws(BubbleError) -> String {
        if o.invalidUTF8 == .replace { return String(decoding: bytes, as: UTF8.self) }
        var offset = 0
        var iterator = bytes.makeIterator()
        var decoder = UTF8()
        var scalars = String.UnicodeScalarView()
        while true {
            switch decoder.decode(&iterator) {
            case .scalarValue(let s): scalars.append(s); offset += s.utf8.count
            case .emptyInput: return String(scalars)
            case .error:
                throw BubbleError(code: "invalid_utf8", message: "message is not valid UTF-8 at byte \(offset) (use invalidUTF8: replace to repair it)")
            }
        }
    }

    // MARK: fonts and typesetters

    func chain(for families: [String]) throws(BubbleError) -> FallbackChain {
        lock.lock()
        if let chain = chains[families] { lock.unlock(); return chain }
        lock.unlock()
        let chain: FallbackChain
        do { chain = try FallbackChain(families: families) } catch { throw BubbleError(error) }
        lock.lock()
        defer { lock.unlock() }
        if let existing = chains[families] { return existing }
        chains[families] = chain
        return chain
    }

    private func borrow(_ chain: FallbackChain) throws(BubbleError) -> Typesetter {
        lock.lock()
        if let t = pool[ObjectIdentifier(chain)]?.popLast() { lock.unlock(); return t }
        lock.unlock()
        do { return try Typesetter(fonts: chain) } catch { throw BubbleError(error) }
    }

    private func giveBack(_ typesetter: Typesetter) {
        lock.lock()
        pool[ObjectIdentifier(typesetter.fonts), default: []].append(typesetter)
        lock.unlock()
    }
}
