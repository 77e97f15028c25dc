/// The Map stage: turns a ``Message`` into the ``MappedText`` the typesetter lays out.
///
/// In one pass over the source, `[name]` tokens found in the catalog become U+FFFC placeholders (emoji
/// first); then links are found on the mapped text: the explicit ones of spans and markup, the link map's,
/// and (with `linkify`) detected `@mentions` and URLs. Every replacement is recorded in the
/// ``OffsetMap``, so each range can be reported in the source's UTF-16, UTF-8 or scalar offsets.
///
/// A `Mapper` is a `Sendable` value: share one across threads. It never reads a file named in a message,
/// a span or markup.
public struct Mapper: Sendable {
    /// What a mapper holds, made once and shared: a mapper is one reference, so passing or calling it
    /// copies no catalog and no options.
    private final class Parts: Sendable {
        let catalog: EmojiCatalog
        let options: MappingOptions
        let linkMatcher: LinkMatcher
        let linkRules: Result<LinkRules, MappingError>?

        init(catalog: EmojiCatalog, options: MappingOptions) {
            self.catalog = catalog
            self.options = options
            linkMatcher = LinkMatcher(options.linkMap)
            if options.linkRules.isEmpty { linkRules = nil } else {
                do throws(MappingError) { linkRules = .success(try LinkRules.compile(options.linkRules)) } catch { linkRules = .failure(error) }
            }
        }
    }

    private let parts: Parts
    /// The catalog `[name]` tokens are looked up in.
    public var catalog: EmojiCatalog { parts.catalog }
    /// How messages are mapped.
    public var options: MappingOptions { parts.options }
    /// `options.linkMap`, compiled once.
    private var linkMatcher: LinkMatcher { parts.linkMatcher }

    /// A mapper over `catalog` (empty by default: every `[name]` stays literal).
    public init(catalog: EmojiCatalog = .empty, options: MappingOptions = MappingOptions()) {
        parts = Parts(catalog: catalog, options: options)
    }

    /// The compiled link rules (`options.linkRules`, compiled once), or nil for none.
    /// - Throws: the rules' compile error.
    func compiledRules() throws(MappingError) -> LinkRules? {
        try parts.linkRules?.get()
    }

    /// A mapper whose catalog is loaded from `options.catalog`, or empty when no path is given.
    /// - Throws: the catalog's loading errors.
    public init(options: MappingOptions) throws(MappingError) {
        let catalog = try options.catalog.map { path throws(MappingError) in try EmojiCatalog(contentsOf: path) }
        self.init(catalog: catalog ?? .empty, options: options)
    }

    /// Maps one message.
    /// - Throws: ``MappingError/invalidUTF8(byteOffset:)`` for bad byte input (unless `invalidUTF8` is
    ///   `replace`), ``MappingError/tooLong(limit:length:)`` beyond `maxMessageLength` bytes,
    ///   ``MappingError/malformedSpans(index:reason:)``, ``MappingError/invalidHighlight(index:reason:)``.
    public func map(_ message: Message) throws(MappingError) -> MappedText {
        // The mapper's own matcher passed as it is (bound to a local, it was copied: a retain and a release
        // of each of its automata and of its set per message).
        if message.linkMap.isEmpty { return try map(message, matcher: linkMatcher) }
        return try map(message, matcher: linkMatcher.overlaid(with: message.linkMap, over: options.linkMap))
    }

    private func map(_ message: Message, matcher: LinkMatcher) throws(MappingError) -> MappedText {
        switch message.body {
        case .text(let text):
            try checkLength(text.utf8.count)
            return try mapPlainText(text, matcher: matcher, highlights: message.highlights)
        case .markup(let markup):
            try checkLength(markup.utf8.count)
            return try mapMarkup(Array(markup.utf16), matcher: matcher, highlights: message.highlights)
        case .entities(let text, let entities):
            try checkLength(text.utf8.count)
            return try mapEntities(text, entities, matcher: matcher, highlights: message.highlights)
        case .spans(let spans):
            try checkLength(Message.spansSource(spans).utf8.count)
            return try mapSpans(spans, matcher: matcher, highlights: message.highlights)
        case .bytes(let bytes, let format):
            try checkLength(bytes.count)
            if format == .entities {
                let (text, entities) = try MessageEntity.decodeMessage(bytes)
                return try mapEntities(text, entities, matcher: matcher, highlights: message.highlights)
            }
            if format == .spans {
                return try mapSpans(try Span.decodeArray(bytes), matcher: matcher, highlights: message.highlights)
            }
            let units = try bytes.withUnsafeBufferPointer { buffer throws(MappingError) in
                try UTF8Decoding.utf16(buffer, replace: options.invalidUTF8 == .replace).get()
            }
            return format == .markup
                ? try mapMarkup(units, matcher: matcher, highlights: message.highlights)
                : try mapText(units, matcher: matcher, highlights: message.highlights)
        }
    }

    /// Maps a plain-text message.
    public func map(_ text: String) throws(MappingError) -> MappedText {
        try map(Message(text: text))
    }

    private func checkLength(_ bytes: Int) throws(MappingError) {
        if bytes > options.maxMessageLength { throw .tooLong(limit: options.maxMessageLength, length: bytes) }
    }

    /// Plain text: tokens, then links.
    private func mapText(_ source: [UInt16], matcher: LinkMatcher, highlights: [SourceHighlight],
                         mayHoldLinks: Bool = true) throws(MappingError) -> MappedText {
        try source.withUnsafeBufferPointer { buffer throws(MappingError) in
            var builder = MappingBuilder(catalog: catalog, options: options, source: buffer, sourceArray: source)
            builder.mayHoldLinks = mayHoldLinks
            builder.appendText(0..<buffer.count)
            return try builder.finish(linkMatcher: matcher, rules: try compiledRules(), highlights: highlights)
        }
    }

    /// A plain-text `String`: transcoded straight from its UTF-8 in one pass. Text with no `[` (or an
    /// empty catalog) and no U+FFFC maps to itself: the mapped text and the offset map share the source's
    /// units, and no piece is recorded. Text with no `@`, `://` or `www.` skips link detection.
    private func mapPlainText(_ text: String, matcher: LinkMatcher,
                              highlights: [SourceHighlight]) throws(MappingError) -> MappedText {
        let decoded = UTF8Decoding.decode(text)
        if (decoded.hasBracket && catalog.count > 0) || decoded.hasObjectReplacement {
            return try mapText(decoded.units, matcher: matcher, highlights: highlights, mayHoldLinks: decoded.mayHoldLinks)
        }
        let units = decoded.units
        let offsets = OffsetMap(identityUTF16: units)
        let rules = try compiledRules()
        let detect = options.linkify && decoded.mayHoldLinks
        let links = try units.withUnsafeBufferPointer { buffer throws(MappingError) in
            try LinkFinder.links(in: buffer, explicit: [], matcher: matcher, rules: rules, detect: detect)
        }
        let placed = highlights.isEmpty ? [] : try MappingBuilder.place(highlights, offsets: offsets, unit: options.offsets)
        return MappedText(text: units, links: links, highlights: placed, offsets: offsets)
    }
}
