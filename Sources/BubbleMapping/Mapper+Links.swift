/// The user's link map, compiled for a one-pass search of the mapped text.
///
/// A key matches only as a whole word: a key that starts with a letter or digit needs a UAX #29 word
/// boundary before it, and one that ends with a letter or digit a boundary after it (``WordBoundaries``:
/// `cat` is not found in `concatenate` or `con.cat`, `中国` is in `我爱中国人`); a key that starts with `@`
/// must instead not be followed by what would continue a mention (``MentionRules/continues(_:at:)``: `@bob`
/// is not found in `@bobby` or `@bob.smith`, but is in `@bob's` and, CJK words having no spaces, `@百度` is
/// in `@百度地图`). Where matches overlap, the longest key wins (then the leftmost).
///
/// The keys are one ``LinkKeyAutomaton``, built in time linear in their total length. A message's own
/// map goes over the options' as a second automaton of its keys alone (``overlaid(with:over:)``), the
/// options' keys it replaces masked: the same matches as one automaton of the merged map, without
/// compiling the options' map again for every message that brings a map.
struct LinkMatcher: Sendable {
    /// The options' keys (nil for none).
    private var base: LinkKeyAutomaton?
    /// A message's keys over them (nil for none).
    private var overlay: LinkKeyAutomaton?
    /// The nodes of `base` whose keys the message's map replaces.
    private var masked: Set<Int32> = []

    /// Compiles `map`; entries with an empty key or an unsafe target (see ``LinkTarget``) are left out.
    init(_ map: [String: String]) {
        base = Self.automaton(map.lazy.map { ($0.key, LinkTarget.sanitize($0.value)) }, count: map.count)
    }

    /// The matcher of `options.merging(messageMap) { $1 }`, where `self` is the matcher of `options`.
    ///
    /// A message key equal to an options key (as `String`s are: canonically equivalent) replaces it under
    /// the options' spelling, as the merge keeps the first key; a replacement whose target is unsafe
    /// removes the key.
    func overlaid(with messageMap: [String: String], over options: [String: String]) -> LinkMatcher {
        var result = self
        var entries: [(text: String, target: String?)] = []
        entries.reserveCapacity(messageMap.count)
        for (text, target) in messageMap {
            var key = text
            if let known = options.index(forKey: text) {
                key = options[known].key
                if let base, let node = base.node(ofKey: Array(key.utf16)) { result.masked.insert(node) }
            }
            entries.append((key, LinkTarget.sanitize(target)))
        }
        result.overlay = Self.automaton(entries, count: entries.count)
        return result
    }

    private static func automaton(_ map: some Sequence<(text: String, target: String?)>, count: Int) -> LinkKeyAutomaton? {
        var units: [UInt16] = [], starts: [Int] = [], keys: [LinkKeyAutomaton.Key] = []
        starts.reserveCapacity(count)
        keys.reserveCapacity(count)
        for (text, target) in map {
            guard !text.isEmpty, let safe = target else { continue }
            let start = units.count
            units.append(contentsOf: text.utf16)
            let (first, last) = units.withUnsafeBufferPointer { all in
                let u = UnsafeBufferPointer(rebasing: all[start...])
                return (CharacterClasses.scalar(in: u, at: 0).value, CharacterClasses.scalar(in: u, before: u.count))
            }
            // An `@` key ends where a mention would (the mention rule, which treats `@bob's` as `@bob` + `'s`);
            // other keys where UAX #29 ends a word.
            let isMention = units[start] == 0x40
            starts.append(start)
            keys.append(LinkKeyAutomaton.Key(length: units.count - start, target: safe, isMention: isMention,
                                             needsBoundaryBefore: isLetterOrDigit(first),
                                             needsBoundaryAfter: !isMention && isLetterOrDigit(last)))
        }
        return keys.isEmpty ? nil : LinkKeyAutomaton(units: units, starts: starts, keys: keys)
    }

    private static func isLetterOrDigit(_ value: UInt32) -> Bool {
        let c = WordBoundaries.wordClass(value)
        return c == .letter || c == .numeric || c == .katakana
            || (c == .other && CharacterClasses.isWordScalar(value))  // ideographs, kana, Thai
    }

    var isEmpty: Bool { base == nil && overlay == nil }

