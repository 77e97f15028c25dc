import BubbleLock
import BubbleRegex

/// A rule set compiled once: each rule's PCRE2 code (shared between threads) and parsed target.
///
/// ``LinkRules/compile(_:)`` keeps the compiled sets it made in a bounded cache, so a server that sees
/// the same rules on every request compiles them once.
public final class LinkRules: Sendable {
    struct Compiled: Sendable {
        var rule: LinkRule
        var regex: RegexPattern
        var kind: LinkKind
        var template: [TemplatePart]
        /// The target is one reference alone: the matched text itself, not encoded.
        var isText: Bool
    }

    enum TemplatePart: Sendable, Hashable {
        case literal(String)
        case group(Int)
    }

    let rules: [Compiled]

    private init(rules: [Compiled]) { self.rules = rules }

    /// Most rule sets kept compiled; beyond it the cache starts afresh.
    public static let cacheCapacity = 64
    private static let lock = Lock()
    nonisolated(unsafe) private static var cache: [[LinkRule]: LinkRules] = [:]

    /// The compiled set for `rules`, from the cache or compiled now.
    /// - Throws: ``MappingError/invalidLinkRule(name:reason:)``: an unknown built-in, a pattern PCRE2
    ///   rejects (its message and the byte offset), a target naming a group the pattern lacks or starting
    ///   with no allowed scheme.
    public static func compile(_ rules: [LinkRule]) throws(MappingError) -> LinkRules {
        lock.lock()
        if let known = cache[rules] { lock.unlock(); return known }
        lock.unlock()
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
                regex = try RegexPattern(pattern, matchLimit: LinkRule.matchLimit, depthLimit: LinkRule.depthLimit)
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
            compiled.append(Compiled(rule: rule, regex: regex, kind: LinkKind(kind), template: template, isText: isText))
        }
        let made = LinkRules(rules: compiled)
        lock.lock()
        if cache.count >= cacheCapacity { cache.removeAll(keepingCapacity: true) }
        cache[rules] = made
        lock.unlock()
        return made
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

    /// Every rule's matches in `text` (mapped UTF-16), one list per rule in order; the caller merges
    /// them so an earlier rule wins over a later one where matches overlap.
    /// - Throws: ``MappingError/invalidLinkRule(name:reason:)`` when a search hits PCRE2's limits.
    func links(in text: UnsafeBufferPointer<UInt16>) throws(MappingError) -> [[Link]] {
        guard !rules.isEmpty, !text.isEmpty else { return [] }
        // UTF-8 subject, and the UTF-16 offset of every byte boundary (a lone surrogate becomes U+FFFD).
        var bytes: [UInt8] = []
        bytes.reserveCapacity(text.count * 2)
        var utf16At: [Int32] = []
        utf16At.reserveCapacity(text.count * 2 + 1)
        var i = 0
        while i < text.count {
            let (value, width) = CharacterClasses.scalar(in: text, at: i)
            let scalar = Unicode.Scalar(value) ?? "\u{FFFD}"
            for b in UTF8.encode(scalar)! { bytes.append(b); utf16At.append(Int32(i)) }
            i += width
        }
        utf16At.append(Int32(text.count))
        var result: [[Link]] = []
        for compiled in rules {
            let matches: [RegexMatch]
            do { matches = try compiled.regex.matches(in: bytes) } catch {
                let why = RegexPattern.isLimit(error)
                    ? "matching gave up at PCRE2's limits (match limit \(LinkRule.matchLimit), depth limit \(LinkRule.depthLimit)): \(error.message)"
                    : "matching failed: \(error.message)"
                throw .invalidLinkRule(name: compiled.rule.name, reason: why)
            }
            var links: [Link] = []
            for match in matches where !match.range.isEmpty {
                let start = Int(utf16At[match.range.lowerBound]), end = Int(utf16At[match.range.upperBound])
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
