package import BubbleJSON

extension Span {
    /// Decodes a spans JSON array (UTF-8 bytes).
    /// - Throws: ``MappingError/malformedSpans(index:reason:)`` naming the segment (-1 for the array).
    package static func decodeArray(_ json: [UInt8]) throws(MappingError) -> [Span] {
        let value: JSONValue
        do { value = try JSONReader.read(json) } catch { throw .malformedSpans(index: -1, reason: "\(error)") }
        return try decodeArray(value)
    }

    /// Reads a spans array: each segment `{type, content?, color?, size?, url?, name?, width?, height?, atomic?, face?}`
    /// (other keys are ignored, as the seed template carries its own).
    package static func decodeArray(_ json: JSONValue) throws(MappingError) -> [Span] {
        guard let items = json.array else { throw .malformedSpans(index: -1, reason: "expected an array of segments, found \(json.kindName)") }
        var spans: [Span] = []
        spans.reserveCapacity(items.count)
        for (index, item) in items.enumerated() {
            guard let o = item.object else { throw .malformedSpans(index: index, reason: "expected an object, found \(item.kindName)") }
            guard let typeName = o["type"]?.string else { throw .malformedSpans(index: index, reason: "\"type\": expected one of txt, img, link, emoji") }
            guard let type = Kind(rawValue: typeName) else {
                throw .malformedSpans(index: index, reason: "\"type\": '\(typeName)' is not one of txt, img, link, emoji")
            }
            func string(_ key: String) throws(MappingError) -> String? {
                guard let v = o[key], v != .null else { return nil }
                guard let s = v.string else { throw .malformedSpans(index: index, reason: "\"\(key)\": expected a string, found \(v.kindName)") }
                return s
            }
            func number(_ key: String) throws(MappingError) -> Double? {
                guard let v = o[key], v != .null else { return nil }
                guard let d = v.double else { throw .malformedSpans(index: index, reason: "\"\(key)\": expected a number, found \(v.kindName)") }
                return d
            }
            func bool(_ key: String) throws(MappingError) -> Bool? {
                guard let v = o[key], v != .null else { return nil }
                guard case .bool(let b) = v else { throw .malformedSpans(index: index, reason: "\"\(key)\": expected true or false, found \(v.kindName)") }
                return b
            }
            spans.append(Span(type: type, content: try string("content"), color: try string("color"), size: try number("size"),
                              url: try string("url"), name: try string("name"), width: try number("width"),
                              height: try number("height"), atomic: try bool("atomic"), face: try string("face")))
        }
        return spans
    }
}

extension Span {
    /// Checks the numbers of segment `index` against ``InputBounds`` (the server checks the same, with
    /// the same words, before it answers anything).
    package static func check(_ span: Span, index: Int) throws(MappingError) {
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
                if let face = span.face {
                    guard let allowed = options.allowedFace(face) else {
                        throw .faceNotAllowed(index: index, family: face, allowed: options.faceFamilies)
                    }
                    style.family = allowed
                }
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
                        builder.appendExplicitLink(from: start, target: target, atomic: span.atomic ?? false)
                    }
                case .img:
                    // Declared size kept: fitting it to a line is the layout's job (it knows the width).
                    builder.appendPlaceholder(sourceCount: 1, content: .image(source: span.name ?? span.content ?? span.url ?? ""),
                                              width: span.width, height: span.height, alignment: .baseline)
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
            return try builder.finish(linkMatcher: matcher, rules: try compiledRules(), highlights: highlights)
        }
    }
}
