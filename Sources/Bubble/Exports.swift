// What `import Bubble` gives a user besides the facade's own types (BubbleEngine, BubbleOptions,
// BubbleError): the types of the pipeline a user names, each re-exported by name. Everything else in the
// stage modules stays theirs; code in this package that needs more imports the stage module itself.

// Map: the message in, its mapped text and where each offset came from.
@_exported public import struct BubbleMapping.Message
@_exported public import struct BubbleMapping.Span
@_exported public import struct BubbleMapping.MessageEntity
@_exported public import struct BubbleMapping.SourceHighlight
@_exported public import struct BubbleMapping.Highlight
@_exported public import struct BubbleMapping.Mapper
@_exported public import struct BubbleMapping.MappingOptions
@_exported public import enum BubbleMapping.MappingError
@_exported public import struct BubbleMapping.MappingWarning
@_exported public import struct BubbleMapping.MappedText
@_exported public import struct BubbleMapping.MappedIndex
@_exported public import struct BubbleMapping.SourceIndex
@_exported public import struct BubbleMapping.OffsetMap
@_exported public import enum BubbleMapping.OffsetUnit
@_exported public import struct BubbleMapping.Link
@_exported public import struct BubbleMapping.LinkKind
@_exported public import struct BubbleMapping.LinkRule
@_exported public import struct BubbleMapping.EmojiCatalog
@_exported public import enum BubbleMapping.PlaceholderAlignment

// Typeset: shaping once, laying out at a width, and the values of the options that steer it.
@_exported public import class BubbleTypesetting.Typesetter
@_exported public import class BubbleTypesetting.ShapeCache
@_exported public import struct BubbleTypesetting.ShapedText
@_exported public import struct BubbleTypesetting.ParagraphStyle
@_exported public import struct BubbleTypesetting.LayoutConstraints
@_exported public import enum BubbleTypesetting.TextAlignment
@_exported public import enum BubbleTypesetting.LineHeight
@_exported public import enum BubbleTypesetting.LineMetrics
@_exported public import enum BubbleTypesetting.LineBreaking
@_exported public import enum BubbleTypesetting.FontFallback
@_exported public import enum BubbleTypesetting.BlockQuote
@_exported public import struct BubbleTypesetting.StatusSlot
@_exported public import enum BubbleUnicode.TextDirection
@_exported public import struct BubbleUnicode.UnicodeError

// Report: the laid-out bubble and everything in it a client draws or taps.
@_exported public import struct BubbleTypesetting.LineLayout
@_exported public import struct BubbleTypesetting.Line
@_exported public import struct BubbleTypesetting.Page
@_exported public import struct BubbleTypesetting.BubbleLayout
@_exported public import struct BubbleTypesetting.Rect
@_exported public import struct BubbleTypesetting.EdgeInsets
@_exported public import struct BubbleTypesetting.LinkBox
@_exported public import struct BubbleTypesetting.EmojiBox
@_exported public import struct BubbleTypesetting.HighlightBox
@_exported public import struct BubbleTypesetting.QuoteBox
@_exported public import struct BubbleTypesetting.TouchTargets
@_exported public import struct BubbleTypesetting.StatusPlacement
@_exported public import enum BubbleTypesetting.Visibility
@_exported public import struct BubbleTypesetting.HitResult

// Render: JSON, SVG and HTML of a layout.
@_exported public import struct BubbleRendering.JSONRenderer
@_exported public import struct BubbleRendering.SVGRenderer
@_exported public import struct BubbleRendering.SVGTheme
@_exported public import class BubbleRendering.GlyphPathCache
@_exported public import struct BubbleRendering.HTMLRenderer

// Fonts: the fallback chain a typesetter shapes with.
@_exported public import class BubbleFonts.FallbackChain
@_exported public import class BubbleFonts.FontFace
@_exported public import enum BubbleFonts.FontError
