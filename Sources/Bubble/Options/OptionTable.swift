package import BubbleJSON
import BubbleMapping

/// The one declaration of every layout option, in the order the docs list them.
///
/// Adding an option: a field in ``BubbleOptions``, its default (if any) in ``BubbleOptions/standard``,
/// one entry here, then one `@Option` line in the CLI's `LayoutFlags` (a test fails until the flag,
/// the OpenAPI document and the README agree with this table).
package enum OptionTable {
    package static let all: [OptionSpec] = [
        // Geometry
        .number(\.maxWidth, "maxWidth", "Max bubble width in px, padding included.", stage: .layout, widthRange),
        .make(\.widths, "widths", "Bubble widths in px, instead of maxWidth: one layout per width, in order, from one shaping ({\"layouts\": [...]}).",
              default: "one layout at maxWidth", stage: .layout, schema: Widths.schema(widthRange), range: { $0.outOfRange(widthRange) }),
        .integer(\.maxLines, "maxLines", "Lines shown at most over the whole message; 0 = no limit.", stage: .layout,
                 .from(0, max: 1_000_000)),
        .make(\.padding, "padding", "Padding in px: one number, four (top,right,bottom,left) or {top, right, bottom, left}.",
              default: "8 above and below, 12 at the sides", stage: .report, schema: Padding.schema,
              range: { p in p.outOfRange.map { "\($0.side) \($0.value.optionDescription): " + Padding.sideRange.expectation } }),
        .number(\.pageHeight, "pageHeight", "Split lines into pages of at most this many px.", default: "no pages",
                stage: .layout, .above(0, max: 10_000_000)),
        .bool(\.balance, "balance", "Narrowest width that keeps the same line count (no lonely last word).", stage: .layout),
        // Text
        .number(\.fontSize, "fontSize", "Font size in px.", stage: .shape, .bound(InputBounds.fontSize)),
        .make(\.fonts, "fonts", "Font families (or, outside the service, font files) in fallback order.", stage: .shape,
              schema: .schema(["type": .string("array"), "minItems": .int(1), "maxItems": .int(maxFonts),
                               "items": .schema(["type": .string("string"), "pattern": .string("^[^/]+$"), "minLength": .int(1),
                                                 "maxLength": .int(maxFontNameLength)]),
                               "description": .string("Font family names in fallback order.")]),
              range: { fonts in
                  if fonts.isEmpty || fonts.count > maxFonts { return "1 to \(maxFonts) families or paths" }
                  if fonts.contains(where: { $0.isEmpty || $0.utf8.count > maxFontNameLength }) {
                      return "names of 1 to \(maxFontNameLength) bytes"
                  }
                  return nil
              }),
        .make(\.faceFamilies, "faceFamilies",
              "Font families <font face> in markup and a span's face may name (the server keeps them within --allow-families); another name is a warning in markup, an error in spans.",
              stage: .map,
              schema: .schema(["type": .string("array"), "maxItems": .int(maxFonts),
                               "items": .schema(["type": .string("string"), "pattern": .string("^[^/\\\\]+$"), "minLength": .int(1),
                                                 "maxLength": .int(maxFontNameLength)]),
                               "description": .string("Font family names a face may name.")]),
              range: { families in
                  if families.count > maxFonts { return "at most \(maxFonts) families" }
                  if families.contains(where: { $0.isEmpty || $0.utf8.count > maxFontNameLength || $0.contains("/") || $0.contains("\\") }) {
                      return "family names (no paths) of 1 to \(maxFontNameLength) bytes"
                  }
                  return nil
              }),
        .make(\.lineHeight, "lineHeight", "Line height: a multiple of the font size (1.4), or px (\"24px\").",
              default: "the fonts' own", stage: .layout, schema: LineHeightValue.schema, range: { $0.outOfRange }),
        .number(\.lineSpacing, "lineSpacing", "Extra px between lines.", stage: .layout, .from(0, max: 1000)),
        .number(\.paragraphSpacing, "paragraphSpacing", "Extra px after each paragraph.", stage: .layout, .from(0, max: 1000)),
        .number(\.firstLineIndent, "firstLineIndent", "Indent of each paragraph's first line, in px.", stage: .layout,
                .from(0, max: 10_000)),
        .choice(\.alignment, "alignment", "Line alignment: start, end or center.", stage: .layout),
        .choice(\.direction, "direction", "Paragraph direction: auto, ltr or rtl.", stage: .shape),
        .choice(\.lineMetrics, "lineMetrics",
                "Line heights as exact (fractional; CoreText, Android), web (Blink's whole-px rounding; browsers, WebViews) or flutter (SkParagraph's whole-px lines; Flutter) measures them.",
                stage: .layout),
        .choice(\.lineBreaking, "lineBreaking",
                "Where lines end: standard (UAX #14; URLs move whole, a longer one breaks after / ? & = -), web (Chromium's own rules with plain CSS and overflow-wrap: anywhere) or flutter (SkParagraph's, for a Flutter TextSpan), for clients that draw the text themselves.",
                stage: .layout),
        .make(\.language, "language", "BCP 47 language for shaping (ja, zh-Hant…).", default: "none", stage: .shape,
              schema: .schema(["type": .string("string"), "pattern": .string(languagePattern), "maxLength": .int(maxLanguageLength),
                               "description": .string("BCP 47 language for shaping (ja, zh-Hant…).")]),
              range: { isLanguageTag($0) ? nil : "a BCP 47 tag such as ja or zh-Hant (letters, digits and hyphens, at most \(maxLanguageLength))" }),
        .number(\.tabSize, "tabSize", "Tab stops every this many spaces of the primary font (CSS tab-size).", stage: .shape,
                .from(0, max: 1000)),
        .integer(\.maxMarksPerCluster, "maxMarksPerCluster",
                 "Combining marks drawn on one base at most; the rest of a longer stack is dropped (real text needs up to 7).",
                 stage: .shape, .from(1, max: 30)),
        .choice(\.fontFallback, "fontFallback",
                "Faces for what the primary font lacks: word (a word of one script in one face when one covers it, so it keeps its joining) or cluster (each cluster in the first face that has it, as browsers and Flutter fall back; for clients that draw the text themselves).",
                stage: .shape),
        .bool(\.keepTrailingBreaks, "keepTrailingBreaks", "Trailing line feeds and spaces make lines of their own (a browser draws a\\n as one line).",
              stage: .layout),
        // Emoji
        .text(\.catalog, "catalog", "An emoji catalog file.", default: "Bubble's Emoji/catalog.json", stage: .map,
              maxLength: 4096, inRequests: false),
        .number(\.emojiSize, "emojiSize", "Emoji box size in px.", default: "1.25 × fontSize", stage: .map, .bound(InputBounds.emojiSize)),
        .choice(\.emojiAlign, "emojiAlign", "Emoji placement: center, baseline, top or bottom.", stage: .map),
        // Links
        .bool(\.linkify, "linkify", "Detect @mentions and URLs.", stage: .map),
        .make(\.linkMap, "linkMap", "Exact text → URL, winning over detection ({\"@百度\": \"https://www.baidu.com\"}); merges level by level.",
              default: "none", stage: .map,
              schema: .schema(["type": .string("object"), "additionalProperties": .schema(["type": .string("string")]),
                               "description": .string("Exact text → URL; a message's entries go over the request's.")]),
              merge: .mergeEntries, flag: false),
        .make(\.linkRules, "linkRules",
              "Custom link rules on PCRE2, in order after the link map and before detection: built-ins by name (hashtag, cashtag, email, phone) or {name, pattern, kind, target}.",
              default: "none", stage: .map, schema: LinkRuleList.schema, flag: false, range: { $0.problem }),
        .bool(\.atomicLinks, "atomicLinks", "Keep atomic links whole on a line: mentions (links whose text starts with @, from any source) and links marked atomic break only when wider than the line; false gives plain UAX #14.",
              stage: .layout),
        // Truncation
        .text(\.ellipsis, "ellipsis", "The truncation token.", stage: .shape, maxLength: TruncationToken.maxLength),
        .make(\.truncationToken, "truncationToken", "A custom truncation token (\"…more\"); with a URL a tappable link of kind more.",
              default: "the ellipsis", stage: .shape, schema: TruncationToken.schema,
              range: { $0.text.utf16.count <= TruncationToken.maxLength ? nil : "at most \(TruncationToken.maxLength) UTF-16 units" }),
        // Furniture
        .make(\.statusSlot, "statusSlot", "Room for the client's time and ticks, px {width, height}: at the end of the last line when it fits, else on a line of its own.",
              default: "none", stage: .layout, schema: StatusSlot.schema, range: { $0.outOfRange }),
        .number(\.statusGap, "statusGap", "Px between the last line's text and the status slot.", stage: .layout, .from(0, max: 1000)),
        .bool(\.jumboEmoji, "jumboEmoji", "Enlarge a message of only 1, 2 or 3 emoji by jumboEmojiScale.", stage: .shape),
        .make(\.jumboEmojiScale, "jumboEmojiScale", "Jumbo emoji factors for 1, 2 and 3 emoji.", stage: .shape,
              schema: JumboEmojiScale.schema, range: { $0.outOfRange }),
        .number(\.minTouchSize, "minTouchSize", "Least touch target size in px for links, emoji and the more token (44 Apple, 48 Material); 0 = off.",
                stage: .report, .from(0, max: 1000)),
        // Report
        .choice(\.offsets, "offsets", "Unit of every reported offset: utf16, utf8 or scalars.", stage: .map),
        .choice(\.invalidUTF8, "invalidUTF8", "Bytes that are not UTF-8: error or replace (with U+FFFD).", stage: .map),
        .integer(\.maxMessageLength, "maxMessageLength", "Longest message accepted, in UTF-8 bytes.", stage: .map,
                 .from(1, max: 1_073_741_824)),
        // SVG
        .make(\.theme, "theme", "SVG theme: incoming, outgoing, or {style, text, link, bubble, highlight, cornerRadius}.",
              default: "incoming", stage: .render, schema: Theme.schema, flag: false,
              range: { $0.outOfRange.map { "\($0.expected) (\($0.key) is \($0.value))" } }),
        .bool(\.debug, "debug", "SVG: overlay line boxes, baselines and hit rects.", stage: .render, flag: false),
    ]

    /// The options the Map and Shape stages read: what a shaped text depends on.
    static let beforeLayout = stages(before: .layout)

    /// The options first read before `stage`.
    static func stages(before stage: OptionStage) -> OptionMask {
        var m = OptionMask()
        for (i, spec) in all.enumerated() where spec.stage < stage { m.insert(i) }
        return m
    }

    /// The spec of `key`.
    package static func spec(_ key: String) -> OptionSpec? {
        index[key].map { all[$0] }
    }

    private static let index: [String: Int] = Dictionary(uniqueKeysWithValues: all.enumerated().map { ($0.element.key, $0.offset) })

    /// A bubble width, px (`maxWidth` and each of `widths`).
    static let widthRange = NumberRange.bound(InputBounds.maxWidth)
    static let maxFonts = 16
    static let maxFontNameLength = 200
    static let maxLanguageLength = LanguageTag.maxLength
    static let languagePattern = "^[A-Za-z]{1,8}(-[A-Za-z0-9]{1,8})*$"

    /// Whether `s` is a language tag the option takes (``LanguageTag``, which also gives its canonical case).
    static func isLanguageTag(_ s: String) -> Bool { LanguageTag.normalized(s) != nil }

    /// The JSON Schema of an options object as the HTTP service takes it (OpenAPI's `Options`).
    package static var requestSchema: JSONValue {
        .schema([
            "type": .string("object"),
            "additionalProperties": .bool(false),
            "description": .string("Layout options. Every key is optional; a message's options go over the request's, which go over the server's (link maps merge entry by entry). An unknown key or a value out of range is a 400 `invalid_options`. `catalog` and font files are the server's to set (`bubble serve --catalog --fonts`); a request names font families."),
            "properties": .object(JSONObject(all.filter(\.inRequests).map { spec in
                guard case .object(var schema) = spec.schema else { return (spec.key, spec.schema) }
                schema.set("description", .string(spec.help))
                return (spec.key, .object(schema))
            })),
        ])
    }
}

