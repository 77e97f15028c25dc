/// Entities input: the text plus Telegram-style ``MessageEntity`` values.
///
/// The source is the text itself. Entities are checked first (each error names the entity's index), then
/// the text is walked once, cut at every entity boundary: each stretch gets the union of the formatting
/// entities over it, `code`/`pre` set it in the monospace face, a `custom_emoji` found in the catalog
/// becomes one sticker placeholder for its whole range, and link entities become explicit links (they win
/// over the link map, link rules and detection). Outside every entity `[name]` tokens, the link map and
/// detection still run (unless `linkify` is false); inside an entity they never do.
///
/// Nesting follows Telegram's documented rules: two entities that share characters must nest (one holds
/// the other whole); `bold`, `italic`, `underline`, `strikethrough` and `spoiler` nest with anything but
/// `code` and `pre`; `blockquote` never nests in a `blockquote`; all other entities (links, `code`, `pre`,
/// `custom_emoji`) hold no other entity but formatting and sit in no link. A `blockquote` may hold anything.
extension Mapper {
    /// One entity in UTF-16 offsets of the source, with its index in the message.
    struct PlacedEntity {
        var index: Int
        var entity: MessageEntity
        var range: Range<Int>
    }

    func mapEntities(_ text: String, _ entities: [MessageEntity], matcher: LinkMatcher,
                     highlights: [SourceHighlight]) throws(MappingError) -> MappedText {
        let source = Array(text.utf16)
        let placed = try Self.place(entities, in: text, source: source, unit: options.offsets)
        return try source.withUnsafeBufferPointer { buffer throws(MappingError) in
            var builder = MappingBuilder(catalog: catalog, options: options, source: buffer, sourceArray: source)
            // Every boundary where the set of covering entities changes.
            var cuts = Set<Int>([0, source.count])
            var blockStarts = Set<Int>(), blockEnds = Set<Int>()
            for p in placed {
                cuts.insert(p.range.lowerBound); cuts.insert(p.range.upperBound)
                if p.entity.type.isBlock { blockStarts.insert(p.range.lowerBound); blockEnds.insert(p.range.upperBound) }
            }
            let bounds = cuts.sorted()
            // One sweep over the bounds, each entity entering and leaving once: scanning every entity at
            // every bound cost 10 s for 16,000 entities. `placed` is sorted by start; `byEnd` by end.
            let byEnd = placed.indices.sorted { placed[$0].range.upperBound < placed[$1].range.upperBound }
            var entering = 0, leaving = 0
            var covering = CoveringEntities()
            var opening = 0
            /// Entities opened (in `placed` order) and their mapped starts: nested, so the ones a step closes
            /// are the last ones opened.
            var open: [(index: Int, from: Int)] = []
            var blocked: [Range<Int>] = []     // mapped ranges inside entities
            var spoilers: [Range<Int>] = []
            var quotes: [Range<Int>] = []
            var position = 0
            var k = 0
            while k + 1 < bounds.count {
                let start = bounds[k], end = bounds[k + 1]
                while leaving < byEnd.count && placed[byEnd[leaving]].range.upperBound <= start {
                    covering.remove(byEnd[leaving], placed[byEnd[leaving]].entity.type); leaving += 1
                }
                while entering < placed.count && placed[entering].range.lowerBound <= start {
                    covering.add(entering, placed[entering].entity.type); entering += 1
                }
                guard start >= position else { k += 1; continue }
                // `pre` and `blockquote` are blocks of their own: a line break before and after unless one is there.
                if start > 0, source[start - 1] != 0x0A, blockStarts.contains(start) {
                    builder.lineBreak(sourceCount: 0)
                }
                if start > 0, start < source.count, source[start] != 0x0A, blockEnds.contains(start) {
                    builder.lineBreak(sourceCount: 0)
                }
                // Entities opening here record their mapped start (after any pending break); those that
                // start inside a sticker never open.
                builder.flushPending()
                while opening < placed.count && placed[opening].range.lowerBound < start { opening += 1 }
                while opening < placed.count && placed[opening].range.lowerBound == start {
                    open.append((opening, builder.out.count)); opening += 1
                }
                var sticker: (PlacedEntity, EmojiCatalog.Entry)?
                for i in covering.customEmoji {
                    if let id = placed[i].entity.customEmojiId, let entry = catalog[id] { sticker = (placed[i], entry) }
                }
                let inside = covering.count > 0
                builder.style = covering.style
                let mappedStart = builder.out.count
                if let (p, entry) = sticker {
                    builder.appendEmoji(entry, sourceCount: p.range.count)
                    position = p.range.upperBound
                } else if inside {
                    builder.appendVerbatim(start..<end)
                    position = end
                } else {
                    builder.appendText(start..<end)
                    position = end
                }
                if inside { blocked.append(mappedStart..<builder.out.count) }
                // Link entities closing here become explicit links.
                var first = open.count
                while first > 0 && placed[open[first - 1].index].range.upperBound <= position { first -= 1 }
                for (i, from) in open[first...] {
                    let p = placed[i]
                    if p.entity.type == .spoiler, builder.out.count > from { spoilers.append(from..<builder.out.count) }
                    if p.entity.type == .blockquote, builder.out.count > from { quotes.append(from..<builder.out.count) }
                    guard let kind = p.entity.type.linkKind, builder.out.count > from else { continue }
                    let shown = UTF16Text.string(UnsafeBufferPointer(rebasing: buffer[p.range]))
                    // A mention (text_mention included) or any link whose text starts with `@` is atomic.
                    builder.explicitLinks.append(Link(kind: kind, range: MappedIndex(from)..<MappedIndex(builder.out.count),
                                                      target: Self.target(of: p.entity, shown: shown),
                                                      isAtomic: kind == .mention || builder.out[from] == 0x40))
                }
                open.removeSubrange(first...)
                k += 1
            }
            builder.explicitLinks.sort { $0.range.lowerBound < $1.range.lowerBound }
            builder.blockedRanges = blocked
            var mapped = try builder.finish(linkMatcher: matcher, rules: try compiledRules(), highlights: highlights)
            // A quote's content without the line feeds at its edges (the text's own, or the ones added above).
            mapped.quotes = quotes.compactMap { q in
                var r = q
                while !r.isEmpty, mapped.text[r.upperBound - 1] == 0x0A { r = r.lowerBound..<r.upperBound - 1 }
                while !r.isEmpty, mapped.text[r.lowerBound] == 0x0A { r = r.lowerBound + 1..<r.upperBound }
                return r.isEmpty ? nil : MappedIndex(r.lowerBound)..<MappedIndex(r.upperBound)
            }
            // A spoiler is reported as a highlight whose text color is its background: its rects are in
            // the report and the SVG draws it as a solid block.
            if !spoilers.isEmpty {
                mapped.highlights += spoilers.map {
                    Highlight(range: MappedIndex($0.lowerBound)..<MappedIndex($0.upperBound),
                              textColor: MessageEntity.spoilerColor, backgroundColor: MessageEntity.spoilerColor)
                }
                mapped.highlights.sort { $0.range.lowerBound < $1.range.lowerBound }
            }
            return mapped
        }
    }

