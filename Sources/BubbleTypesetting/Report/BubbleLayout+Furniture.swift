extension BubbleLayout {
    /// Where the status slot is, in bubble space (padding included), when the constraints asked for one.
    package var status: StatusPlacement? {
        lineLayout.status.map { StatusPlacement(rect: $0.rect.offsetBy(x: padding.left, y: padding.top), inline: $0.inline) }
    }

    /// Whether the message was laid out as jumbo emoji (only 1 to 3 emoji, enlarged).
    package var jumbo: Bool { shaped.style.jumboScale != nil }
}
