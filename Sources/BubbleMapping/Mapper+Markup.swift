/// Markup: a safe tag subset, parsed in one pass over the markup string (which is the source).
///
/// Tags: `<b>`, `<i>`, `<font color size face>` (size in px; `face` one of ``MappingOptions/faceFamilies``,
/// matched case-insensitively: another name, a font file's path included, is set aside with a
/// ``MappingWarning`` and the text keeps the chain's faces — markup is typed by people, so a name the
/// server does not offer costs the styling, not the message), `<a href>` (a link of kind `link`
/// when ``LinkTarget`` accepts the target; `<a href atomic>` marks it atomic, see ``Link/isAtomic``), `<img src width height>` (a placeholder; `src` is kept, never
/// read), `<br>` (a line break) and `<p>`/`</p>` (paragraphs, separated by one line break). Names are
/// case-insensitive, attributes may be quoted or not, other attributes are ignored. Any other tag, and
/// anything that does not parse as a tag, is shown as literal text. A closing tag closes the innermost
/// open tag of its name and those opened after it; a stray closing tag is dropped; unclosed tags close at
/// the end. Entities: `&lt; &gt; &amp; &quot; &#39; &apos; &nbsp; &#NNN; &#xHH;` (others stay literal).
/// White space is kept as written (chat text, not HTML). Attribute values that are not numbers or colors
/// are ignored: markup is what people typed, not an error. A number out of its range (``InputBounds``:
/// `<font size>` 1…1000 px, `<img width height>` > 0 and ≤ 100000 px) costs what it sizes, with a
/// ``MappingWarning`` naming the attribute: the size is ignored, the image left out. The same number in
/// spans or options, a program's output, is an error naming the field.
extension Mapper {
    func mapMarkup(_ source: [UInt16], matcher: LinkMatcher,
                   highlights: [SourceHighlight]) throws(MappingError) -> MappedText {
        try source.withUnsafeBufferPointer { buffer throws(MappingError) in
            var builder = MappingBuilder(catalog: catalog, options: options, source: buffer, sourceArray: source)
            let parser = MarkupParser(source: buffer)
            var open: [OpenTag] = []
            var textStart = 0
            var i = 0
            let n = buffer.count
            while i < n {
                let unit = buffer[i]
                if unit == 0x3C, let tag = parser.tag(at: i) {  // <
                    builder.appendText(textStart..<i)
                    try apply(tag, at: i, open: &open, builder: &builder)
                    i = tag.end
                    textStart = i
                    continue
                }
                if unit == 0x26, let (decoded, length) = parser.entity(at: i) {  // &
                    builder.appendText(textStart..<i)
                    builder.replace(sourceCount: length, with: decoded)
                    i += length
                    textStart = i
                    continue
                }
                i += 1
            }
            builder.appendText(textStart..<n)
            while !open.isEmpty { close(&open, builder: &builder) }
            return try builder.finish(linkMatcher: matcher, rules: try compiledRules(), highlights: highlights)
        }
    }

    /// A tag waiting for its closing tag: the style in force before it, and where its link started.
    struct OpenTag {
        var name: MarkupParser.Name
        var previousStyle: TextStyle
        var linkStart: Int?
        var target: String?
        /// `<a href atomic>`: the caller marks the link atomic.
        var atomic = false
    }

