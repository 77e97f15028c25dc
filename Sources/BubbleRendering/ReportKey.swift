/// The keys of a layout report, in one table: the JSON writer writes their names, the token writer their
/// index (`rawValue`), and a reader of tokens learns the names from `ReportKey.allCases` (libbubble's
/// `bubble_report_keys`). A key the report writes that is missing here does not compile.
public enum ReportKey: UInt8, CaseIterable, Sendable {
    case version, size, width, height, lineCount, truncated, visible, start, end, lines, top, baseline
    case links, kind, text, target, visibility, rects, touchRects, touchRect
    case emoji, name, unicode, rect, highlights, color, background, pages, quotes, indent, bar
    case status, inline, jumbo, warnings, code, message, unresolvedGlyphs
    case fonts, faces, family, style, file, index, hash, synthetic, harfbuzz, freetype, icu, x, y

    /// The key as JSON writes it.
    public var name: StaticString {
        switch self {
        case .version: "version"
        case .size: "size"
        case .width: "width"
        case .height: "height"
        case .lineCount: "lineCount"
        case .truncated: "truncated"
        case .visible: "visible"
        case .start: "start"
        case .end: "end"
        case .lines: "lines"
        case .top: "top"
        case .baseline: "baseline"
        case .links: "links"
        case .kind: "kind"
        case .text: "text"
        case .target: "target"
        case .visibility: "visibility"
        case .rects: "rects"
        case .touchRects: "touchRects"
        case .touchRect: "touchRect"
        case .emoji: "emoji"
        case .name: "name"
        case .unicode: "unicode"
        case .rect: "rect"
        case .highlights: "highlights"
        case .color: "color"
        case .background: "background"
        case .pages: "pages"
        case .quotes: "quotes"
        case .indent: "indent"
        case .bar: "bar"
        case .status: "status"
        case .inline: "inline"
        case .jumbo: "jumbo"
        case .warnings: "warnings"
        case .code: "code"
        case .message: "message"
        case .unresolvedGlyphs: "unresolvedGlyphs"
        case .fonts: "fonts"
        case .faces: "faces"
        case .family: "family"
        case .style: "style"
        case .file: "file"
        case .index: "index"
        case .hash: "hash"
        case .synthetic: "synthetic"
        case .harfbuzz: "harfbuzz"
        case .freetype: "freetype"
        case .icu: "icu"
        case .x: "x"
        case .y: "y"
        }
    }
}