extension OptionTable {
    /// Reads a CLI argument for the option `key` into `options` (`--max-width 240`).
    package static func read(argument: String, for key: String, into options: inout BubbleOptions) throws(BubbleError) {
        guard let spec = spec(key) else { throw BubbleError(code: "invalid_options", message: "unknown option '\(key)'") }
        try spec.readArgument(argument, &options)
    }
}

extension OptionTable {
    /// The README's options table: key, flag, default and meaning of every option.
    package static var markdown: String {
        var out = "| JSON key / field | CLI flag | default | meaning |\n|---|---|---|---|\n"
        for spec in all {
            let flag = spec.hasFlag ? "`\(spec.flag)`" : spec.key == "theme" || spec.key == "debug" ? "`\(spec.flag)` (svg)" : "—"
            let cell = { (s: String) in s.replacingPipes }
            out += "| `\(spec.key)` | \(flag) | \(cell(spec.defaultText ?? "—")) | \(cell(spec.doc)) |\n"
        }
        return out
    }
}

extension OptionTable {
    /// The doc comment of `spec`'s field in ``BubbleOptions``, lines without indentation: its meaning, its
    /// default, its JSON key and CLI flag. `BubbleOptions.swift` carries exactly these lines above each
    /// field, so DocC shows the table's text (`OptionTableTests` compares them; `RECORD_SNAPSHOTS=1`
    /// writes them).
    package static func docComment(_ spec: OptionSpec) -> [String] {
        var lines = wrapped(spec.doc, width: 108).map { "/// " + $0 }
        lines.append("///")
        var facts = spec.defaultText.map { "Default: \($0)." } ?? "No default."
        facts += " JSON key `\(spec.key)`" + (spec.hasFlag ? ", CLI flag `\(spec.flag)`." : ".")
        lines += wrapped(facts, width: 108).map { "/// " + $0 }
        return lines
    }

    /// `text` broken at spaces into lines of at most `width` characters (a longer word stands alone).
    static func wrapped(_ text: String, width: Int) -> [String] {
        var lines: [String] = [], line = ""
        for word in text.split(separator: " ", omittingEmptySubsequences: true) {
            if !line.isEmpty && line.count + 1 + word.count > width {
                lines.append(line)
                line = ""
            }
            line += line.isEmpty ? String(word) : " " + word
        }
        if !line.isEmpty { lines.append(line) }
        return lines
    }
}

extension String {
    /// The text with `|` escaped for a Markdown table cell.
    fileprivate var replacingPipes: String {
        var out = ""
        for c in self { out += c == "|" ? "\\|" : String(c) }
        return out
    }
}
