import Bubble

/// What must hold for every input that lays out; a broken invariant is a crash, so libFuzzer keeps the input.
public enum Invariants {
    /// The reported size is a finite, non-negative box and every link and emoji rect is finite.
    public static func check(_ layout: BubbleLayout) {
        let (w, h) = layout.size
        precondition(w.isFinite && h.isFinite && w >= 0 && h >= 0, "layout size \(w)×\(h)")
        for link in layout.links {
            for r in link.rects { precondition(r.x.isFinite && r.y.isFinite && r.width.isFinite && r.height.isFinite, "link rect \(r)") }
        }
        for box in layout.emoji {
            precondition(box.rect.x.isFinite && box.rect.y.isFinite, "emoji rect \(box.rect)")
        }
    }

    /// The JSON report parses with Bubble's own strict reader (the reader refuses the document as a
    /// message, but never as JSON).
    public static func checkJSON(_ json: String) {
        do { _ = try MessageReader.read(document: Array(json.utf8)) } catch {
            precondition(error.code != "malformed_json", "the JSON report does not parse: \(error.message)")
        }
    }

    public static func checkDocument(_ text: String, opening: String) {
        precondition(text.hasPrefix(opening), "the document does not open with \(opening)")
    }

    /// Hit-tests a few points in and around the bubble.
    public static func hitTest(_ layout: BubbleLayout, _ hash: InputHash) {
        let (w, h) = layout.size
        for (fx, fy) in [(0.5, 0.5), (0.0, 0.0), (1.0, 1.0), (-0.1, 0.3), (0.9, 1.2)] {
            _ = layout.hitTest(x: w * fx, y: h * fy)
        }
        _ = layout.hitTest(x: hash.pick(-10...810, step: 1, shift: 3), y: hash.pick(-10...400, step: 1, shift: 20))
    }
}
