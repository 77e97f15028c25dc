public import BubbleMapping

/// The report of one message: the bubble's size, its lines, and where every link and emoji sits.
///
/// Geometry is CSS px in the bubble's own space: origin at its top-left corner, y down, padding
/// included (text starts at `padding.left`, `padding.top`).
public struct BubbleLayout: Sendable {
    public private(set) var lineLayout: LineLayout
    public let padding: EdgeInsets
    /// Shrink-wrapped size: the widest line plus padding; all lines plus padding.
    public let size: (width: Double, height: Double)
    public internal(set) var links: [LinkBox] = []
    public internal(set) var emoji: [EmojiBox] = []
    public internal(set) var highlights: [HighlightBox] = []
    /// Links wholly after the truncation point (`hidden`, no rects), in text order: with ``links`` they are
    /// every link of the message, whichever way it was laid out (see `collectHidden(in:emojiName:)`).
    public internal(set) var hiddenLinks: [LinkBox] = []
    /// Emoji wholly after the truncation point (`hidden`; their `rect` is empty and not reported).
    public internal(set) var hiddenEmoji: [EmojiBox] = []
    /// The mapping of the whole message, when the layout covers only a prefix of it (the long-message path).
    public internal(set) var wholeMessage: MappedText? {
        get { wholeBox?.mapped }
        set { wholeBox = newValue.map(WholeMessage.init) }
    }
    /// ``wholeMessage``, boxed: it is rare, and a layout is copied whole on its way to the caller.
    private var wholeBox: WholeMessage?
    /// Touch rects of links, emoji and the `more` token, when asked for (``addTouchTargets(minSize:)``).
    public internal(set) var touchTargets: TouchTargets?

    package var shaped: ShapedText { lineLayout.shaped }

    /// Puts this layout under `constraints`: for a layout that every width from its own up gives alike
    /// (``LineLayout/unboundedFrom(_:)``), the one at a given width, its constraints saying so. Mutating
    /// in place: a copy made by the caller is the only one (a consuming method returning a new value
    /// moved the 368-byte value through two more temporaries).
    package mutating func constrain(to constraints: LayoutConstraints) {
        lineLayout.constraints = constraints
    }
    public var mapped: MappedText { lineLayout.shaped.mapped }
    /// The mapping of the whole message: ``mapped`` unless the layout covers a prefix of it. Its text and
    /// offsets agree with ``mapped`` over the prefix; hidden items past the prefix are ranges in it.
    public var message: MappedText { wholeMessage ?? mapped }

    /// - Parameters:
    ///   - lineLayout: the lines to report, in text-box space (px, origin at the text's top-left).
    ///   - padding: the room around the text, px; the report's geometry is in bubble space, padding included.
    ///   - truncationURL: where a tap on the truncation token leads; with one, the token is a link of
    ///     kind `more` with its own rect (a plain ellipsis is no link).
    ///   - touchSize: with a size over 0, the touch targets ``addTouchTargets(minSize:)`` adds; here so that
    ///     a caller returns the layout as made (a layout, over 300 bytes, mutated after it is made is copied
    ///     once more).
    ///   - emojiName: the catalog name of a Unicode emoji sequence, when one is known.
    public init(_ lineLayout: LineLayout, padding: EdgeInsets = .zero, truncationURL: String? = nil, touchSize: Double = 0,
                emojiName: (String) -> String? = { _ in nil }) {
        self.lineLayout = consume lineLayout
        self.padding = padding
        size = (self.lineLayout.width + padding.left + padding.right, self.lineLayout.height + padding.top + padding.bottom)
        let visibleEnd = self.lineLayout.visibleEnd
        let visible = 0..<visibleEnd
        let truncated = self.lineLayout.truncated
        // Links after the cut are `hidden` (collectHidden), found from the mapping alone so that a layout of
        // a prefix (BubbleEngine's long-message path) reports them as a layout of the whole message does.
        for link in self.lineLayout.shaped.mapped.links {
            let r = link.range.lowerBound.utf16..<link.range.upperBound.utf16
            guard r.overlaps(visible) else { continue }
            var rects: [Rect] = [], rectLines: [Int] = []
            placeRects(of: r, rects: &rects, lines: &rectLines)
            links.append(LinkBox(link: link, range: r, rects: rects, visibility: Visibility(of: r, visibleEnd: visibleEnd),
                                 rectLines: rectLines))
        }
        if truncated, let truncationURL, let tokenRect = tokenRect() {
            links.append(LinkBox(link: Link(kind: .more, range: MappedIndex(visibleEnd)..<MappedIndex(visibleEnd), target: truncationURL),
                                 range: visibleEnd..<visibleEnd, rects: [tokenRect], visibility: .visible,
                                 rectLines: [self.lineLayout.lines.count - 1]))
        }
        for h in self.lineLayout.shaped.mapped.highlights {
            let r = h.range.lowerBound.utf16..<h.range.upperBound.utf16
            guard r.overlaps(visible) else { continue }
            highlights.append(HighlightBox(highlight: h, range: r, rects: rects(of: r)))
        }
        collectEmoji(emojiName)
        if truncated { collectHidden(in: self.lineLayout.shaped.mapped, emojiName: emojiName) }
        if touchSize > 0 { addTouchTargets(minSize: touchSize) }
    }