    private func apply(_ tag: MarkupParser.Tag, at offset: Int, open: inout [OpenTag],
                       builder: inout MappingBuilder) throws(MappingError) {
        let length = tag.end - offset
        if tag.closing {
            guard let index = open.lastIndex(where: { $0.name == tag.name }) else {
                builder.skip(length)  // a stray closing tag
                return
            }
            while open.count > index + 1 { close(&open, builder: &builder) }
            close(&open, builder: &builder)
            if tag.name == .p { builder.paragraphBreak(sourceCount: length) } else { builder.skip(length) }
            return
        }
        switch tag.name {
        case .br:
            builder.lineBreak(sourceCount: length)
        case .img:
            guard let src = tag.attributes["src"], !src.isEmpty else { builder.skip(length); return }
            let width = number(tag, "width", InputBounds.imageSide), height = number(tag, "height", InputBounds.imageSide)
            if let bad = width.outOfRange ?? height.outOfRange {
                builder.warnings.append(.imageDropped(offset: offset, attribute: bad.attribute, value: bad.value, expected: bad.expected))
                builder.skip(length)
                return
            }
            builder.appendPlaceholder(sourceCount: length, content: .image(source: src), width: width.value, height: height.value,
                                      alignment: .baseline)
        case .p:
            builder.paragraphBreak(sourceCount: length)
            open.append(OpenTag(name: .p, previousStyle: builder.style))
        case .b, .i, .u, .s, .font:
            var style = builder.style
            if tag.name == .b { style.bold = true }
            if tag.name == .i { style.italic = true }
            if tag.name == .u { style.underline = true }
            if tag.name == .s { style.strikethrough = true }
            if tag.name == .font {
                if case .success(let color?) = CSSColor.validate(tag.attributes["color"]) { style.color = color }
                let size = number(tag, "size", InputBounds.fontSize)
                if let bad = size.outOfRange {
                    builder.warnings.append(.fontSizeIgnored(offset: offset, value: bad.value, expected: bad.expected))
                } else if let size = size.value {
                    style.fontSize = size
                }
                if let face = tag.attributes["face"]?.trimmingASCIIWhitespace, !face.isEmpty {
                    if let allowed = options.allowedFace(face) {
                        style.family = allowed
                    } else {
                        builder.warnings.append(.faceNotAllowed(offset: offset, family: face, allowed: options.faceFamilies))
                    }
                }
            }
            open.append(OpenTag(name: tag.name, previousStyle: builder.style))
            builder.style = style
            builder.skip(length)
        case .a:
            builder.skip(length)
            let insideLink = open.contains { $0.linkStart != nil }
            let target = insideLink ? nil : tag.attributes["href"].flatMap(LinkTarget.sanitize)
            if target != nil { builder.flushPending() }
            open.append(OpenTag(name: .a, previousStyle: builder.style, linkStart: target == nil ? nil : builder.out.count,
                                target: target, atomic: tag.attributes["atomic"] != nil))
        }
    }

    private func close(_ open: inout [OpenTag], builder: inout MappingBuilder) {
        let tag = open.removeLast()
        builder.style = tag.previousStyle
        if let start = tag.linkStart, let target = tag.target, builder.out.count > start {
            builder.appendExplicitLink(from: start, target: target, atomic: tag.atomic)
        }
    }

    /// An attribute's number as markup gives it: a value within its bound, or what was out of it.
    private struct MarkupNumber {
        var value: Double?
        var outOfRange: (attribute: String, value: String, expected: String)?
    }

    /// The number of attribute `name` (`20`, `20px`): no value when absent or not a number (ignored, as
    /// typed text); `outOfRange`, naming the attribute, when it is a number outside `bound`.
    private func number(_ tag: MarkupParser.Tag, _ name: String, _ bound: NumberBound) -> MarkupNumber {
        guard let text = tag.attributes[name], let number = Double(text.trimmingASCIIWhitespace.replacingPxSuffix),
              !number.isNaN else { return MarkupNumber() }
        guard bound.contains(number) else {
            return MarkupNumber(outOfRange: ("<\(tag.name.rawValue) \(name)>", text, bound.expected))
        }
        return MarkupNumber(value: number)
    }
}

extension String {
    /// `"20px"` → `"20"`.
    fileprivate var replacingPxSuffix: String {
        lowercased().hasSuffix("px") ? String(unicodeScalars.dropLast(2)) : self
    }
}

/// Reads tags and entities of the markup subset out of UTF-16 source.
struct MarkupParser {
    enum Name: String {
        case b, i, u, s, font, a, img, br, p
    }

    struct Tag {
        var name: Name
        var closing: Bool
        /// Lowercased attribute names → entity-decoded values.
        var attributes: [String: String]
        /// Source offset just after the `>`.
        var end: Int
    }

    let source: UnsafeBufferPointer<UInt16>