    /// The entities covering the stretch the sweep of ``mapEntities(_:_:matcher:highlights:)`` is at: how
    /// many of each formatting type (their union is the stretch's style), and the `custom_emoji` ones.
    private struct CoveringEntities {
        var count = 0
        private var bold = 0, italic = 0, underline = 0, strikethrough = 0, spoiler = 0, monospace = 0
        /// Indices into the placed entities, in their order (nesting rules allow one at a time).
        private(set) var customEmoji: [Int] = []

        mutating func add(_ index: Int, _ type: MessageEntity.Kind) { change(index, type, by: 1) }
        mutating func remove(_ index: Int, _ type: MessageEntity.Kind) { change(index, type, by: -1) }

        private mutating func change(_ index: Int, _ type: MessageEntity.Kind, by delta: Int) {
            count += delta
            switch type {
            case .bold: bold += delta
            case .italic: italic += delta
            case .underline: underline += delta
            case .strikethrough: strikethrough += delta
            case .spoiler: spoiler += delta
            case .code, .pre: monospace += delta
            case .customEmoji:
                if delta > 0 { customEmoji.append(index) } else { customEmoji.removeAll { $0 == index } }
            default: break
            }
        }

        /// The union of the formatting entities' styles.
        var style: TextStyle {
            var style = TextStyle.plain
            style.bold = bold > 0
            style.italic = italic > 0
            style.underline = underline > 0
            style.strikethrough = strikethrough > 0
            style.spoiler = spoiler > 0
            style.monospace = monospace > 0
            return style
        }
    }