    /// One rect per visual run of the range's own glyphs on each line, lines in order and each line's rects
    /// left to right, in bubble space.
    ///
    /// A run is a stretch of glyphs and boxes of `range` that touch on the line: an LTR mention in a
    /// right-to-left line is one rect, and a link that bidi reordering splits around text of its own line
    /// gets a rect per piece. A rect never covers a glyph outside `range` (zero-width marks aside), so the
    /// rects' widths add up to the advances of the range's glyphs.
    public func rects(of range: Range<Int>) -> [Rect] {
        var rects: [Rect] = [], lines: [Int] = []
        placeRects(of: range, rects: &rects, lines: &lines)
        return rects
    }

    /// Appends ``rects(of:)`` to `rects` and the index of each one's line in ``LineLayout/lines`` to `lines`
    /// (two arrays a link keeps as they are, rather than pairs mapped into them).
    func placeRects(of range: Range<Int>, rects: inout [Rect], lines rectLines: inout [Int]) {
        guard !range.isEmpty else { return }
        // Lines are in text order: start at the first that can touch the range (a message of thousands
        // of links on thousands of lines stays linear).
        let lines = lineLayout.lines
        var lo = 0, hi = lines.count
        while lo < hi {
            let mid = (lo + hi) / 2
            if lines[mid].range.upperBound <= range.lowerBound { lo = mid + 1 } else { hi = mid }
        }
        for index in lo..<lines.count {
            let line = lines[index]
            if line.range.lowerBound >= range.upperBound { break }
            guard line.range.overlaps(range) else { continue }
            var open: ClosedRange<Double>?
            func close() {
                if let span = open {
                    rects.append(Rect(x: span.lowerBound + padding.left, y: line.top + padding.top,
                                      width: span.upperBound - span.lowerBound, height: line.height))
                    rectLines.append(index)
                }
                open = nil
            }
            /// Adds the span of one glyph or box of the range; a gap since the last one starts a new rect.
            func add(_ span: ClosedRange<Double>) {
                if let current = open, abs(current.upperBound - span.lowerBound) < BubbleLayout.touching {
                    open = min(current.lowerBound, span.lowerBound)...max(current.upperBound, span.upperBound)
                } else {
                    close()
                    open = span
                }
            }
            for f in line.fragments {
                let fragment = lineLayout.fragments[f]
                switch fragment.kind {
                case .token:
                    close()
                case .placeholder:
                    if range.overlaps(fragment.range) {
                        add(lineLayout.reportedSpan(x: fragment.x, width: fragment.width))
                    } else {
                        close()
                    }
                case .glyphs:
                    if range.lowerBound <= fragment.range.lowerBound && range.upperBound >= fragment.range.upperBound {
                        add(lineLayout.reportedSpan(x: fragment.x, width: fragment.width))
                        continue
                    }
                    if !range.overlaps(fragment.range) {
                        if fragment.width != 0 { close() }
                        continue
                    }
                    for glyph in lineLayout.glyphs(of: fragment) {
                        if range.contains(glyph.cluster) { add(glyph.span) } else if glyph.advance != 0 { close() }
                    }
                }
            }
            close()
        }
    }

