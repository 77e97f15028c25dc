import Bubble
import BubbleTestSupport
import Foundation
import Testing

/// What a client reads from the JSON: rects rounded by their edges, so touch rects that abut in Bubble never
/// overlap in the report and every rect lies inside the reported size.
@Suite struct JSONRectTests {
    static let engine = try! BubbleEngine()

    /// A rect as the JSON gives it, in hundredths of a px (the JSON's precision), so comparisons are exact.
    struct Box {
        var x, y, right, bottom: Int
        init(_ object: [String: Any]) {
            func n(_ key: String) -> Double { (object[key] as? NSNumber)?.doubleValue ?? .nan }
            x = Int((n("x") * 100).rounded()); y = Int((n("y") * 100).rounded())
            right = Int(((n("x") + n("width")) * 100).rounded()); bottom = Int(((n("y") + n("height")) * 100).rounded())
        }
        func overlaps(_ o: Box) -> Bool { x < o.right && o.x < right && y < o.bottom && o.y < bottom }
    }

    /// Every rect, touch rect and emoji rect of one JSON layout, with the touch rects apart.
    static func boxes(_ json: String) throws -> (size: (Int, Int), all: [Box], touch: [Box]) {
        let d = try JSONSerialization.jsonObject(with: Data(json.utf8)) as! [String: Any]
        let size = d["size"] as! [String: Any]
        var all: [Box] = [], touch: [Box] = []
        for link in d["links"] as! [[String: Any]] {
            all += (link["rects"] as! [[String: Any]]).map(Box.init)
            let t = (link["touchRects"] as? [[String: Any]] ?? []).map(Box.init) + [link["touchRect"] as? [String: Any]].compactMap { $0 }.map(Box.init)
            touch += t
        }
        for e in d["emoji"] as! [[String: Any]] {
            if let r = e["rect"] as? [String: Any] { all.append(Box(r)) }
            if let r = e["touchRect"] as? [String: Any] { touch.append(Box(r)) }
        }
        for h in d["highlights"] as! [[String: Any]] { all += (h["rects"] as! [[String: Any]]).map(Box.init) }
        let w = Int((((size["width"] as! NSNumber).doubleValue) * 100).rounded()), h = Int((((size["height"] as! NSNumber).doubleValue) * 100).rounded())
        return ((w, h), all + touch, touch)
    }

    /// The mentions of the issue: touch rects grown until they meet abut exactly as written.
    @Test func abuttingTouchRectsDoNotOverlapInTheJSON() throws {
        var o = BubbleOptions()
        o.minTouchSize = 44
        let json = JSONRenderer().render(try Self.engine.layout(text: "hi @ann @bo @cy www.example.com [smile] ok", options: o))
        let (_, _, touch) = try Self.boxes(json)
        #expect(touch.count >= 5)
        for (i, a) in touch.enumerated() {
            for b in touch[(i + 1)...] { #expect(!a.overlaps(b), "\(a) overlaps \(b) in \(json)") }
        }
    }

    /// Over 1,500 corpus messages at three widths with touch targets on: as read from the JSON, no two touch
    /// rects overlap and every rect is inside the bubble.
    @Test func overTheCorpusTouchRectsNeverOverlapAndRectsStayInside() throws {
        let texts = try Corpus.texts(limit: 1_500)
        var checked = 0
        for (n, text) in texts.enumerated() {
            var o = BubbleOptions()
            o.maxWidth = [200, 280, 360][n % 3]
            o.minTouchSize = 44
            if n % 4 == 0 { o.padding = Padding(EdgeInsets(top: 0, right: 0, bottom: 0, left: 0)) }
            let json = JSONRenderer(includeFonts: false).render(try Self.engine.layout(text: text, options: o))
            let (size, all, touch) = try Self.boxes(json)
            for r in all {
                #expect(r.x >= 0 && r.y >= 0 && r.right <= size.0 && r.bottom <= size.1, "message \(n): \(r) outside \(size)")
            }
            for (i, a) in touch.enumerated() {
                for b in touch[(i + 1)...] { #expect(!a.overlaps(b), "message \(n): \(a) overlaps \(b)") }
            }
            checked += touch.count
        }
        #expect(checked > 500)
    }
}