    /// The tag starting at the `<` at `at`, or `nil` when it is not one of the subset's (then it is text).
    func tag(at: Int) -> Tag? {
        let n = source.count
        var i = at + 1
        var closing = false
        if i < n && source[i] == 0x2F { closing = true; i += 1 }
        let nameStart = i
        while i < n, isASCIILetter(source[i]) { i += 1 }
        guard i > nameStart, i - nameStart <= 4,
              let name = Name(rawValue: ascii(nameStart..<i).lowercased()) else { return nil }
        var attributes: [String: String] = [:]
        while true {
            let beforeSpace = i
            while i < n, isSpace(source[i]) { i += 1 }
            guard i < n else { return nil }
            switch source[i] {
            case 0x3E:  // >
                return Tag(name: name, closing: closing, attributes: attributes, end: i + 1)
            case 0x2F where i + 1 < n && source[i + 1] == 0x3E:  // />
                return Tag(name: name, closing: closing, attributes: attributes, end: i + 2)
            default:
                guard !closing, i > beforeSpace else { return nil }  // attributes need a space before them
            }
            let attrStart = i
            while i < n, isASCIILetter(source[i]) || source[i] == 0x2D || source[i] == 0x5F { i += 1 }
            guard i > attrStart else { return nil }
            let key = ascii(attrStart..<i).lowercased()
            while i < n, isSpace(source[i]) { i += 1 }
            var value = ""
            if i < n, source[i] == 0x3D {  // =
                i += 1
                while i < n, isSpace(source[i]) { i += 1 }
                guard i < n else { return nil }
                let quote = source[i]
                if quote == 0x22 || quote == 0x27 {
                    let valueStart = i + 1
                    i = valueStart
                    while i < n, source[i] != quote { if source[i] == 0x3C { return nil }; i += 1 }
                    guard i < n else { return nil }
                    value = decodeEntities(valueStart..<i)
                    i += 1
                } else {
                    let valueStart = i
                    while i < n, !isSpace(source[i]), source[i] != 0x3E, source[i] != 0x3C, source[i] != 0x22,
                          source[i] != 0x27 { i += 1 }
                    guard i > valueStart else { return nil }
                    value = decodeEntities(valueStart..<i)
                }
            }
            if attributes[key] == nil { attributes[key] = value }
        }
    }

    /// The entity at the `&` at `at`: its decoded UTF-16 units and its source length.
    func entity(at: Int) -> ([UInt16], Int)? {
        let n = source.count
        var i = at + 1
        let limit = min(n, at + 12)
        if i < n, source[i] == 0x23 {  // &#
            i += 1
            var hex = false
            if i < n, source[i] | 0x20 == 0x78 { hex = true; i += 1 }
            let digitsStart = i
            var value: UInt32 = 0
            while i < limit, let digit = digitValue(source[i], hex: hex) {
                value = min(value &* (hex ? 16 : 10) &+ digit, 0x110000)
                i += 1
            }
            guard i > digitsStart, i < n, source[i] == 0x3B else { return nil }
            var scalar = Unicode.Scalar(value) ?? "\u{FFFD}"
            if value == 0 || scalar == "\u{FFFC}" { scalar = "\u{FFFD}" }
            return (Array(String(Character(scalar)).utf16), i + 1 - at)
        }
        let nameStart = i
        while i < limit, isASCIILetter(source[i]) { i += 1 }
        guard i < n, source[i] == 0x3B else { return nil }
        let decoded: UInt16
        switch ascii(nameStart..<i) {
        case "lt": decoded = 0x3C
        case "gt": decoded = 0x3E
        case "amp": decoded = 0x26
        case "quot": decoded = 0x22
        case "apos": decoded = 0x27
        case "nbsp": decoded = 0xA0
        default: return nil
        }
        return ([decoded], i + 1 - at)
    }

    /// An attribute value with its entities decoded.
    private func decodeEntities(_ range: Range<Int>) -> String {
        var units: [UInt16] = []
        var i = range.lowerBound
        while i < range.upperBound {
            if source[i] == 0x26, let (decoded, length) = entity(at: i), i + length <= range.upperBound {
                units.append(contentsOf: decoded)
                i += length
            } else {
                units.append(source[i])
                i += 1
            }
        }
        return UTF16Text.string(units)
    }

    private func ascii(_ range: Range<Int>) -> String {
        UTF16Text.string(UnsafeBufferPointer(rebasing: source[range]))
    }

    private func isASCIILetter(_ unit: UInt16) -> Bool { (unit | 0x20) >= 0x61 && (unit | 0x20) <= 0x7A }
    private func isSpace(_ unit: UInt16) -> Bool { unit == 0x20 || (unit >= 0x09 && unit <= 0x0D) }

    private func digitValue(_ unit: UInt16, hex: Bool) -> UInt32? {
        if unit >= 0x30 && unit <= 0x39 { return UInt32(unit - 0x30) }
        if hex, (unit | 0x20) >= 0x61 && (unit | 0x20) <= 0x66 { return UInt32((unit | 0x20) - 0x61 + 10) }
        return nil
    }
}
