import BubbleLock
import BubbleRegex

/// A rule set compiled once: each rule's PCRE2 code (shared between threads) and parsed target.
///
/// ``LinkRules/compile(_:)`` keeps the compiled sets it made in a bounded cache, so a server that sees
/// the same rules on every request compiles them once.
package final class LinkRules: Sendable {
    struct Compiled: Sendable {
        var rule: LinkRule
        var regex: RegexPattern
        var kind: LinkKind
        var template: [TemplatePart]
        /// The target is one reference alone: the matched text itself, not encoded.
        var isText: Bool
        /// A byte every match holds (PCRE2's analysis): text without it is not searched.
        var required: UInt16?
        /// What the text must hold for the built-in `phone` and `email` to be searched at all.
        var prefilter: Prefilter
    }

    /// Cheap necessary conditions of the built-ins, checked on the UTF-16 text before any search (most
    /// chat messages have neither, and a search costs a UTF-8 copy and a PCRE2 call).
    enum Prefilter: Sendable {
        case none
        /// 7 digits in one run of digits and `space ( ) . - +` (\d is Unicode's Nd: see ``mayBeDigit(_:)``).
        case phoneRun
        /// An `@` with a possible local-part character right before it and a word character after it.
        case emailAt

        /// Whether a non-ASCII UTF-16 unit may be (part of) a decimal digit: a BMP Nd character, or either
        /// half of a surrogate pair (Nd outside the BMP, such as 𝟎, is not looked up).
        static func mayBeDigit(_ u: UInt16) -> Bool {
            if u >= 0xD800 && u <= 0xDFFF { return true }
            if u >= 0x3000 && !(u >= 0xA620 && u <= 0xABFF) && !(u >= 0xFF10 && u <= 0xFF19) { return false }  // CJK, Hangul: no Nd
            guard let scalar = Unicode.Scalar(u) else { return false }
            return scalar.properties.generalCategory == .decimalNumber
        }

        func admits(_ text: UnsafeBufferPointer<UInt16>) -> Bool {
            switch self {
            case .none: return true
            case .phoneRun:
                var run = 0
                for u in text {
                    if (u >= 0x30 && u <= 0x39) || (u >= 0x660 && Self.mayBeDigit(u)) {
                        run += 1
                        if run >= 7 { return true }
                    } else if !(u == 0x20 || u == 0x28 || u == 0x29 || u == 0x2E || u == 0x2D || u == 0x2B) {
                        run = 0
                    }
                }
                return false
            case .emailAt:
                var i = 1
                while i + 1 < text.count {
                    if text[i] == 0x40 {
                        let before = text[i - 1], after = text[i + 1]
                        let localOK = before >= 0x80 || CharacterClasses.isASCIIAlphanumeric(UInt32(before))
                            || before == 0x5F || before == 0x25 || before == 0x2B || before == 0x2D
                        let domainOK = after >= 0x80 || CharacterClasses.isASCIIAlphanumeric(UInt32(after)) || after == 0x5F
                        if localOK && domainOK { return true }
                    }
                    i += 1
                }
                return false
            }
        }
    }

    enum TemplatePart: Sendable, Hashable {
        case literal(String)
        case group(Int)
    }

    let rules: [Compiled]

    private init(rules: [Compiled]) { self.rules = rules }

    /// Most rule sets kept compiled; beyond it the least recently used is dropped.
    package static let cacheCapacity = 64
    private static let cache = BoundedCache<[LinkRule], LinkRules>(maxEntries: cacheCapacity, maxBytes: .max)

    /// The compiled set for `rules`, from the cache or compiled now.
    /// - Throws: ``MappingError/invalidLinkRule(name:reason:)``: an unknown built-in, a pattern PCRE2
    ///   rejects (its message and the byte offset), a target naming a group the pattern lacks or starting
    ///   with no allowed scheme.
    package static func compile(_ rules: [LinkRule]) throws(MappingError) -> LinkRules {
        if let known = cache.value(for: rules) { return known }
        var compiled: [Compiled] = []
        for given in rules {
            guard let rule = given.resolved, let pattern = rule.pattern else {
                throw .invalidLinkRule(name: given.name, reason: "no pattern, and not a built-in rule (\(LinkRule.builtIns.keys.sorted().joined(separator: ", ")))")
            }
            guard !rule.name.isEmpty else { throw .invalidLinkRule(name: "", reason: "a rule needs a name") }
            guard pattern.utf8.count <= LinkRule.maxPatternLength else {
                throw .invalidLinkRule(name: rule.name, reason: "the pattern is longer than \(LinkRule.maxPatternLength) bytes")
            }
            let regex: RegexPattern
            do {
                regex = try RegexPattern(pattern, matchLimit: rule.effectiveMatchLimit, depthLimit: rule.effectiveDepthLimit)
            } catch {
                throw .invalidLinkRule(name: rule.name, reason: "the pattern does not compile at byte \(error.patternOffset ?? 0): \(error.message)")
            }
            let template = try parse(rule.target ?? "$0", rule: rule.name, regex: regex)
            let isText = template.count == 1 && { if case .group = template[0] { return true } else { return false } }()
            if !isText {
                guard case .literal(let head)? = template.first,
                      ["http://", "https://", "mailto:", "tel:"].contains(where: { head.lowercased().hasPrefix($0) }) else {
                    throw .invalidLinkRule(name: rule.name, reason: "the target must be one reference ($0) or start with http://, https://, mailto: or tel:")
                }
            }
            let kind = rule.kind ?? rule.name
            guard !kind.isEmpty, kind != LinkKind.more.rawValue else {
                throw .invalidLinkRule(name: rule.name, reason: "the kind must be a non-empty name other than 'more'")
            }
            compiled.append(Compiled(rule: rule, regex: regex, kind: LinkKind(kind), template: template, isText: isText,
                                     required: regex.requiredByte.map(UInt16.init),
                                     prefilter: rule.pattern == LinkRule.builtIns["phone"]?.pattern ? .phoneRun
                                         : rule.pattern == LinkRule.builtIns["email"]?.pattern ? .emailAt : .none))
        }
        return cache.value(for: rules, orInsert: LinkRules(rules: compiled), bytes: 0)
    }

    /// `$0`, `$12`, `${name}`, `$$` in `target`.
    static func parse(_ target: String, rule: String, regex: RegexPattern) throws(MappingError) -> [TemplatePart] {
        var parts: [TemplatePart] = []
        var literal = ""
        let s = Array(target.unicodeScalars)
        let names = regex.groupNames
        var i = 0
        while i < s.count {
            guard s[i] == "$", i + 1 < s.count else { literal.unicodeScalars.append(s[i]); i += 1; continue }
            let next = s[i + 1]
            var group: Int
            if next == "$" {
                literal += "$"; i += 2; continue
            } else if next == "{" {
                guard let close = s[(i + 2)...].firstIndex(of: "}") else {
                    throw .invalidLinkRule(name: rule, reason: "the target has '${' without '}'")
                }
                let name = String(String.UnicodeScalarView(s[(i + 2)..<close]))
                if let number = Int(name) { group = number } else {
                    guard let number = names[name] else { throw .invalidLinkRule(name: rule, reason: "the target names group '\(name)', which the pattern lacks") }
                    group = number
                }
                i = close + 1
            } else if ("0"..."9").contains(next) {
                var j = i + 1
                group = 0
                while j < s.count, ("0"..."9").contains(s[j]), group < 1000 { group = group * 10 + Int(s[j].value - 48); j += 1 }
                i = j
            } else {
                literal.unicodeScalars.append(s[i]); i += 1; continue
            }
            guard group <= regex.captureCount else {
                throw .invalidLinkRule(name: rule, reason: "the target uses group \(group); the pattern has \(regex.captureCount)")
            }
            if !literal.isEmpty { parts.append(.literal(literal)); literal = "" }
            parts.append(.group(group))
        }
        if !literal.isEmpty { parts.append(.literal(literal)) }
        return parts
    }

    /// Every rule's matches in `text` (mapped UTF-16), one list per rule in order (rules whose prefilter
    /// rules the text out give none); the caller merges
    /// them so an earlier rule wins over a later one where matches overlap.
    /// - Throws: ``MappingError/invalidLinkRule(name:reason:)`` when a search hits PCRE2's limits.
    func links(in text: UnsafeBufferPointer<UInt16>) throws(MappingError) -> [[Link]] {
        guard !rules.isEmpty, !text.isEmpty else { return [] }
        // Cheap tests first: most messages hold no `#`, `$` or `@`, and few hold a phone number.
        let live = rules.map { rule in
            (rule.required.map { text.contains($0) } ?? true) && rule.prefilter.admits(text)
        }
        guard live.contains(true) else { return [] }
        // UTF-8 subject (a lone surrogate becomes U+FFFD); byte offsets of matches go back to UTF-16 below.
        var bytes: [UInt8] = []
        bytes.reserveCapacity(text.count + text.count / 2)
        var ascii = true
        var i = 0
        while i < text.count {
            let unit = text[i]
            if unit < 0x80 { bytes.append(UInt8(unit)); i += 1; continue }
            ascii = false
            let (value, width) = CharacterClasses.scalar(in: text, at: i)
            let scalar = Unicode.Scalar(value) ?? "\u{FFFD}"
            for b in UTF8.encode(scalar)! { bytes.append(b) }
            i += width
        }
        /// The UTF-16 offset of byte `offset` (a scalar boundary): the same offset for ASCII text; else
        /// counted on from the previous answer (offsets asked in increasing order within a rule).
        var cursor = (byte: 0, unit: 0)
        func utf16(_ offset: Int) -> Int {
            if ascii { return offset }
            if offset < cursor.byte { cursor = (0, 0) }
            var (b, u) = cursor
            while b < offset {
                let lead = bytes[b]
                let length = lead < 0x80 ? 1 : lead < 0xE0 ? 2 : lead < 0xF0 ? 3 : 4
                u += length == 4 ? 2 : 1
                b += length
            }
            cursor = (b, u)
            return u
        }
        var result: [[Link]] = []
        for (k, compiled) in rules.enumerated() {
            guard live[k] else { continue }
            let matches: [RegexMatch]
            do { matches = try compiled.regex.matches(in: bytes, validUTF8: true) } catch {
                let why = RegexPattern.isLimit(error)
                    ? "matching gave up at PCRE2's limits (match limit \(compiled.rule.effectiveMatchLimit), depth limit \(compiled.rule.effectiveDepthLimit)): \(error.message)"
                    : "matching failed: \(error.message)"
                throw .invalidLinkRule(name: compiled.rule.name, reason: why)
            }
            var links: [Link] = []
            for match in matches where !match.range.isEmpty {
                let start = utf16(match.range.lowerBound), end = utf16(match.range.upperBound)
                func value(_ group: Int) -> String {
                    let r = group == 0 ? match.range : (group - 1 < match.groups.count ? match.groups[group - 1] : nil)
                    guard let r else { return "" }
                    return String(decoding: bytes[r], as: UTF8.self)
                }
                var target = ""
                for part in compiled.template {
                    switch part {
                    case .literal(let s): target += s
                    case .group(let g): target += compiled.isText ? value(g) : Self.percentEncode(value(g))
                    }
                }
                // Links that start with `@` are atomic, under the same rule as mentions.
                links.append(Link(kind: compiled.kind, range: MappedIndex(start)..<MappedIndex(end), target: target,
                                  isAtomic: text[start] == 0x40))
            }
            result.append(links)
        }
        return result
    }

    /// Every byte but ASCII letters, digits and `- . _ ~ + @` as `%XX`.
    static func percentEncode(_ s: String) -> String {
        var out = ""
        for b in s.utf8 {
            switch b {
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "0")...UInt8(ascii: "9"),
                 UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"), UInt8(ascii: "~"), UInt8(ascii: "+"), UInt8(ascii: "@"):
                out.unicodeScalars.append(Unicode.Scalar(b))
            default:
                let hex = Array("0123456789ABCDEF".utf8)
                out += "%"
                out.unicodeScalars.append(Unicode.Scalar(hex[Int(b >> 4)]))
                out.unicodeScalars.append(Unicode.Scalar(hex[Int(b & 15)]))
            }
        }
        return out
    }
}
