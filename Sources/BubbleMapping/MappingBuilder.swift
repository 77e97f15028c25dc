/// Builds one ``MappedText`` while a front end (text, spans, markup) walks its source once.
///
/// Every call consumes source UTF-16 units in order and records what they became in the offset map,
/// so the map always tiles the source. Tag-like source that maps to nothing or to line breaks is
/// held back as *pending* and written as one replacement when content follows (a trailing paragraph
/// break is dropped).
struct MappingBuilder {
    let catalog: EmojiCatalog
    let options: MappingOptions
    /// UTF-16 units of the source.
    let source: UnsafeBufferPointer<UInt16>
    /// The array `source` points into: the offset map keeps it (no copy).
    let sourceArray: [UInt16]
    /// False when the front end knows the mapped text holds no `@`, `://` or `www.`: detection is skipped.
    var mayHoldLinks = true

    var out: [UInt16] = []
    var map = OffsetMap.Builder()
    var placeholders: [Placeholder] = []
    /// Links the input gave explicitly (`link` spans, `<a href>`), in order.
    var explicitLinks: [Link] = []
    var styles: [StyleRun] = []
    /// Mapped ranges where the link map, link rules and detection find nothing (inside entities).
    var blockedRanges: [Range<Int>] = []

    /// The style that content appended next gets; applied lazily so pending breaks keep the old style.
    var style: TextStyle = .plain
    /// What mapping set aside, for ``MappedText/warnings``.
    var warnings: [MappingWarning] = []
    private var runStyle: TextStyle = .plain
    private var runStart = 0

    /// Source units consumed but not yet written to the map, and what they will become.
    private var pendingSource = 0
    private var pendingUnits: [UInt16] = []
    private var pendingParagraph = false

    init(catalog: EmojiCatalog, options: MappingOptions, source: UnsafeBufferPointer<UInt16>, sourceArray: [UInt16]) {
        assert(source.baseAddress == sourceArray.withUnsafeBufferPointer(\.baseAddress) || source.isEmpty,
               "source must point into sourceArray")
        self.catalog = catalog
        self.options = options
        self.source = source
        self.sourceArray = sourceArray
        out.reserveCapacity(source.count)
    }

    /// Source units read so far (the next unit to consume).
    var sourcePosition: Int { map.sourceCount + pendingSource }

    // MARK: Content

    /// Source text `range`, with `[name]` tokens turned into placeholders in one pass.
    mutating func appendText(_ range: Range<Int>) {
        guard !range.isEmpty else { return }
        precondition(range.lowerBound == sourcePosition, "source consumed out of order")
        beginContent()
        scanTokens(range)
    }

    /// Source text `range` copied unchanged, in the current style: no `[name]` token is looked up.
    mutating func appendVerbatim(_ range: Range<Int>) {
        guard !range.isEmpty else { return }
        precondition(range.lowerBound == sourcePosition, "source consumed out of order")
        beginContent()
        copy(range)
    }

    /// Source units copied unchanged.
    mutating func copy(_ range: Range<Int>) {
        guard !range.isEmpty else { return }
        out.append(contentsOf: UnsafeBufferPointer(rebasing: source[range]))
        map.copy(range.count)
    }

    /// `sourceCount` source units shown as `units`.
    mutating func replace(sourceCount: Int, with units: some Collection<UInt16>) {
        beginContent()
        out.append(contentsOf: units)
        map.replace(source: sourceCount, mapped: units.count)
    }

    /// `sourceCount` source units shown as one placeholder.
    mutating func appendPlaceholder(sourceCount: Int, content: Placeholder.Content, width: Double? = nil,
                                    height: Double? = nil, alignment: PlaceholderAlignment? = nil,
                                    ascent: Double? = nil, descent: Double? = nil) {
        beginContent()
        if placeholders.capacity == 0 { placeholders.reserveCapacity(4) }
        placeholders.append(Placeholder(index: MappedIndex(out.count), content: content, width: width, height: height,
                                        alignment: alignment, ascent: ascent, descent: descent))
        out.append(placeholderCharacter)
        map.replace(source: sourceCount, mapped: 1)
    }

