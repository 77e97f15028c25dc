import BubbleTypesetting

/// The rules every `bubble html` fragment shares. The bubble's numbers (width, padding, font size,
/// families) come in custom properties set on each bubble, so one stylesheet serves every message.
///
/// The bubble is as wide as Bubble reports (`--bubble-width`), not `fit-content`: a wrapped message's
/// `fit-content` box is the whole max width in CSS, which would move right-to-left lines (aligned to
/// the right edge) away from where Bubble put them. 0.1 px more absorbs the rounding of the reported
/// width to 2 decimals and of CSS lengths to 1/64 px, so the longest line still fits; the max width
/// gets the same 0.1 px, or it would take it back from a bubble Bubble filled to its max width (a
/// line of eleven 16 px ideographs in 176 px, which Chromium measures a hair over when it cuts a
/// kerned pair of kana at the line's end).
///
/// What makes Chromium break where Bubble does: `white-space: pre-wrap` keeps spaces and line feeds
/// as Bubble keeps them (trailing spaces hang); `overflow-wrap: anywhere` lets a word wider than the
/// line break, as Bubble's emergency break does; `line-break: strict` keeps small kana and prolonged
/// sound marks off the start of a line, as UAX #14's default (ICU's) does; `text-spacing-trim:
/// space-all` keeps every fullwidth punctuation mark its full advance, as Bubble shapes it (Chromium's
/// initial `normal` halves one of two adjacent marks, `。」`, and a closing mark at a line's end that
/// would not fit otherwise, so it fits more on a line than Bubble). Mentions and the pieces of
/// a URL Bubble broke are `nowrap` spans, so Chromium cannot break inside them where Bubble did not.
enum HTMLStylesheet {
    static let rules = """
    .bubble{box-sizing:border-box;width:calc(var(--bubble-width) + 0.1px);max-width:calc(var(--bubble-max-width) + 0.1px);\
    padding:var(--bubble-padding);font-family:var(--bubble-fonts);font-size:var(--bubble-font-size);\
    font-style:normal;font-weight:normal;line-height:normal;letter-spacing:normal;word-spacing:normal;\
    white-space:pre-wrap;overflow-wrap:anywhere;word-break:normal;line-break:strict;text-spacing-trim:space-all;text-align:start;\
    unicode-bidi:plaintext;overflow:hidden}
    .bubble .nowrap{white-space:nowrap}
    .bubble img{display:inline;border:0;margin:0;padding:0}
    .bubble .emoji-center{vertical-align:middle}
    .bubble .emoji-baseline{vertical-align:baseline}
    .bubble .emoji-top{vertical-align:text-top}
    .bubble .emoji-bottom{vertical-align:text-bottom}
    .bubble a{color:inherit;text-decoration:underline}
    .bubble .mention{color:#0a66c2}
    .bubble .bold{font-weight:bold}
    .bubble .italic{font-style:italic}
    .bubble .underline{text-decoration:underline}
    .bubble .strike{text-decoration:line-through}
    .bubble .underline.strike{text-decoration:underline line-through}
    .bubble .quote{display:block;border-inline-start:\(BlockQuote.barEm)em solid #0a66c2;\
    padding-inline-start:\(BlockQuote.indentEm - BlockQuote.barEm)em}
    """
}
