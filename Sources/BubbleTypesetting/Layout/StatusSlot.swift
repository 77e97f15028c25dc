/// Room for what a chat client draws after a message's text: the time and the delivery ticks
/// (WhatsApp's and Telegram's status). Bubble draws nothing there; it sizes the bubble so the client
/// can, and reports where the room is.
public struct StatusSlot: Sendable, Hashable, Codable {
    /// Width and height of the room, px.
    public var width: Double
    public var height: Double

    public init(width: Double, height: Double) {
        self.width = width
        self.height = height
    }
}

/// Where a ``StatusSlot`` went.
public struct StatusPlacement: Sendable, Equatable {
    /// The slot's box, px, text-box space (origin at the top-left of the text, inside the padding).
    public var rect: Rect
    /// True when it shares the last line; false when it took a line of its own below.
    public var inline: Bool
}