    /// The catalog's entry `k` as a placeholder, its fields read where they are stored: an entry copied
    /// out of the catalog is a retain and a release of each of its strings.
    mutating func appendEmoji(entryAt k: Int, sourceCount: Int) {
        let entries = catalog.entries
        appendEmoji(name: entries[k].name, unicode: entries[k].unicode, image: entries[k].image,
                    width: entries[k].width, height: entries[k].height, alignment: entries[k].alignment,
                    ascent: entries[k].ascent, descent: entries[k].descent, sourceCount: sourceCount)
    }

    /// A placeholder for a catalog entry, with the entry's overrides or the options' emoji size.
    mutating func appendEmoji(_ entry: EmojiCatalog.Entry, sourceCount: Int) {
        appendEmoji(name: entry.name, unicode: entry.unicode, image: entry.image, width: entry.width, height: entry.height,
                    alignment: entry.alignment, ascent: entry.ascent, descent: entry.descent, sourceCount: sourceCount)
    }

    private mutating func appendEmoji(name: String, unicode: String?, image: String?, width: Double?, height: Double?,
                                      alignment: PlaceholderAlignment?, ascent: Double?, descent: Double?, sourceCount: Int) {
        appendPlaceholder(sourceCount: sourceCount,
                          content: .token(name: name, unicode: unicode, image: image.map(catalog.imagePath(of:))),
                          width: width ?? options.emojiSize, height: height ?? options.emojiSize,
                          alignment: alignment ?? options.emojiAlign ?? catalog.defaultAlignment,
                          ascent: ascent, descent: descent)
    }

    /// A link the input gave (`link` span, `<a href>`) over the mapped text from `start` to here; atomic when
    /// the caller says so or its text starts with `@` (a mention however it was written).
    mutating func appendExplicitLink(from start: Int, target: String, atomic: Bool) {
        explicitLinks.append(Link(kind: .link, range: MappedIndex(start)..<MappedIndex(out.count), target: target,
                                  isAtomic: atomic || out[start] == 0x40))
    }

    // MARK: Pending (tags)

    /// Source units that show as nothing (a tag).
    mutating func skip(_ count: Int) { pendingSource += count }

    /// Source units that show as a line break (`<br>`).
    mutating func lineBreak(sourceCount: Int) {
        pendingSource += sourceCount
        pendingUnits.append(0x0A)
    }

    /// Source units that end a paragraph: a line break unless nothing follows or one is already there.
    mutating func paragraphBreak(sourceCount: Int) {
        pendingSource += sourceCount
        if !(out.isEmpty && pendingUnits.isEmpty) { pendingParagraph = true }
    }

    /// Writes pending source to the map (content follows).
    mutating func flushPending() {
        guard pendingSource > 0 || !pendingUnits.isEmpty else { return }
        var units = pendingUnits
        if pendingParagraph && (units.isEmpty ? out.last != 0x0A : units.last != 0x0A) { units.append(0x0A) }
        out.append(contentsOf: units)
        map.replace(source: pendingSource, mapped: units.count)
        pendingSource = 0
        pendingUnits.removeAll(keepingCapacity: true)
        pendingParagraph = false
    }

    /// Before any content: write pending breaks, then start a style run if the style changed.
    private mutating func beginContent() {
        flushPending()
        if style != runStyle {
            closeRun()
            runStyle = style
            runStart = out.count
        }
    }

    private mutating func closeRun() {
        guard out.count > runStart, runStyle != .plain else { return }
        let range = MappedIndex(runStart)..<MappedIndex(out.count)
        if let last = styles.last, last.style == runStyle, last.range.upperBound == range.lowerBound {
            styles[styles.count - 1].range = last.range.lowerBound..<range.upperBound
        } else {
            styles.append(StyleRun(range: range, style: runStyle))
        }
    }

