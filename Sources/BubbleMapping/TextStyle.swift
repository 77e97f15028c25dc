/// Character style of a stretch of text, from spans and markup. `nil` fields inherit the defaults.
package struct TextStyle: Sendable, Equatable, Hashable {
    /// Font size in px.
    package var fontSize: Double?
    /// CSS color (`#RRGGBB`, `#RGB` or a name such as `red`), kept as given after validation.
    package var color: String?
    /// Font family ahead of the fallback chain for the graphemes it covers: a name from
    /// ``MappingOptions/faceFamilies`` (the mapper checks it; never a file path).
    package var family: String?
    package var bold: Bool
    package var italic: Bool
    package var underline: Bool
    /// Struck through (a `strikethrough` entity).
    package var strikethrough: Bool
    /// Set in ``TextStyle/monospaceFamily`` where it covers the text (`code` and `pre` entities).
    package var monospace: Bool
    /// Hidden until tapped (a `spoiler` entity).
    package var spoiler: Bool

    /// The face `code` and `pre` use, from Debian's `fonts-dejavu-core` (declared once here).
    package static let monospaceFamily = "DejaVu Sans Mono"

    package init(fontSize: Double? = nil, color: String? = nil, family: String? = nil,
                bold: Bool = false, italic: Bool = false, underline: Bool = false,
                strikethrough: Bool = false, monospace: Bool = false, spoiler: Bool = false) {
        self.strikethrough = strikethrough
        self.monospace = monospace
        self.spoiler = spoiler
        self.fontSize = fontSize
        self.color = color
        self.family = family
        self.bold = bold
        self.italic = italic
        self.underline = underline
    }

    /// The family this style asks for ahead of the chain: the monospace face for `code` and `pre`, else
    /// the markup's or span's own. The typesetter draws with it and the HTML names it, so both agree.
    package var faceFamily: String? { monospace ? TextStyle.monospaceFamily : family }

    /// The default style: everything inherited.
    package static let plain = TextStyle()
}

/// A style applied to a stretch of the mapped text.
package struct StyleRun: Sendable, Equatable {
    public var range: Range<MappedIndex>
    package var style: TextStyle

    package init(range: Range<MappedIndex>, style: TextStyle) {
        self.range = range
        self.style = style
    }
}

/// A highlighted range (seed 002): a text color and a background color.
public struct Highlight: Sendable, Equatable {
    public var range: Range<MappedIndex>
    public var textColor: String?
    public var backgroundColor: String?

    package init(range: Range<MappedIndex>, textColor: String? = nil, backgroundColor: String? = nil) {
        self.range = range
        self.textColor = textColor
        self.backgroundColor = backgroundColor
    }
}
