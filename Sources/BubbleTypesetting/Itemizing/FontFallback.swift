/// How a face is chosen for text the primary face lacks.
public enum FontFallback: String, Sendable, Codable, CaseIterable {
    /// Bubble's own: each grapheme cluster in the first chain face that has it, but a word of one script
    /// in one face when one covers all of it, so an Urdu word DejaVu Sans lacks one letter of keeps its
    /// joining. What `bubble html` tells a browser (it names the face of each such word).
    case word
    /// A browser's and SkParagraph's own: each cluster in the first chain face that has it, whatever its
    /// word; only what the primary face lacks is shaped with another (Blink's and Flutter's font
    /// fallback), so a word drawn from two faces loses its joining there too. For clients that draw the
    /// text themselves with the same family list (a plain CSS `font-family`, a Flutter `TextStyle`).
    case cluster
}