    /// Two spans closer than this (px) touch: the float noise of summed advances.
    static let touching = 1e-6

    /// The text a link shows: its stretch of the mapped text, or for the `more` link the truncation token.
    public func text(of box: LinkBox) -> String {
        if box.link.kind == .more { return UTF16Text.string(shaped.token.text) }
        return UTF16Text.string(message.text[box.range])
    }

    private func tokenRect() -> Rect? {
        guard let line = lineLayout.lines.last, line.isTruncated else { return nil }
        var merged: Rect?
        for f in line.fragments {
            let fragment = lineLayout.fragments[f]
            guard case .token = fragment.kind else { continue }
            let rect = Rect(x: fragment.x + padding.left, y: line.top + padding.top, width: fragment.width, height: line.height)
            merged = merged.map { $0.union(rect) } ?? rect
        }
        return merged
    }

    private mutating func collectEmoji(_ emojiName: (String) -> String?) {
        // Most messages draw nothing with a color face: their glyph fragments are skipped at once.
        // (Arrays read in place and lines by index: iterated, each array was retained and released.)
        let anyColor = lineLayout.shaped.faces.withUnsafeBufferPointer { $0.contains { $0.isColor } }
        // Nor do most hold an inline box: then there is no emoji, and no fragment to look at.
        guard anyColor || !lineLayout.shaped.placeholders.isEmpty else { return }
        // Room for every placeholder (most messages with emoji have tokens only): no regrowth per emoji.
        emoji.reserveCapacity(lineLayout.shaped.placeholders.count)
        // One entry per grapheme drawn by a color face, for one fragment at a time (one array for all).
        var clusters: [(range: Range<Int>, span: ClosedRange<Double>)] = []
        for l in lineLayout.lines.indices {
            let line = lineLayout.lines[l]
            for f in line.fragments {
                let fragment = lineLayout.fragments[f]
                switch fragment.kind {
                case let .placeholder(index):
                    // Read field by field: the placeholder whole is a copy of its strings, then released.
                    let placeholders = lineLayout.shaped.placeholders
                    let width = placeholders[index].width, height = placeholders[index].ascent + placeholders[index].descent
                    let span = lineLayout.reportedSpan(x: fragment.x, width: width)
                    let rect = Rect(x: span.lowerBound + padding.left, y: line.baseline - lineLayout.boxAscent(index) + padding.top,
                                    width: span.upperBound - span.lowerBound, height: height)
                    emoji.append(EmojiBox(placeholder: placeholders[index].placeholder, range: fragment.range, rect: rect, visibility: .visible))
                case let .glyphs(runIndex, _):
                    guard anyColor else { continue }
                    let run = lineLayout.shaped.runs[runIndex]
                    guard let face = lineLayout.shaped.face(of: run), face.isColor else { continue }
                    clusters.removeAll(keepingCapacity: true)
                    for glyph in lineLayout.glyphs(of: fragment) {
                        let grapheme = lineLayout.grapheme(of: glyph.cluster, in: fragment)
                        if let i = clusters.firstIndex(where: { $0.range == grapheme }) {
                            let s = clusters[i].span
                            clusters[i].span = min(s.lowerBound, glyph.span.lowerBound)...max(s.upperBound, glyph.span.upperBound)
                        } else {
                            clusters.append((grapheme, glyph.span))
                        }
                    }
                    // Glyph order is text order but in a right-to-left run: sorted in place only then.
                    if clusters.indices.dropFirst().contains(where: { clusters[$0 - 1].range.lowerBound > clusters[$0].range.lowerBound }) {
                        clusters.sort { $0.range.lowerBound < $1.range.lowerBound }
                    }
                    for c in clusters {
                        let sequence = UTF16Text.string(lineLayout.shaped.mapped.text[c.range])
                        let rect = Rect(x: c.span.lowerBound + padding.left, y: line.baseline - run.ascent + padding.top,
                                        width: c.span.upperBound - c.span.lowerBound, height: run.ascent + run.descent)
                        emoji.append(EmojiBox(unicode: sequence, name: emojiName(sequence), range: c.range, rect: rect,
                                              visibility: .visible))
                    }
                case .token:
                    continue
                }
            }
        }
        // Lines come in text order; only right-to-left runs put emoji out of it. (Compared by index: pairs of
        // boxes would be copies, each string retained and released.)
        if emoji.indices.dropFirst().contains(where: { emoji[$0 - 1].range.lowerBound > emoji[$0].range.lowerBound }) {
            emoji.sort { $0.range.lowerBound < $1.range.lowerBound }
        }
    }
}

