import BubbleTypesetting

extension SVGRenderer {
    /// The debug overlay's furniture: the status slot as a dashed box (where the client draws its time
    /// and ticks) and each touch rect as a dashed outline, so the overlay shows what a tap reaches.
    func drawFurnitureOverlay(_ layout: BubbleLayout, into body: inout SVGWriter) {
        let n = SVGWriter.number
        if let s = layout.status {
            let r = s.rect
            body.element("rect", ["x": n(r.x), "y": n(r.y), "width": n(r.width), "height": n(r.height),
                                  "rx": n(min(3, r.width / 4, r.height / 4)), "fill": "#8E8E93", "fill-opacity": "0.35",
                                  "stroke": "#8E8E93", "stroke-width": "0.5", "stroke-dasharray": "2 1"])
        }
        guard let t = layout.touchTargets else { return }
        body.open("g", ["fill": "none", "stroke": "#AF52DE", "stroke-width": "0.75", "stroke-dasharray": "3 2"])
        // Inset by half the stroke, so the outline's ink stays inside the touch rect (and the bubble).
        for r in t.links.joined() + t.emoji where r.width > 0.75 && r.height > 0.75 {
            body.element("rect", ["x": n(r.x + 0.375), "y": n(r.y + 0.375), "width": n(r.width - 0.75), "height": n(r.height - 0.75)])
        }
        body.close("g")
    }
}
