/// An inline box in the text: an emoji token, a catalog sticker or an image span.
///
/// Like a CoreText run delegate it answers width, ascent and descent; the typesetter leaves that
/// space empty and the renderer draws the image there. Sizes are CSS px.
package struct Placeholder: Sendable, Equatable {
    /// Where the box sits: the U+FFFC in the mapped text.
    package var index: MappedIndex
    /// What the box shows.
    package var content: Content
    /// Box width in px; `nil` takes the emoji size (1.25 × font size unless the options say otherwise).
    package var width: Double?
    /// Box height in px; `nil` takes the emoji size.
    package var height: Double?
    /// How the box is placed against the line's text, when `ascent`/`descent` are not given.
    package var alignment: PlaceholderAlignment?
    /// Explicit run-delegate metrics (px above and below the baseline); they win over `alignment`.
    package var ascent: Double?
    package var descent: Double?

    package init(index: MappedIndex, content: Content, width: Double? = nil, height: Double? = nil,
                alignment: PlaceholderAlignment? = nil, ascent: Double? = nil, descent: Double? = nil) {
        self.index = index
        self.content = content
        self.width = width
        self.height = height
        self.alignment = alignment
        self.ascent = ascent
        self.descent = descent
    }

    /// What a placeholder shows.
    package enum Content: Sendable, Equatable {
        /// A catalog entry found by its `[name]` token; `image` is the catalog's image file, if any,
        /// `unicode` the emoji sequence it stands for, if any.
        case token(name: String, unicode: String?, image: String?)
        /// An image span or `<img>` with its source as given (never read by Bubble).
        case image(source: String)
    }
}

/// Vertical placement of an inline box (CSS `vertical-align`, Skia's `PlaceholderAlignment`).
public enum PlaceholderAlignment: String, Sendable, Codable, CaseIterable {
    /// Centred on the text's x-height band (the default for emoji).
    case center
    /// Bottom edge on the baseline.
    case baseline
    /// Top edge at the line's text ascent.
    case top
    /// Bottom edge at the line's text descent.
    case bottom
}
