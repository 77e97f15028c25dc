/// Which break opportunities a line may end at, and where a word wider than the line is cut.
public enum LineBreaking: String, Sendable, Codable, CaseIterable {
    /// UAX #14 (ICU) everywhere; a URL that fits on the next line moves there whole, one wider than a
    /// line breaks after `/ ? & = -` first, then between graphemes. What native clients (CoreText,
    /// Android, Skia) draw from Bubble's lines, and what `bubble html` tells a browser with `<wbr>`.
    case standard
    /// What Chromium draws from a plain chat CSS (`white-space: pre-wrap; overflow-wrap: anywhere`) with
    /// no Bubble markup: Blink's own opportunities replace UAX #14's where they differ (`WebBreakRules`:
    /// its table between two printable ASCII characters, after every run of spaces, on both sides of an
    /// inline image), URLs get no special treatment, and a word wider than the line is cut
    /// at the last grapheme that fits. For web clients that lay out the text themselves.
    case web
    /// What Flutter's SkParagraph draws from plain text (a `TextSpan`): UAX #14 (ICU) with its
    /// differences (`FlutterBreakRules`: a break after every run of spaces, before the Japanese small
    /// kana and `ー`), URLs get no special treatment, and a word wider than the line is cut at the last
    /// grapheme that fits. For Flutter clients (docs/flutter.md).
    case flutter
}