    /// Where a link entity points: `text_link` its URL, `text_mention` the user (`tg://user?id=`),
    /// `email` `mailto:`, `phone_number` `tel:` (digits and `+` only), `url` the URL (`https://` added
    /// when it has no scheme); the others (`mention`, `hashtag`, `cashtag`, `bot_command`) their text, as
    /// a detected mention does.
    static func target(of entity: MessageEntity, shown: String) -> String {
        switch entity.type {
        case .textLink: return entity.url ?? shown
        case .textMention: return entity.userId.map { "tg://user?id=\($0)" } ?? shown
        case .email: return "mailto:" + shown
        case .phoneNumber: return "tel:" + String(shown.unicodeScalars.filter { $0 == "+" || ("0"..."9").contains($0) }.map(Character.init))
        case .url: return shown.contains("://") ? shown : "https://" + shown
        default: return shown
        }
    }

    /// The entities in UTF-16 offsets, checked: inside the text, on grapheme boundaries, nested as
    /// Telegram allows, `text_link` URLs http(s). Sorted by start, outer before inner.
    static func place(_ entities: [MessageEntity], in text: String, source: [UInt16],
                      unit: OffsetUnit) throws(MappingError) -> [PlacedEntity] {
        guard !entities.isEmpty else { return [] }
        let units = SourceUnits(utf16: source)
        let graphemes = SourceGraphemes(text)
        var placed: [PlacedEntity] = []
        for (index, entity) in entities.enumerated() {
            guard entity.offset >= 0, entity.length > 0 else {
                throw .invalidEntity(index: index, reason: "offset \(entity.offset) and length \(entity.length): the offset must be ≥ 0 and the length > 0")
            }
            let (end, overflow) = entity.offset.addingReportingOverflow(entity.length)
            let total = units.convert(utf16: source.count, to: unit)
            guard !overflow, end <= total else {
                throw .invalidEntity(index: index, reason: "\(entity.offset)..<\(overflow ? Int.max : end) is outside the text, "
                                     + "which is \(total) \(unit.rawValue) units long")
            }
            var bounds: [Int] = []
            for offset in [entity.offset, end] {
                guard let u = units.utf16(from: offset, in: unit) else {
                    throw .invalidEntity(index: index, reason: "\(unit.rawValue) offset \(offset) is inside a character")
                }
                if u > 0, u < source.count, source[u - 1] & 0xFC00 == 0xD800, source[u] & 0xFC00 == 0xDC00 {
                    throw .invalidEntity(index: index, reason: "offset \(offset) splits a surrogate pair")
                }
                if u < source.count, !isGraphemeStart(u, graphemes.starts) {
                    throw .invalidEntity(index: index, reason: "offset \(offset) splits a grapheme cluster")
                }
                bounds.append(u)
            }
            switch entity.type {
            case .textLink:
                guard let url = entity.url, let safe = LinkTarget.sanitize(url),
                      safe.lowercased().hasPrefix("http://") || safe.lowercased().hasPrefix("https://") else {
                    throw .invalidEntity(index: index, reason: "a text_link needs an http or https \"url\"\(entity.url.map { ", not '\($0)'" } ?? "")")
                }
            case .customEmoji:
                guard let id = entity.customEmojiId, !id.isEmpty else {
                    throw .invalidEntity(index: index, reason: "a custom_emoji needs \"custom_emoji_id\"")
                }
            case .textMention:
                guard entity.userId != nil else { throw .invalidEntity(index: index, reason: "a text_mention needs \"user\": {\"id\"}") }
            default: break
            }
            placed.append(PlacedEntity(index: index, entity: entity, range: bounds[0]..<bounds[1]))
        }
        placed.sort { $0.range.lowerBound != $1.range.lowerBound ? $0.range.lowerBound < $1.range.lowerBound
                                                                  : $0.range.upperBound > $1.range.upperBound }
        try checkNesting(placed)
        return placed
    }