/// How much of a link or emoji the layout shows.
public enum Visibility: String, Sendable, CaseIterable {
    /// Wholly shown.
    case visible
    /// Partly shown (`maxLines` cut it): the rects cover the shown part, the range stays whole, so a tap still
    /// opens the link. An emoji is one grapheme and never cut.
    case cut
    /// Wholly after the truncation point: listed with its range and no rect, so a client knows what the
    /// `more` token hides.
    case hidden

    /// The visibility of mapped `range`, which overlaps the text shown, ending at `visibleEnd`.
    init(of range: Range<Int>, visibleEnd: Int) {
        self = range.upperBound <= visibleEnd ? .visible : .cut
    }
}

/// A link with one rect per visual run of its glyphs on each line it spans (seed 002's grouped rects).
public struct LinkBox: Sendable {
    public var link: Link
    /// Mapped text range (UTF-16); empty for the truncation token.
    public var range: Range<Int>
    /// In bubble space.
    public var rects: [Rect]
    /// Whether truncation shows the link whole, in part, or not at all.
    public var visibility: Visibility
    /// The line of each of ``rects``: its index in ``LineLayout/lines``.
    package var rectLines: [Int] = []
}

/// An emoji with its rect: a catalog token or inline image (a placeholder), or a Unicode emoji in the text.
public struct EmojiBox: Sendable {
    /// Where the emoji came from: a catalog `[name]` token, a Unicode emoji sequence in the text, or an
    /// inline image span.
    public enum Kind: String, Sendable { case token, unicode, image }
    public var kind: Kind
    /// Catalog name (tokens; Unicode emoji when the catalog knows them), or the image source.
    public var name: String?
    /// The emoji sequence it shows, when it is a Unicode emoji or a token standing for one.
    public var unicode: String?
    /// Catalog image path for stickers.
    public var image: String?
    /// Mapped text range (UTF-16): one U+FFFC for a token or image, the sequence for a Unicode emoji.
    public var range: Range<Int>
    /// In bubble space (px, origin at the bubble's top-left, y down).
    public var rect: Rect
    /// `visible`, or `hidden` after the truncation point (then `rect` is empty); never `cut`: an emoji is one
    /// grapheme, and truncation never splits one.
    public var visibility: Visibility

    init(placeholder: Placeholder, range: Range<Int>, rect: Rect, visibility: Visibility) {
        self.visibility = visibility
        switch placeholder.content {
        case let .token(name, unicode, image):
            kind = .token; self.name = name; self.unicode = unicode; self.image = image
        case let .image(source):
            kind = .image; name = source; unicode = nil; image = source
        }
        self.range = range
        self.rect = rect
    }

    init(unicode: String, name: String?, range: Range<Int>, rect: Rect, visibility: Visibility) {
        self.visibility = visibility
        kind = .unicode
        self.name = name
        self.unicode = unicode
        image = nil
        self.range = range
        self.rect = rect
    }
}

/// A highlight with one rect per line.
public struct HighlightBox: Sendable {
    /// The highlight as the message asked for it (range in mapped text, colors).
    public var highlight: Highlight
    /// Mapped text range (UTF-16).
    public var range: Range<Int>
    /// In bubble space (px), one per line the highlight spans.
    public var rects: [Rect]
}

/// A mapped message kept by reference in a ``BubbleLayout``.
private final class WholeMessage: Sendable {
    let mapped: MappedText
    init(_ mapped: MappedText) { self.mapped = mapped }
}
