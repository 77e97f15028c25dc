@testable import Bubble
import BubbleJSON
import BubbleTestSupport
import Foundation
import Testing
@testable import bubble

/// The option table is the one declaration of every option: these tests fail when a field, a CLI flag,
/// the OpenAPI document or docs/options.md says something the table does not.
@Suite struct OptionTableTests {
    @Test func everyFieldHasOneEntryInOrder() {
        let fields = Mirror(reflecting: BubbleOptions()).children.compactMap(\.label)
        #expect(fields == OptionTable.all.map(\.key))
        #expect(Set(OptionTable.all.map(\.key)).count == OptionTable.all.count)
    }

    @Test func everyFlaggedOptionIsALayoutFlag() {
        #expect(LayoutFlags.flagKeys == OptionTable.all.filter(\.hasFlag).map(\.key))
    }

    @Test func flagsAreKebabCaseKeys() {
        #expect(OptionTable.spec("maxWidth")?.flag == "--max-width")
        #expect(OptionTable.spec("invalidUTF8")?.flag == "--invalid-utf8")
        #expect(OptionTable.spec("fontSize")?.flag == "--font-size")
    }

    @Test func helpComesFromTheTable() throws {
        let help = LayoutCommand.helpMessage(columns: 400)
        for spec in OptionTable.all where spec.hasFlag {
            #expect(help.contains(spec.flag), "\(spec.flag) missing from the help")
            #expect(help.contains(spec.doc), "\(spec.key)'s doc missing from the help")
        }
    }

    /// The OpenAPI document's `Options` schema is the table's; `RECORD_SNAPSHOTS=1` rewrites it.
    @Test func openAPIOptionsAreTheTables() throws {
        let file = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("Sources/BubbleServer/openapi.json")
        let text = try String(contentsOf: file, encoding: .utf8)
        let document = try JSONReader.read(text)
        let options = try #require(document.object?["components"]?.object?["schemas"]?.object?["Options"])
        if ProcessInfo.processInfo.environment["RECORD_SNAPSHOTS"] == "1", options != OptionTable.requestSchema {
            guard case .object(var root) = document, case .object(var components)? = root["components"],
                  case .object(var schemas)? = components["schemas"] else { Issue.record("openapi.json has no schemas"); return }
            schemas.set("Options", OptionTable.requestSchema)
            components.set("schemas", .object(schemas))
            root.set("components", .object(components))
            try (JSONValue.object(root).prettyText() + "\n").write(to: file, atomically: true, encoding: .utf8)
            Issue.record("rewrote \(file.path): unset RECORD_SNAPSHOTS to compare")
            return
        }
        #expect(options.text == OptionTable.requestSchema.text, "openapi.json's Options differ from OptionTable.requestSchema")
    }

    /// docs/options.md's options table is the table's; `RECORD_SNAPSHOTS=1` rewrites it.
    @Test func optionsPageListsEveryOption() {
        #expect(markedSectionMismatch(OptionTable.markdown, in: "docs/options.md", marker: "options") == nil)
    }

    /// Every public field of BubbleOptions carries the table's text as its doc comment, so DocC shows it;
    /// `RECORD_SNAPSHOTS=1` rewrites them.
    @Test func everyOptionFieldHasTheTablesDocComment() throws {
        let file = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("Sources/Bubble/Options/BubbleOptions.swift")
        let source = try String(contentsOf: file, encoding: .utf8)
        var lines = source.components(separatedBy: "\n")
        var rewritten: [String] = [], stale: [String] = []
        var i = 0
        while i < lines.count {
            let trimmed = lines[i].trimmingCharacters(in: .whitespaces)
            if trimmed.hasPrefix("public var "), let spec = OptionTable.all.first(where: { trimmed.hasPrefix("public var \($0.key):") }) {
                let indent = String(lines[i].prefix { $0 == " " })
                var start = rewritten.count
                while start > 0 && rewritten[start - 1].trimmingCharacters(in: .whitespaces).hasPrefix("///") { start -= 1 }
                let want = OptionTable.docComment(spec).map { indent + $0 }
                if Array(rewritten[start...]) != want { stale.append(spec.key) }
                rewritten.removeSubrange(start...)
                rewritten += want
            }
            rewritten.append(lines[i])
            i += 1
        }
        if ProcessInfo.processInfo.environment["RECORD_SNAPSHOTS"] == "1", !stale.isEmpty {
            lines = rewritten
            try lines.joined(separator: "\n").write(to: file, atomically: true, encoding: .utf8)
            Issue.record("rewrote the doc comments of \(stale): unset RECORD_SNAPSHOTS to compare")
            return
        }
        #expect(stale.isEmpty, "BubbleOptions fields whose doc comment is not the table's: \(stale)")
    }

    @Test func defaultsAreValidAndEveryDefaultIsDeclaredOnce() throws {
        try BubbleOptions.standard.validate()
        let resolved = ResolvedOptions(BubbleOptions())
        #expect(resolved.maxWidth == 280)
        #expect(resolved.fontSize == 16)
        #expect(resolved.maxMessageLength == 65536)
        #expect(OptionTable.spec("maxWidth")?.help == "Max bubble width in px, padding included. (default 280)")
    }