    /// Every match in `text`, never overlapping, in text order: whole words only, the longest key winning
    /// where matches overlap; an occurrence ending inside a grapheme cluster (before a combining mark) does
    /// not count.
    func matches(in text: UnsafeBufferPointer<UInt16>) -> [Link] {
        var context = MatchContext(text: text)
        // At each start, the longest key of each automaton that stands there (right to left).
        var fromBase: [(start: Int, key: LinkKeyAutomaton.Key)] = []
        var fromOverlay: [(start: Int, key: LinkKeyAutomaton.Key)] = []
        if let base {
            let masked = masked
            base.forEachStart(in: text) { start, node, k, needs in
                guard masked.isEmpty || !masked.contains(node), context.accepts(needs, at: start) else { return false }
                fromBase.append((start, base.keys[k]))
                return true
            }
        }
        if let overlay {
            overlay.forEachStart(in: text) { start, _, k, needs in
                guard context.accepts(needs, at: start) else { return false }
                fromOverlay.append((start, overlay.keys[k]))
                return true
            }
        }
        // Both lists run right to left; merged left to right, the longer key winning at a shared start.
        var found: [(start: Int, key: LinkKeyAutomaton.Key)] = []
        found.reserveCapacity(fromBase.count + fromOverlay.count)
        var a = fromBase.count - 1, b = fromOverlay.count - 1
        while a >= 0 || b >= 0 {
            if b < 0 || (a >= 0 && fromBase[a].start < fromOverlay[b].start) {
                found.append(fromBase[a]); a -= 1
            } else if a < 0 || fromOverlay[b].start < fromBase[a].start {
                found.append(fromOverlay[b]); b -= 1
            } else {
                found.append(fromOverlay[b].key.length >= fromBase[a].key.length ? fromOverlay[b] : fromBase[a])
                a -= 1; b -= 1
            }
        }
        return Self.longestFirst(found, count: text.count)
    }

    /// Whether a key found at a position stands as a whole word there, each position's word boundary and
    /// mention test worked out once (a text of a few words and a map of keys that share them asks again
    /// and again).
    private struct MatchContext {
        let text: UnsafeBufferPointer<UInt16>
        /// Per position, what was worked out there (made on first use): ``boundaryKnown`` and
        /// ``boundary``, ``extendsKnown`` and ``extends`` (a grapheme extender starts there).
        private var facts: [UInt8] = []
        private static let boundaryKnown: UInt8 = 1, boundary: UInt8 = 2, extendsKnown: UInt8 = 4, extends: UInt8 = 8
        /// Per position inside a run of `.` and `-`: where the run ends (made on first use).
        private var runEnds: [Int] = []

        init(text: UnsafeBufferPointer<UInt16>) { self.text = text }

        mutating func accepts(_ key: LinkKeyAutomaton.Requirements, at start: Int) -> Bool {
            let end = start + Int(key.length)
            if end < text.count && extendsGrapheme(at: end) { return false }
            if key.needsBoundaryBefore && !isBoundary(start) { return false }
            if key.needsBoundaryAfter && !isBoundary(end) { return false }
            if key.isMention && continuesMention(end) { return false }
            return true
        }

        /// Whether the scalar at `i` (< count) extends a grapheme, remembered: keys that are prefixes of
        /// one another end at many positions of one run of marks.
        private mutating func extendsGrapheme(at i: Int) -> Bool {
            if facts.isEmpty { facts = [UInt8](repeating: 0, count: text.count + 1) }
            if facts[i] & Self.extendsKnown == 0 {
                let extends = CharacterClasses.extendsGrapheme(CharacterClasses.scalar(in: text, at: i).value)
                facts[i] |= Self.extendsKnown | (extends ? Self.extends : 0)
            }
            return facts[i] & Self.extends != 0
        }

        /// ``WordBoundaries/isBoundary(in:at:)``, remembered.
        private mutating func isBoundary(_ i: Int) -> Bool {
            if facts.isEmpty { facts = [UInt8](repeating: 0, count: text.count + 1) }
            if facts[i] & Self.boundaryKnown == 0 {
                facts[i] |= Self.boundaryKnown | (WordBoundaries.isBoundary(in: text, at: i) ? Self.boundary : 0)
            }
            return facts[i] & Self.boundary != 0
        }

