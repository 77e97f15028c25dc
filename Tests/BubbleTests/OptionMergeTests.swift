@testable import Bubble
import BubbleTestSupport
import Testing

/// Merging visits only the options a set gives (``OptionMask``): random option sets drawn from the table
/// must merge, key and resolve exactly as the whole-table walk over every key path does.
struct OptionMergeTests {
    /// Two option sets that give every option, each value valid and unlike the other's and the standard's.
    static let everyOptionA = """
        {"maxWidth": 300, "widths": [240, 320], "maxLines": 4, "padding": 5, "pageHeight": 400, "balance": true,
         "fontSize": 18, "fonts": ["Noto Sans"], "faceFamilies": ["DejaVu Serif"], "lineHeight": 1.4, "lineSpacing": 2,
         "paragraphSpacing": 3, "firstLineIndent": 4, "alignment": "center", "direction": "rtl", "lineMetrics": "web",
         "lineBreaking": "web", "language": "ja", "tabSize": 4, "maxMarksPerCluster": 5, "fontFallback": "cluster",
         "keepTrailingBreaks": true, "catalog": "Emoji/catalog.json", "emojiSize": 22, "emojiAlign": "baseline",
         "linkify": false, "linkMap": {"@a": "https://a.example", "@b": "https://b.example"}, "linkRules": ["hashtag"],
         "atomicLinks": false, "ellipsis": "...", "truncationToken": {"text": "…more", "url": "https://more.example"},
         "statusSlot": {"width": 40, "height": 14}, "statusGap": 4, "jumboEmoji": true, "jumboEmojiScale": [2, 1.5, 1.25],
         "minTouchSize": 44, "offsets": "utf8", "invalidUTF8": "replace", "maxMessageLength": 1000, "theme": {"style": "outgoing"},
         "debug": true}
        """
    static let everyOptionB = """
        {"maxWidth": 200, "widths": [280], "maxLines": 9, "padding": {"top": 1, "right": 2, "bottom": 3, "left": 4}, "pageHeight": 90, "balance": false,
         "fontSize": 12, "fonts": ["DejaVu Sans", "Noto Sans"], "faceFamilies": ["Noto Serif", "DejaVu Sans Mono"],
         "lineHeight": "24px", "lineSpacing": 1, "paragraphSpacing": 7, "firstLineIndent": 9, "alignment": "end",
         "direction": "ltr", "lineMetrics": "flutter", "lineBreaking": "flutter", "language": "zh-Hant", "tabSize": 2,
         "maxMarksPerCluster": 3, "fontFallback": "word", "keepTrailingBreaks": false, "catalog": "other.json",
         "emojiSize": 30, "emojiAlign": "top", "linkify": true, "linkMap": {"@b": "https://b2.example", "@c": "https://c.example"},
         "linkRules": ["email", "phone"], "atomicLinks": true, "ellipsis": "~", "truncationToken": {"text": "more"},
         "statusSlot": {"width": 30, "height": 10}, "statusGap": 2, "jumboEmoji": false, "jumboEmojiScale": [3, 2, 1.5],
         "minTouchSize": 48, "offsets": "scalars", "invalidUTF8": "error", "maxMessageLength": 500, "theme": {"style": "incoming", "cornerRadius": 4},
         "debug": false}
        """

    /// The merge as it was: every option of the table filled from `base` where `own` gives none.
    static func wholeTableMerge(_ own: BubbleOptions, over base: BubbleOptions) -> BubbleOptions {
        var o = own
        for spec in OptionTable.all { spec.fill(&o, base) }
        return o
    }

    /// A set giving a random subset of the options, each value taken from one of `sources`.
    static func draw(_ sources: [BubbleOptions], _ rng: inout SeededGenerator) -> (BubbleOptions, OptionMask) {
        var o = BubbleOptions(), mask = OptionMask()
        let density = Int.random(in: 0...4, using: &rng)  // from none to every option given
        for (i, spec) in OptionTable.all.enumerated() where Int.random(in: 0..<4, using: &rng) < density {
            spec.take(&o, sources.randomElement(using: &rng)!)
            mask.insert(i)
        }
        return (o, mask)
    }

    static func samples() throws -> [BubbleOptions] {
        try [everyOptionA, everyOptionB].map { try BubbleOptions.decode(json: Array($0.utf8)) }
    }

    @Test func theTableFitsAnOptionMask() {
        #expect(OptionTable.all.count <= OptionMask.capacity)
    }

    @Test func theSamplesGiveEveryOption() throws {
        for sample in try Self.samples() {
            #expect(Array(sample.givenOptions) == Array(OptionTable.all.indices))
            try sample.validate()
        }
    }

    @Test func mergingTheGivenOptionsIsTheWholeTableMerge() throws {
        let sources = try Self.samples()
        var rng = SeededGenerator(seed: 31)
        for _ in 0..<2_000 {
            let (own, mask) = Self.draw(sources, &rng)
            let (base, _) = Self.draw(sources + [.standard], &rng)
            #expect(own.givenOptions == mask)
            let merged = own.merged(over: base)
            #expect(merged == Self.wholeTableMerge(own, over: base))
            #expect(own.merged(over: base, giving: mask) == merged)
            var kept = own
            for spec in OptionTable.all where spec.stage >= .layout { spec.clear(&kept) }
            #expect(own.keeping(before: .layout) == kept)
        }
    }

    /// An engine's plan merges a call's options over its defaults, and those over the standard ones, once
    /// pre-merged: the same as merging level by level.
    @Test func resolvingOverPremergedDefaultsIsMergingLevelByLevel() throws {
        let sources = try Self.samples()
        var rng = SeededGenerator(seed: 3131)
        for _ in 0..<1_000 {
            let (own, _) = Self.draw(sources, &rng)
            let (defaults, _) = Self.draw(sources, &rng)
            let resolved = try ResolvedOptions(own, over: defaults, resolvedDefaults: Self.wholeTableMerge(defaults, over: .standard))
            let given = Self.wholeTableMerge(own, over: defaults)
            #expect(resolved.given == given)
            #expect(resolved.full == Self.wholeTableMerge(given, over: .standard))
        }
    }

    /// Only the options a call gives are checked again (the defaults were checked once): a bad value among
    /// them is still refused by name, and the first bad one in table order is the one named.
    @Test func resolvingChecksTheGivenOptions() throws {
        var own = BubbleOptions()
        own.maxLines = -1
        own.statusGap = -2
        do {
            _ = try ResolvedOptions(own, over: .standard, resolvedDefaults: .standard)
            Issue.record("maxLines -1 was accepted")
        } catch {
            #expect(error.code == "invalid_options")
            #expect(error.message.contains("'maxLines'"), "\(error.message)")
        }
    }
}
