/// A rectangle in CSS px, top-left origin, y down.
public struct Rect: Sendable, Equatable, Codable {
    public var x: Double
    public var y: Double
    public var width: Double
    public var height: Double

    public init(x: Double, y: Double, width: Double, height: Double) {
        self.x = x
        self.y = y
        self.width = width
        self.height = height
    }

    public var maxX: Double { x + width }
    public var maxY: Double { y + height }

    public func contains(x px: Double, y py: Double) -> Bool { px >= x && px <= maxX && py >= y && py <= maxY }

    func union(_ o: Rect) -> Rect {
        let x0 = min(x, o.x), y0 = min(y, o.y)
        return Rect(x: x0, y: y0, width: max(maxX, o.maxX) - x0, height: max(maxY, o.maxY) - y0)
    }

    func offsetBy(x dx: Double, y dy: Double) -> Rect { Rect(x: x + dx, y: y + dy, width: width, height: height) }
}

/// Space between the bubble's edge and its text, px.
public struct EdgeInsets: Sendable, Hashable, Codable {
    public var top: Double
    public var right: Double
    public var bottom: Double
    public var left: Double

    public init(top: Double, right: Double, bottom: Double, left: Double) {
        self.top = top
        self.right = right
        self.bottom = bottom
        self.left = left
    }

    public init(all: Double) { self.init(top: all, right: all, bottom: all, left: all) }

    public static let zero = EdgeInsets(all: 0)
}
