/// The result of the Map stage: what the typesetter lays out.
///
/// `text` is the message with every emoji token and inline image replaced by one U+FFFC
/// (as Skia's `addPlaceholder` and CoreText's run delegates do), markup tags removed and escapes
/// resolved. Every range in it is a ``MappedIndex`` range; ``offsets`` converts them back to the
/// source message.
public struct MappedText: Sendable {
    /// UTF-16 code units of the mapped text.
    package var text: [UInt16]
    /// Inline boxes, in text order; each sits on one U+FFFC of `text`.
    package var placeholders: [Placeholder]
    /// Mentions, URLs and user links, in text order, never overlapping.
    public var links: [Link]
    /// Style runs in text order; text outside every run has the default style.
    package var styles: [StyleRun]
    /// Background highlights (seed 002), in text order.
    package var highlights: [Highlight]
    /// Mapped ↔ source offsets.
    public var offsets: OffsetMap
    /// Block quotes (`blockquote` entities), in text order, never overlapping: each starts and ends a block
    /// (a line break before and after), and the typesetter indents its lines behind a bar.
    public var quotes: [Range<MappedIndex>] = []
    /// What mapping set aside (a `<font face>` outside the allowed families), in source order.
    public var warnings: [MappingWarning] = []

    package init(text: [UInt16], placeholders: [Placeholder] = [], links: [Link] = [], styles: [StyleRun] = [],
                highlights: [Highlight] = [], offsets: OffsetMap) {
        self.text = text
        self.placeholders = placeholders
        self.links = links
        self.styles = styles
        self.highlights = highlights
        self.offsets = offsets
    }

    /// Plain text with nothing mapped: mapped offsets equal source offsets.
    package init(plain source: String) {
        self.init(text: Array(source.utf16), offsets: OffsetMap(identity: source))
    }

    /// The mapped text as a Swift string (for reports and tests, not the hot path).
    public var string: String { UTF16Text.string(text) }

    /// The placeholder at a mapped offset, if one sits there.
    package func placeholder(at index: MappedIndex) -> Placeholder? {
        var lo = 0, hi = placeholders.count
        while lo < hi {
            let mid = (lo + hi) / 2
            if placeholders[mid].index < index { lo = mid + 1 } else { hi = mid }
        }
        return lo < placeholders.count && placeholders[lo].index == index ? placeholders[lo] : nil
    }
}

/// The object replacement character that stands for each placeholder in the mapped text.
@inlinable package var placeholderCharacter: UInt16 { 0xFFFC }
