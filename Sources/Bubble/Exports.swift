// The facade re-exports the pipeline's public types, so `import Bubble` is all a user writes.
@_exported public import BubbleMapping
@_exported public import BubbleTypesetting
@_exported public import BubbleRendering
@_exported public import BubbleUnicode
@_exported public import BubbleFonts
