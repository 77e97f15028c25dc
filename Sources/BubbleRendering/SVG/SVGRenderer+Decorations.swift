import BubbleFonts
import BubbleMapping
import BubbleTypesetting

extension SVGRenderer {
    /// Each block quote's bar, in the link color, where the layout reports it.
    func drawQuoteBars(_ layout: BubbleLayout, into body: inout SVGWriter) {
        let n = SVGWriter.number
        for q in layout.quotes {
            let r = q.bar
            body.element("rect", ["x": n(r.x), "y": n(r.y), "width": n(r.width), "height": n(r.height), "fill": theme.link])
        }
    }

    /// A face at a size: the key of the decoration metrics a render looks up once.
    struct Pair: Hashable {
        var face: ObjectIdentifier
        var size: Double
    }

    /// The underline and strikethrough strokes of one glyph fragment, from the face's own metrics
    /// (``FontFace/decorationMetrics(size:)``): glyphs are added left to right, and each stretch of one
    /// color (a link's, a highlight's, the style's) becomes one stroke in that color's layer. A stroke stays
    /// inside its line box, so it never leaves the bubble the layout reported.
    struct Decoration {
        let underline: (y: Double, thickness: Double)?
        let strikethrough: (y: Double, thickness: Double)?
        private var open: (key: SVGScene.LayerKey, x0: Double, x1: Double)?

        init(style: TextStyle, metrics m: DecorationMetrics, lineTop: Double, lineBottom: Double, baseline: Double) {
            func stroke(_ offset: Double, _ thickness: Double) -> (y: Double, thickness: Double) {
                let t = min(thickness, max(lineBottom - lineTop, 0))
                return (min(max(baseline - offset, lineTop), lineBottom - t), t)
            }
            underline = style.underline ? stroke(m.underlineOffset, m.underlineThickness) : nil
            strikethrough = style.strikethrough ? stroke(m.strikeoutOffset, m.strikeoutThickness) : nil
        }

        /// One glyph's span `x0…x1` drawn in `key`'s layer.
        mutating func add(_ key: SVGScene.LayerKey, from x0: Double, to x1: Double, into scene: inout SVGScene) {
            if let current = open, current.key == key {
                open = (key, min(current.x0, x0, x1), max(current.x1, x0, x1))
                return
            }
            flush(into: &scene)
            open = (key, min(x0, x1), max(x0, x1))
        }

        /// Draws the stretch in progress.
        mutating func flush(into scene: inout SVGScene) {
            guard let (key, x0, x1) = open, x1 > x0 else { open = nil; return }
            open = nil
            let n = SVGWriter.number
            for line in [underline, strikethrough].compactMap({ $0 }) {
                scene.append(to: key) {
                    $0.element("rect", ["x": n(x0), "y": n(line.y), "width": n(x1 - x0), "height": n(line.thickness)])
                }
            }
        }
    }
}