        /// ``MentionRules/continues(_:at:)``, with the run of `.` and `-` it skips found once per run.
        private mutating func continuesMention(_ end: Int) -> Bool {
            let j = skipDotsAndHyphens(from: end)
            guard j < text.count else { return false }
            let value = CharacterClasses.scalar(in: text, at: j).value
            if value == 0x5F { return true }
            guard MentionRules.isBodyScalar(value) else { return false }
            return j > end || !isBoundary(end)
        }

        private static func isDotOrHyphen(_ u: UInt16) -> Bool { u == 0x2E || u == 0x2D }

        /// The first position at or after `j` that is not `.` or `-`.
        private mutating func skipDotsAndHyphens(from j: Int) -> Int {
            guard j < text.count, Self.isDotOrHyphen(text[j]) else { return j }
            if runEnds.isEmpty { runEnds = [Int](repeating: -1, count: text.count) }
            var k = j
            while k < text.count && Self.isDotOrHyphen(text[k]) {
                if runEnds[k] >= 0 { k = runEnds[k]; break }
                k += 1
            }
            var m = j
            while m < k && runEnds[m] < 0 { runEnds[m] = k; m += 1 }
            return k
        }
    }

    /// The matches that survive overlaps, longest first (then leftmost), returned in text order.
    private static func longestFirst(_ found: [(start: Int, key: LinkKeyAutomaton.Key)], count n: Int) -> [Link] {
        func link(_ m: (start: Int, key: LinkKeyAutomaton.Key)) -> Link {
            Link(kind: .link, range: MappedIndex(m.start)..<MappedIndex(m.start + m.key.length), target: m.key.target,
                 isAtomic: m.key.isMention)
        }
        // Without overlaps (the common case) every match stands.
        if zip(found, found.dropFirst()).allSatisfy({ $0.start + $0.key.length <= $1.start }) { return found.map(link) }
        let order = found.indices.sorted {
            let a = found[$0], b = found[$1]
            return a.key.length != b.key.length ? a.key.length > b.key.length : a.start < b.start
        }
        // Taken longest first, a taken match is at least as long as any later one, so a later one overlaps a
        // taken match exactly when its first or last unit is already taken.
        var taken = [Bool](repeating: false, count: n)
        var kept: [Int] = []
        for index in order {
            let m = found[index], end = m.start + m.key.length
            guard !taken[m.start] && !taken[end - 1] else { continue }
            for u in m.start..<end { taken[u] = true }
            kept.append(index)
        }
        return kept.sorted().map { link(found[$0]) }
    }
}

/// Finds links in the mapped text: explicit ones (entities, spans, markup) win over link-map ones, which
/// win over link rules' (an earlier rule over a later one), which win over detected ones.
enum LinkFinder {
    /// All links of the mapped text in order, never overlapping.
    static func links(in text: UnsafeBufferPointer<UInt16>, explicit: [Link], matcher: LinkMatcher?,
                      rules: LinkRules? = nil, detect: Bool) throws(MappingError) -> [Link] {
        var result = explicit
        if let matcher, !matcher.isEmpty {
            result = merge(result, matcher.matches(in: text))
        }
        if let rules {
            for found in try rules.links(in: text) { result = merge(result, found) }
        }
        if detect {
            result = merge(result, detectLinks(in: text))
        }
        return result
    }

    /// `strong` plus every link of `weak` overlapping none of them, in order.
    static func merge(_ strong: [Link], _ weak: [Link]) -> [Link] {
        if strong.isEmpty { return weak }
        if weak.isEmpty { return strong }
        var result: [Link] = []
        result.reserveCapacity(strong.count + weak.count)
        var s = 0
        for link in weak {
            while s < strong.count && strong[s].range.upperBound <= link.range.lowerBound {
                result.append(strong[s]); s += 1
            }
            if s < strong.count && strong[s].range.lowerBound < link.range.upperBound { continue }  // overlaps
            result.append(link)
        }
        result.append(contentsOf: strong[s...])
        return result
    }

