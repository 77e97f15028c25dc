import ArgumentParser
import Bubble
import Foundation

/// Every layout option as a flag, named as its JSON key in kebab-case; `--options FILE` reads a JSON
/// object of options, and a flag wins over the file.
struct LayoutFlags: ParsableArguments {
    @Option(name: .customLong("options"), help: "A JSON file of options (flags win over it).",
            completion: .file(extensions: ["json"])) var optionsFile: String?
    @Option(help: "Max bubble width in px, padding included (default 280).") var maxWidth: Double?
    @Option(help: "Lines shown at most; 0 = no limit.") var maxLines: Int?
    @Option(help: "Padding in px, on every side.") var padding: Double?
    @Option(help: "Split lines into pages of this height (px).") var pageHeight: Double?
    @Flag(help: "Narrowest width with the same line count.") var balance = false
    @Option(help: "Font size in px (default 16).") var fontSize: Double?
    @Option(help: "Font families or files in fallback order, comma-separated.") var fonts: String?
    @Option(help: "Line height: a multiplier (1.4) or px (24px).") var lineHeight: String?
    @Option(help: "Extra px between lines.") var lineSpacing: Double?
    @Option(help: "Extra px after each paragraph.") var paragraphSpacing: Double?
    @Option(help: "Indent of each paragraph's first line (px).") var firstLineIndent: Double?
    @Option(help: "start, end or center.", completion: .list(TextAlignment.allCases.map(\.rawValue))) var alignment: String?
    @Option(help: "auto, ltr or rtl.", completion: .list(TextDirection.allCases.map(\.rawValue))) var direction: String?
    @Option(help: "BCP 47 language for shaping (ja, zh-Hant…).") var language: String?
    @Option(help: "An emoji catalog file (default: Bubble's own, beside the executable or $BUBBLE_CATALOG).",
            completion: .file(extensions: ["json"])) var catalog: String?
    @Option(help: "Emoji box size in px (default 1.25 × font size).") var emojiSize: Double?
    @Option(help: "Emoji placement: center, baseline, top or bottom.",
            completion: .list(PlaceholderAlignment.allCases.map(\.rawValue))) var emojiAlign: String?
    @Option(help: "Detect @mentions and URLs: true (default) or false.", completion: .list(["true", "false"])) var linkify: Bool?
    @Option(help: "Truncation token (default …).") var ellipsis: String?
    @Option(help: "A custom truncation token (\"…more\"); with --truncation-token-url a tappable link of kind more.")
    var truncationToken: String?
    @Option(help: "The URL of the truncation token.") var truncationTokenURL: String?
    @Option(help: "Offsets in utf16 (default), utf8 or scalars.", completion: .list(OffsetUnit.allCases.map(\.rawValue))) var offsets: String?
    @Option(help: "error (default) or replace.", completion: .list(InvalidUTF8Policy.allCases.map(\.rawValue))) var invalidUTF8: String?
    @Option(help: "Longest message accepted, in UTF-8 bytes (default 65536).") var maxMessageLength: Int?

    /// The options: the file's, then each flag given over it.
    func options() throws -> BubbleOptions {
        var o = BubbleOptions()
        o.maxWidth = maxWidth
        o.maxLines = maxLines
        o.padding = padding.map { Padding(.init(all: $0)) }
        o.pageHeight = pageHeight
        o.balance = balance ? true : nil
        o.fontSize = fontSize
        o.fonts = fonts.map { $0.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) } }
        if let lineHeight {
            guard let v = LineHeightValue(argument: lineHeight) else {
                throw ValidationError("--line-height takes a multiplier (1.4) or px (24px), not '\(lineHeight)'")
            }
            o.lineHeight = v
        }
        o.lineSpacing = lineSpacing
        o.paragraphSpacing = paragraphSpacing
        o.firstLineIndent = firstLineIndent
        o.alignment = try parse(alignment, "--alignment")
        o.direction = try parse(direction, "--direction")
        o.language = language
        o.catalog = catalog
        o.emojiSize = emojiSize
        o.emojiAlign = try parse(emojiAlign, "--emoji-align")
        o.linkify = linkify
        o.ellipsis = ellipsis
        if let truncationToken { o.truncationToken = TruncationToken(text: truncationToken, url: truncationTokenURL) }
        else if truncationTokenURL != nil { throw ValidationError("--truncation-token-url needs --truncation-token") }
        o.offsets = try parse(offsets, "--offsets")
        o.invalidUTF8 = try parse(invalidUTF8, "--invalid-utf8")
        o.maxMessageLength = maxMessageLength
        if let path = optionsFile {
            guard let data = FileManager.default.contents(atPath: path) else {
                throw ValidationError("cannot read the options file '\(path)'")
            }
            let file = try BubbleError.exiting { () throws(BubbleError) in try BubbleOptions.decode(json: data) }
            o = o.merged(over: file)
        }
        try BubbleError.exiting { () throws(BubbleError) in try o.validate() }
        return o
    }

    private func parse<T: RawRepresentable & CaseIterable>(_ value: String?, _ flag: String) throws -> T? where T.RawValue == String {
        guard let value else { return nil }
        guard let v = T(rawValue: value) else {
            throw ValidationError("\(flag) takes one of \(T.allCases.map(\.rawValue).joined(separator: ", ")), not '\(value)'")
        }
        return v
    }
}
