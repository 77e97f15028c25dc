import BubbleFonts
import BubbleMapping
import BubbleUnicode

/// The size and vertical place of each placeholder (emoji token, image) in the text's style.
extension Typesetter {
    @inline(never)
    func resolvePlaceholders(_ shaped: inout ShapedText.Content) {
        let style = shaped.style
        let x = shaped.primaryMetrics
        for p in shaped.mapped.placeholders {
            let side = style.emojiSize ?? style.fontSize * 1.25
            let k = style.jumboScale ?? 1  // sizes a placeholder brings are scaled too (the style's already are)
            let width = p.width.map { $0 * k } ?? side
            let height = p.height.map { $0 * k } ?? side
            var ascent: Double, descent: Double
            if let a = p.ascent, let d = p.descent {
                ascent = a * k; descent = d * k
            } else {
                switch p.alignment ?? style.emojiAlign {
                case .baseline: ascent = height; descent = 0
                case .center: ascent = x.xHeight / 2 + height / 2; descent = height - ascent
                case .top: ascent = x.ascent; descent = height - x.ascent
                case .bottom: descent = x.descent; ascent = height - x.descent
                }
                if let a = p.ascent { ascent = a * k; descent = height - a * k }
                if let d = p.descent { descent = d * k; ascent = height - d * k }
            }
            shaped.placeholders.append(ResolvedPlaceholder(placeholder: p, width: width, ascent: ascent, descent: descent))
        }
    }
}