    // MARK: Finishing

    /// The mapped text: pending source closed (a trailing paragraph break dropped), links found, highlights
    /// placed. The builder's text, placeholders, styles and warnings move into it.
    mutating func finish(linkMatcher: LinkMatcher?, rules: LinkRules?, highlights: [SourceHighlight]) throws(MappingError) -> MappedText {
        pendingParagraph = false
        flushPending()
        closeRun()
        let offsets = map.build(sharing: sourceArray)
        let explicit = blockedRanges.isEmpty ? explicitLinks : []
        let detect = options.linkify && mayHoldLinks
        var links = try out.withUnsafeBufferPointer { text throws(MappingError) in
            try LinkFinder.links(in: text, explicit: explicit, matcher: linkMatcher, rules: rules, detect: detect)
        }
        if !blockedRanges.isEmpty {
            links = Self.outside(blockedRanges, links)
            links = LinkFinder.merge(explicitLinks, links)
        }
        var mappedHighlights: [Highlight] = []
        if !highlights.isEmpty {
            mappedHighlights = try Self.place(highlights, offsets: offsets, unit: options.offsets)
        }
        // The builder's arrays move out (it is done): copied, each was retained here and released with it.
        var mapped = MappedText(text: Self.take(&out), placeholders: Self.take(&placeholders), links: links,
                                styles: Self.take(&styles), highlights: mappedHighlights, offsets: offsets)
        mapped.warnings = Self.take(&warnings)
        return mapped
    }

    /// `array`'s elements, leaving it empty, without a reference count on its buffer.
    @inline(__always)
    private static func take<T>(_ array: inout [T]) -> [T] {
        var taken: [T] = []
        swap(&taken, &array)
        return taken
    }

    /// The links overlapping none of `blocked`; both in text order, so one merging pass (testing every
    /// link against every blocked range was quadratic in the entities of a message).
    static func outside(_ blocked: [Range<Int>], _ links: [Link]) -> [Link] {
        var kept: [Link] = []
        kept.reserveCapacity(links.count)
        var b = 0
        for link in links {
            let range = link.range.lowerBound.utf16..<link.range.upperBound.utf16
            while b < blocked.count && (blocked[b].isEmpty || blocked[b].upperBound <= range.lowerBound) { b += 1 }
            if b < blocked.count && blocked[b].overlaps(range) { continue }
            kept.append(link)
        }
        return kept
    }

    /// Source highlight ranges (in `unit`) as mapped ranges, in text order.
    static func place(_ highlights: [SourceHighlight], offsets: OffsetMap,
                      unit: OffsetUnit) throws(MappingError) -> [Highlight] {
        var result: [Highlight] = []
        let units = offsets.units
        for (index, highlight) in highlights.enumerated() {
            guard let start = units.utf16(from: highlight.start, in: unit),
                  let end = units.utf16(from: highlight.end, in: unit) else {
                throw .invalidHighlight(index: index, reason: "\(highlight.start)..<\(highlight.end) is not a range of "
                                        + "\(unit.rawValue) offsets on scalar boundaries of the source")
            }
            guard start <= end else {
                throw .invalidHighlight(index: index, reason: "start \(highlight.start) is after end \(highlight.end)")
            }
            let textColor: String?, backgroundColor: String?
            switch (CSSColor.validate(highlight.textColor), CSSColor.validate(highlight.backgroundColor)) {
            case (.success(let t), .success(let b)): textColor = t; backgroundColor = b
            case (.failure(let problem), _), (_, .failure(let problem)):
                throw .invalidHighlight(index: index, reason: problem.reason)
            }
            let lower = offsets.mapped(SourceIndex(start)), upper = offsets.mapped(SourceIndex(end))
            result.append(Highlight(range: lower..<max(lower, upper), textColor: textColor, backgroundColor: backgroundColor))
        }
        return result.sorted { $0.range.lowerBound < $1.range.lowerBound }
    }
}