    private static func isGraphemeStart(_ u: Int, _ starts: [Int]) -> Bool {
        var lo = 0, hi = starts.count
        while lo < hi {
            let mid = (lo + hi) / 2
            if starts[mid] < u { lo = mid + 1 } else { hi = mid }
        }
        return lo < starts.count && starts[lo] == u
    }

    /// Telegram's nesting rules over entities sorted by start (outer first).
    ///
    /// Reports the first offending pair in the order of a scan of every entity `a` against the entities
    /// after it that start inside it, in O(n log n): each `a` asks for the first entity of that window that
    /// ends after it (the next greater end, from one pass with a stack) and the first of each class that
    /// may not nest in it (from one table per class); checking every pair cost O(n²) for nested entities.
    private static func checkNesting(_ placed: [PlacedEntity]) throws(MappingError) {
        let n = placed.count
        guard n > 1 else { return }
        // The next entity ending after each one.
        var endsLater = [Int](repeating: n, count: n)
        var stack: [Int] = []
        for a in stride(from: n - 1, through: 0, by: -1) {
            while let top = stack.last, placed[top].range.upperBound <= placed[a].range.upperBound { stack.removeLast() }
            endsLater[a] = stack.last ?? n
            stack.append(a)
        }
        // The next entity of each nesting class at or after each index.
        let classes = NestingClass.allCases
        var next = [[Int]](repeating: [Int](repeating: n, count: n + 1), count: classes.count)
        for b in stride(from: n - 1, through: 0, by: -1) {
            for c in classes.indices { next[c][b] = next[c][b + 1] }
            next[NestingClass(placed[b].entity.type).rawValue][b] = b
        }
        for a in 0..<n {
            let outer = placed[a]
            // The window: the entities after `a` that start before it ends (starts are sorted).
            var lo = a + 1, hi = n
            while lo < hi {
                let mid = (lo + hi) / 2
                if placed[mid].range.lowerBound < outer.range.upperBound { lo = mid + 1 } else { hi = mid }
            }
            let window = lo
            var b = endsLater[a]
            let o = NestingClass(outer.entity.type)
            for c in classes where !c.mayNest(in: o) { b = min(b, next[c.rawValue][a + 1]) }
            guard b < window else { continue }
            let inner = placed[b]
            let (later, earlier) = inner.index > outer.index ? (inner, outer) : (outer, inner)
            if inner.range.upperBound > outer.range.upperBound {
                throw .invalidEntity(index: later.index, reason: "\(later.entity.type.rawValue) overlaps entity \(earlier.index) "
                                     + "(\(earlier.entity.type.rawValue)) without nesting in it")
            }
            throw .invalidEntity(index: later.index, reason: "\(inner.entity.type.rawValue) cannot nest in \(outer.entity.type.rawValue) "
                                 + "(entities \(outer.index) and \(inner.index)); Telegram's rules forbid it")
        }
    }

    /// What Telegram's nesting rules tell apart: formatting nests with anything but `code` and `pre`; only a
    /// blockquote holds `code` or `pre`, which hold nothing; a blockquote never holds a blockquote; other
    /// entities (links, `custom_emoji`) hold only formatting.
    enum NestingClass: Int, CaseIterable {
        case formatting, monospace, blockquote, other

        init(_ type: MessageEntity.Kind) {
            if type.isFormatting { self = .formatting }
            else if type == .code || type == .pre { self = .monospace }
            else if type == .blockquote { self = .blockquote }
            else { self = .other }
        }

        /// Whether an entity of this class may sit inside one of `outer`.
        func mayNest(in outer: NestingClass) -> Bool {
            if outer == .blockquote && self == .blockquote { return false }
            if outer == .monospace || self == .monospace { return outer == .blockquote }
            return outer == .formatting || self == .formatting || outer == .blockquote
        }
    }
}
