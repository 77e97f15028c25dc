import BubbleFonts
import BubbleMapping
import BubbleUnicode

/// Tab advances: each tab reaches the next tab stop.
extension Typesetter {
    /// Gives each tab the advance to the next tab stop counted from its paragraph's start: exact on a
    /// paragraph's first line; the layout measures tabs on later lines from their own line's start.
    @inline(never)
    func setTabAdvances(_ shaped: inout ShapedText.Content, _ advances: inout [Double]) {
        let primary = fonts.faces[0]
        let size = shaped.style.fontSize
        shaped.spaceAdvance = primary.glyph(for: 0x20).map { primary.advance(glyph: $0, size: size) } ?? size / 4
        shaped.tabStop = max(shaped.style.tabSize, 0) * shaped.spaceAdvance
        var t = 0
        for paragraph in shaped.paragraphs {
            var x = 0.0
            var i = paragraph.range.lowerBound
            while t < shaped.tabs.count && shaped.tabs[t] < paragraph.range.upperBound {
                let tab = shaped.tabs[t]
                while i < tab { x += advances[i]; i += 1 }
                advances[tab] = ShapedText.tabAdvance(at: x, stop: shaped.tabStop, space: shaped.spaceAdvance)
                t += 1
            }
        }
    }
}