    /// Each option refuses a value of the wrong type and one out of its range, naming itself.
    @Test(arguments: [
        ("maxWidth", "0"), ("maxWidth", "\"wide\""), ("maxLines", "-1"), ("maxLines", "1.5"), ("padding", "{\"top\": -1}"),
        ("padding", "{\"up\": 1}"), ("pageHeight", "0"), ("balance", "1"), ("fontSize", "0.5"), ("fonts", "[]"), ("fonts", "[1]"),
        ("faceFamilies", "[\"/tmp/x.ttf\"]"), ("faceFamilies", "[\"\"]"), ("faceFamilies", "\"DejaVu Serif\""),
        ("lineHeight", "\"tall\""), ("lineHeight", "0"), ("lineSpacing", "-1"), ("paragraphSpacing", "1e9"),
        ("firstLineIndent", "-2"), ("alignment", "\"left\""), ("direction", "\"up\""), ("lineMetrics", "\"android\""), ("lineBreaking", "\"css\""), ("language", "\"en us\""),
        ("tabSize", "-1"), ("maxMarksPerCluster", "0"), ("maxMarksPerCluster", "31"), ("fontFallback", "\"glyph\""), ("keepTrailingBreaks", "\"no\""),
        ("catalog", "3"), ("emojiSize", "0"), ("emojiAlign", "\"middle\""), ("linkify", "\"yes\""), ("linkMap", "{\"a\": 1}"), ("atomicLinks", "0"),
        ("ellipsis", "[]"), ("truncationToken", "{\"url\": \"x\"}"), ("offsets", "\"bytes\""), ("invalidUTF8", "\"drop\""),
        ("maxMessageLength", "0"), ("theme", "{\"style\": \"sideways\"}"), ("debug", "null"),
        ("widths", "[]"), ("widths", "[280, 0]"), ("statusSlot", "{\"width\": 40}"), ("statusSlot", "{\"width\": -1, \"height\": 4}"),
        ("statusGap", "-1"), ("jumboEmoji", "\"yes\""), ("jumboEmojiScale", "[3, 2.5]"), ("jumboEmojiScale", "[3, 2.5, 0.5]"),
        ("minTouchSize", "-44"),
        ("linkRules", "[{\"name\": \"x\", \"pattern\": \"(\"}]"), ("linkRules", "{\"name\": \"hashtag\"}"),
        ("linkRules", "[\"nosuchrule\"]"),
    ])
    func badValuesAreRefusedByName(key: String, value: String) {
        do {
            let o = try BubbleOptions.decode(json: Array("{\"\(key)\": \(value)}".utf8))
            try o.validate()
            Issue.record("\(key): \(value) was accepted")
        } catch {
            #expect(error.code == "invalid_options")
            #expect(error.message.contains("'\(key)"), "\(error.message)")
        }
    }

    @Test func everyOptionIsCovered() {
        // The cases above name every option: a new option needs a bad value there too.
        let covered: Set<String> = ["maxWidth", "maxLines", "padding", "pageHeight", "balance", "fontSize", "fonts", "faceFamilies", "lineHeight",
                                    "lineSpacing", "paragraphSpacing", "firstLineIndent", "alignment", "direction", "lineMetrics", "lineBreaking", "language",
                                    "tabSize", "maxMarksPerCluster", "fontFallback", "keepTrailingBreaks",
                                    "catalog", "emojiSize", "emojiAlign", "linkify", "linkMap", "atomicLinks", "linkRules", "ellipsis", "truncationToken",
                                    "offsets", "invalidUTF8", "maxMessageLength", "theme", "debug",
                                    "widths", "statusSlot", "statusGap", "jumboEmoji", "jumboEmojiScale", "minTouchSize"]
        #expect(Set(OptionTable.all.map(\.key)) == covered)
    }

    @Test func linkMapsMergeEntryByEntryAndOtherOptionsReplace() {
        var server = BubbleOptions(), request = BubbleOptions(), message = BubbleOptions()
        server.linkMap = ["@a": "https://a.example", "@b": "https://b.example"]
        server.fonts = ["DejaVu Sans"]
        request.linkMap = ["@b": "https://b2.example"]
        request.fonts = ["Noto Sans"]
        message.linkMap = ["@c": "https://c.example"]
        let merged = message.merged(over: request.merged(over: server))
        #expect(merged.linkMap == ["@a": "https://a.example", "@b": "https://b2.example", "@c": "https://c.example"])
        #expect(merged.fonts == ["Noto Sans"])
    }

    @Test func cacheKeyIgnoresOptionsOfLaterStages() {
        var a = BubbleOptions(), b = BubbleOptions()
        a.maxLines = 3; a.alignment = .center; a.theme = Theme(style: "outgoing"); a.fontSize = 20
        b.fontSize = 20
        #expect(a.keeping(before: .layout) == b.keeping(before: .layout))
        b.linkify = false
        #expect(a.keeping(before: .layout) != b.keeping(before: .layout))
    }

    @Test func cliArgumentsReadLikeJSON() throws {
        var o = BubbleOptions()
        try OptionTable.read(argument: "8,12,8,12", for: "padding", into: &o)
        try OptionTable.read(argument: "24px", for: "lineHeight", into: &o)
        try OptionTable.read(argument: "DejaVu Sans, Noto Sans", for: "fonts", into: &o)
        try OptionTable.read(argument: "false", for: "linkify", into: &o)
        #expect(o.padding?.insets == EdgeInsets(top: 8, right: 12, bottom: 8, left: 12))
        #expect(o.lineHeight == .pixels(24))
        #expect(o.fonts == ["DejaVu Sans", "Noto Sans"])
        #expect(o.linkify == false)
    }
}
