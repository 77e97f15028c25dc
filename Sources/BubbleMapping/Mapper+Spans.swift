import FoundationEssentials

extension Span {
    /// Decodes a spans JSON array (UTF-8 bytes).
    /// - Throws: ``MappingError/malformedSpans(index:reason:)`` naming the segment (-1 for the array).
    public static func decodeArray(_ json: [UInt8]) throws(MappingError) -> [Span] {
        do {
            return try JSONDecoder().decode([Span].self, from: Data(json))
        } catch let error as DecodingError {
            let context: DecodingError.Context
            switch error {
            case .dataCorrupted(let c), .typeMismatch(_, let c), .valueNotFound(_, let c), .keyNotFound(_, let c):
                context = c
            @unknown default:
                throw .malformedSpans(index: -1, reason: "\(error)")
            }
            let index = context.codingPath.first?.intValue ?? -1
            let field = context.codingPath.count > 1 ? "\"\(context.codingPath[1].stringValue)\": " : ""
            var reason = context.debugDescription
            if let underlying = context.underlyingError { reason += " (\(underlying))" }
            throw .malformedSpans(index: index, reason: field + reason)
        } catch {
            throw .malformedSpans(index: -1, reason: "\(error)")
        }
    }
}

extension Span {
    /// Checks the numbers of segment `index` against ``InputBounds`` (the server checks the same, with
    /// the same words, before it answers anything).
    public static func check(_ span: Span, index: Int) throws(MappingError) {
        if let size = span.size, !InputBounds.fontSize.contains(size) {
            throw .malformedSpans(index: index, reason: "\"size\" is \(size); expected \(InputBounds.fontSize.expected)")
        }
        for (key, value) in [("width", span.width), ("height", span.height)] {
            if let value, !InputBounds.imageSide.contains(value) {
                throw .malformedSpans(index: index, reason: "\"\(key)\" is \(value); expected \(InputBounds.imageSide.expected)")
            }
        }
    }
}

extension Mapper {
    /// Spans: the source is ``Message/spansSource(_:)``; `txt` and `link` content is mapped like text,
    /// `img` and `emoji` segments become placeholders.
    func mapSpans(_ spans: [Span], matcher: LinkMatcher,
                  highlights: [SourceHighlight]) throws(MappingError) -> MappedText {
        let source = Array(Message.spansSource(spans).utf16)
        return try source.withUnsafeBufferPointer { buffer throws(MappingError) in
            var builder = MappingBuilder(catalog: catalog, options: options, source: buffer, sourceArray: source)
            var position = 0
            for (index, span) in spans.enumerated() {
                var style = TextStyle.plain
                switch CSSColor.validate(span.color) {
                case .success(let color): style.color = color
                case .failure(let problem): throw .malformedSpans(index: index, reason: problem.reason)
                }
                try Span.check(span, index: index)
                if let size = span.size { style.fontSize = size }
                builder.style = style
                switch span.type {
                case .txt:
                    let count = span.content?.utf16.count ?? 0
                    builder.appendText(position..<(position + count))
                    position += count
                case .link:
                    guard let url = span.url else { throw .malformedSpans(index: index, reason: "a link needs \"url\"") }
                    let count = span.content?.utf16.count ?? 0
                    let start = builder.out.count
                    builder.appendText(position..<(position + count))
                    position += count
                    if let target = LinkTarget.sanitize(url), builder.out.count > start {
                        builder.explicitLinks.append(Link(kind: .link, range: MappedIndex(start)..<MappedIndex(builder.out.count),
                                                          target: target))
                    }
                case .img:
                    let (width, height) = fit(width: span.width, height: span.height)
                    builder.appendPlaceholder(sourceCount: 1, content: .image(source: span.name ?? span.content ?? span.url ?? ""),
                                              width: width, height: height, alignment: .baseline)
                    position += 1
                case .emoji:
                    guard let name = span.name ?? span.content, !name.isEmpty else {
                        throw .malformedSpans(index: index, reason: "an emoji needs \"name\"")
                    }
                    if let entry = catalog[name] {
                        builder.appendEmoji(entry, sourceCount: 1)
                        if span.width != nil || span.height != nil {
                            builder.placeholders[builder.placeholders.count - 1].width = span.width ?? span.height
                            builder.placeholders[builder.placeholders.count - 1].height = span.height ?? span.width
                        }
                    } else {
                        builder.replace(sourceCount: 1, with: Array("[\(name)]".utf16))  // unknown: literal, as in text
                    }
                    position += 1
                }
            }
            return try builder.finish(linkMatcher: matcher, highlights: highlights)
        }
    }

    /// A declared image size scaled down to `maxWidth`, keeping the aspect ratio.
    func fit(width: Double?, height: Double?) -> (Double?, Double?) {
        guard let maxWidth = options.maxWidth, let width, width > maxWidth else { return (width, height) }
        return (maxWidth, height.map { $0 * maxWidth / width })
    }
}