    /// Mentions and URLs, in one left-to-right pass.
    ///
    /// - URLs start with `http://`, `https://` (any case) or `www.`, not right after a letter, digit or
    ///   `_ @ . / - :` (so not inside an email address or a longer word); they run over RFC 3986 characters
    ///   and non-CJK letters, stop at an unbalanced closing bracket, and leave out trailing `. , : ; ! ? ' *`.
    ///   A `www.` URL's target gets `https://` prepended.
    /// - Mentions follow ``MentionRules``; a mention inside a URL is part of the URL. Its target is its
    ///   text, and it is atomic.
    static func detectLinks(in text: UnsafeBufferPointer<UInt16>) -> [Link] {
        var found: [Link] = []
        let n = text.count
        var i = 0
        while i < n {
            let unit = text[i]
            switch unit {
            case 0x40:  // @
                if let end = MentionRules.end(in: text, at: i) {
                    found.append(Link(kind: .mention, range: MappedIndex(i)..<MappedIndex(end),
                                      target: UTF16Text.string(UnsafeBufferPointer(rebasing: text[i..<end])), isAtomic: true))
                    i = end
                    continue
                }
            case 0x68, 0x48, 0x77, 0x57:  // h H w W
                if let (end, isWWW) = url(in: text, at: i) {
                    let body = UTF16Text.string(UnsafeBufferPointer(rebasing: text[i..<end]))
                    found.append(Link(kind: .url, range: MappedIndex(i)..<MappedIndex(end),
                                      target: isWWW ? "https://" + body : body))
                    i = end
                    continue
                }
            default:
                break
            }
            i += 1
        }
        return found
    }

    /// The end of a URL starting at `at`, and whether it is a scheme-less `www.` one.
    private static func url(in text: UnsafeBufferPointer<UInt16>, at: Int) -> (Int, Bool)? {
        let n = text.count
        @inline(__always) func lower(_ k: Int) -> UInt16 { k < n ? text[k] | 0x20 : 0 }
        var start: Int
        let isWWW: Bool
        if lower(at) == 0x68 {  // h
            guard lower(at + 1) == 0x74, lower(at + 2) == 0x74, lower(at + 3) == 0x70 else { return nil }  // ttp
            var k = at + 4
            if lower(k) == 0x73 { k += 1 }  // s
            guard k + 2 < n, text[k] == 0x3A, text[k + 1] == 0x2F, text[k + 2] == 0x2F else { return nil }  // ://
            start = k + 3
            isWWW = false
        } else {
            guard lower(at + 1) == 0x77, lower(at + 2) == 0x77, at + 3 < n, text[at + 3] == 0x2E else { return nil }
            start = at + 4
            isWWW = true
        }
        if at > 0 {
            let before = CharacterClasses.scalar(in: text, before: at)
            if before < 0x80 {
                if CharacterClasses.isASCIIAlphanumeric(before) { return nil }
                switch UInt8(before) {
                case UInt8(ascii: "-") where !isWWW:
                    break  // `ב-https://…`, `see-https://…`: an explicit scheme after a hyphen is a URL
                case UInt8(ascii: "_"), UInt8(ascii: "@"), UInt8(ascii: "."), UInt8(ascii: "/"), UInt8(ascii: "-"),
                     UInt8(ascii: ":"):
                    return nil
                default:
                    break
                }
            } else if CharacterClasses.isWordScalar(before) && !CharacterClasses.isCJK(before) {
                return nil  // inside a word of a spaced script
            }
        }
        // The host must start with a letter or digit.
        guard start < n else { return nil }
        let first = CharacterClasses.scalar(in: text, at: start).value
        guard first < 0x80 ? CharacterClasses.isASCIIAlphanumeric(first)
                           : (CharacterClasses.isWordScalar(first) && !CharacterClasses.isCJK(first)
                              && !CharacterClasses.extendsGrapheme(first)) else { return nil }
        var j = start
        var parens = 0, brackets = 0
        scan: while j < n {
            let (value, width) = CharacterClasses.scalar(in: text, at: j)
            guard CharacterClasses.isURLScalar(value) else { break }
            switch value {
            case 0x28: parens += 1
            case 0x29: if parens == 0 { break scan } else { parens -= 1 }
            case 0x5B: brackets += 1
            case 0x5D: if brackets == 0 { break scan } else { brackets -= 1 }
            default: break
            }
            j += width
        }
        trailing: while j > start {
            switch text[j - 1] {
            case 0x2E, 0x2C, 0x3A, 0x3B, 0x21, 0x3F, 0x27, 0x2A: j -= 1  // . , : ; ! ? ' *
            default: break trailing
            }
        }
        return j > start ? (j, isWWW) : nil
    }
}
