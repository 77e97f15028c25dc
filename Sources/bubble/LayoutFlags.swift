import ArgumentParser
import Bubble
import BubbleJSON
import Foundation

/// Every layout option as a flag, named as its JSON key in kebab-case, with the help, parsing and
/// checks of its ``OptionTable`` entry; `--options FILE` reads a JSON object of options, and a flag
/// wins over the file. A test checks these flags against the table, so neither drifts.
struct LayoutFlags: TableFlags {
    @Option(name: .customLong("options"), help: "A JSON file of options (flags win over it).",
            completion: .file(extensions: ["json"])) var optionsFile: String?
    @Option(help: .option("maxWidth"), completion: .option("maxWidth")) var maxWidth: String?
    @Option(help: .option("widths"), completion: .option("widths")) var widths: String?
    @Option(help: .option("maxLines"), completion: .option("maxLines")) var maxLines: String?
    @Option(help: .option("padding"), completion: .option("padding")) var padding: String?
    @Option(help: .option("pageHeight"), completion: .option("pageHeight")) var pageHeight: String?
    @Flag(help: .option("balance")) var balance = false
    @Option(help: .option("fontSize"), completion: .option("fontSize")) var fontSize: String?
    @Option(help: .option("fonts"), completion: .option("fonts")) var fonts: String?
    @Option(help: .option("faceFamilies"), completion: .option("faceFamilies")) var faceFamilies: String?
    @Option(help: .option("lineHeight"), completion: .option("lineHeight")) var lineHeight: String?
    @Option(help: .option("lineSpacing"), completion: .option("lineSpacing")) var lineSpacing: String?
    @Option(help: .option("paragraphSpacing"), completion: .option("paragraphSpacing")) var paragraphSpacing: String?
    @Option(help: .option("firstLineIndent"), completion: .option("firstLineIndent")) var firstLineIndent: String?
    @Option(help: .option("alignment"), completion: .option("alignment")) var alignment: String?
    @Option(help: .option("direction"), completion: .option("direction")) var direction: String?
    @Option(help: .option("lineMetrics"), completion: .option("lineMetrics")) var lineMetrics: String?
    @Option(help: .option("lineBreaking"), completion: .option("lineBreaking")) var lineBreaking: String?
    @Option(help: .option("language"), completion: .option("language")) var language: String?
    @Option(help: .option("tabSize"), completion: .option("tabSize")) var tabSize: String?
    @Option(help: .option("maxMarksPerCluster"), completion: .option("maxMarksPerCluster")) var maxMarksPerCluster: String?
    @Option(help: .option("fontFallback"), completion: .option("fontFallback")) var fontFallback: String?
    @Flag(help: .option("keepTrailingBreaks")) var keepTrailingBreaks = false
    @Option(help: .option("catalog"), completion: .option("catalog")) var catalog: String?
    @Option(help: .option("emojiSize"), completion: .option("emojiSize")) var emojiSize: String?
    @Option(help: .option("emojiAlign"), completion: .option("emojiAlign")) var emojiAlign: String?
    @Option(help: .option("linkify"), completion: .option("linkify")) var linkify: String?
    @Option(help: .option("atomicLinks"), completion: .option("atomicLinks")) var atomicLinks: String?
    @Option(help: .option("ellipsis"), completion: .option("ellipsis")) var ellipsis: String?
    @Option(help: .option("truncationToken"), completion: .option("truncationToken")) var truncationToken: String?
    @Option(help: "The URL of the truncation token (a tappable link of kind more).") var truncationTokenURL: String?
    @Option(help: .option("statusSlot"), completion: .option("statusSlot")) var statusSlot: String?
    @Option(help: .option("statusGap"), completion: .option("statusGap")) var statusGap: String?
    @Flag(help: .option("jumboEmoji")) var jumboEmoji = false
    @Option(help: .option("jumboEmojiScale"), completion: .option("jumboEmojiScale")) var jumboEmojiScale: String?
    @Option(help: .option("minTouchSize"), completion: .option("minTouchSize")) var minTouchSize: String?
    @Option(help: .option("offsets"), completion: .option("offsets")) var offsets: String?
    @Option(help: .option("invalidUTF8"), completion: .option("invalidUTF8")) var invalidUTF8: String?
    @Option(help: .option("maxMessageLength"), completion: .option("maxMessageLength")) var maxMessageLength: String?
    @Option(name: .customLong("link-rules"),
            help: ArgumentHelp("A JSON file of link rules, all switched on in order: [{name, pattern, kind?, target?}] or built-in names (the file of bubble serve --link-rules).",
                               valueName: "file"),
            completion: .file(extensions: ["json"])) var linkRulesFile: String?

    /// The options: the file's, then each flag given over it.
    func options() throws -> BubbleOptions {
        var o = BubbleOptions()
        for (key, argument) in givenFlags() {
            try BubbleError.exiting { () throws(BubbleError) in try OptionTable.read(argument: argument, for: key, into: &o) }
        }
        if let path = linkRulesFile { o.linkRules = LinkRuleList(try LinkRuleFile(path: path).rules) }
        if let url = truncationTokenURL {
            guard o.truncationToken != nil else { throw ValidationError("--truncation-token-url needs --truncation-token") }
            o.truncationToken?.url = url
        }
        if let path = optionsFile {
            guard let data = FileManager.default.contents(atPath: path) else {
                throw ValidationError("cannot read the options file '\(path)'")
            }
            let file = try BubbleError.exiting { () throws(BubbleError) in try BubbleOptions.decode(json: [UInt8](data)) }
            o = o.merged(over: file)
        }
        try BubbleError.exiting { () throws(BubbleError) in try o.validate() }
        return o
    }

    static func isTableKey(_ key: String) -> Bool { OptionTable.spec(key) != nil }
}

extension ArgumentHelp {
    /// The help of an option's flag, from its ``OptionTable`` entry.
    static func option(_ key: String) -> ArgumentHelp {
        guard let spec = OptionTable.spec(key) else { preconditionFailure("no option '\(key)' in OptionTable") }
        return ArgumentHelp(spec.help)
    }
}

extension CompletionKind {
    /// What a shell offers for an option's flag, from its ``OptionTable`` entry: the values of an
    /// enumeration (its schema's `enum`), `true`/`false` for a boolean, files for the catalog.
    static func option(_ key: String) -> CompletionKind {
        guard let spec = OptionTable.spec(key), case .object(let schema) = spec.schema else { return .default }
        if key == "catalog" { return .file(extensions: ["json"]) }
        if case .array(let values)? = schema["enum"] { return .list(values.compactMap(\.string)) }
        if schema["type"]?.string == "boolean" { return .list(["true", "false"]) }
        return .default
    }
}
