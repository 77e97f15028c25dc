import Foundation
import Testing
@testable import BubbleMapping
import BubbleRegex
import BubbleTestSupport

/// Times mapping alone over the project's corpus (`bench/corpus`). Off by default (no timing assertions); run with
/// `BUBBLE_BENCH=1 swift test -c release -Xswiftc -enable-testing --filter MappingBenchmark` and read the printed µs/message.
@Suite(.enabled(if: ProcessInfo.processInfo.environment["BUBBLE_BENCH"] != nil), .serialized)
struct MappingBenchmark {
    static let root = URL(fileURLWithPath: #filePath).resolvingSymlinksInPath().deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    static func corpus() throws -> [String] {
        try Corpus.texts()
    }

    static func catalog() throws -> EmojiCatalog {
        let start = DispatchTime.now()
        let catalog = try EmojiCatalog(contentsOf: root.appendingPathComponent("Emoji/catalog.json").path)
        let ms = Double(DispatchTime.now().uptimeNanoseconds - start.uptimeNanoseconds) / 1e6
        print("catalog: \(catalog.count) entries loaded in \(String(format: "%.1f", ms)) ms")
        return catalog
    }

    /// Best of `passes` timed passes, in µs per message.
    static func time(_ count: Int, passes: Int = 5, _ body: () throws -> Int) rethrows -> (Double, Int) {
        var best = Double.infinity
        var checksum = 0
        _ = try body()  // cold pass
        for _ in 0..<passes {
            let start = DispatchTime.now()
            checksum = try body()
            best = min(best, Double(DispatchTime.now().uptimeNanoseconds - start.uptimeNanoseconds) / 1e3 / Double(count))
        }
        return (best, checksum)
    }

    @Test func mapCorpus() throws {
        let messages = try Self.corpus()
        let mapper = Mapper(catalog: try Self.catalog())
        let (us, checksum) = try Self.time(messages.count) {
            var sum = 0
            for text in messages {
                let mapped = try mapper.map(text)
                sum &+= mapped.text.count &+ mapped.placeholders.count &+ mapped.links.count
            }
            return sum
        }
        var unresolved = 0
        for text in messages { unresolved += try mapper.map(text).string.contains("[") ? 1 : 0 }
        print("Map:corpus \(messages.count) messages: \(String(format: "%.2f", us)) µs/message (checksum \(checksum); "
              + "\(unresolved) messages still hold a '[')")
    }

    /// The hand-written token scanner against PCRE2 (JIT) doing the same one-pass job on UTF-8.
    @Test func tokensHandWrittenVersusPCRE2() throws {
        let messages = try Self.corpus()
        let catalog = try Self.catalog()
        let mapper = Mapper(catalog: catalog, options: MappingOptions(linkify: false))
        let (hand, handCount) = try Self.time(messages.count) {
            var count = 0
            for text in messages { count += try mapper.map(text).placeholders.count }
            return count
        }
        let units = messages.map { Array($0.utf16) }
        let longest = catalog.longestNameUTF16
        let (scan, scanCount) = Self.time(messages.count) {
            var count = 0
            for text in units {
                text.withUnsafeBufferPointer { src in
                    var i = 0
                    while i < src.count {
                        if src[i] == 0x5B {
                            var j = i + 1
                            let limit = min(src.count, i + 1 + longest)
                            while j < limit, src[j] != 0x5D, TokenName.allows(unit: UInt32(src[j])) { j += 1 }
                            if j < src.count, src[j] == 0x5D, j > i + 1, !(i > 0 && src[i - 1] == 0x5C),
                               !(j + 1 < src.count && CharacterClasses.extendsGrapheme(CharacterClasses.scalar(in: src, at: j + 1).value)),
                               catalog[String(decoding: UnsafeBufferPointer(rebasing: src[(i + 1)..<j]), as: UTF16.self)] != nil {
                                count += 1
                                i = j
                            }
                        }
                        i += 1
                    }
                }
            }
            return count
        }
        let pattern = try RegexPattern(#"\\?\[([^\[\]\s/\\]{1,64})\](?!\p{M})"#)
        let bytes = messages.map { Array($0.utf8) }
        let (regex, regexCount) = try Self.time(messages.count) {
            var count = 0
            for message in bytes {
                for match in try pattern.matches(in: message) {
                    guard let group = match.groups[0], message[match.range.lowerBound] != 0x5C else { continue }
                    let name = String(decoding: message[group], as: UTF8.self)
                    if catalog[name] != nil { count += 1 }
                }
            }
            return count
        }
        print("tokens: hand-written find+look-up only (UTF-16) \(String(format: "%.2f", scan)) µs/message, \(scanCount) tokens")
        let (sourceUnits, _) = Self.time(messages.count) {
            var sum = 0
            for text in messages { sum &+= SourceUnits(utf16: Array(text.utf16)).convert(utf16: 1, to: .utf8) }
            return sum
        }
        print("offset tables: Array(text.utf16) + SourceUnits \(String(format: "%.2f", sourceUnits)) µs/message")
        print("tokens: hand-written full map (UTF-16 in, MappedText out) \(String(format: "%.2f", hand)) µs/message, "
              + "\(handCount) tokens; PCRE2 JIT=\(pattern.isJIT) find+look-up only \(String(format: "%.2f", regex)) µs/message, "
              + "\(regexCount) tokens")
    }

    /// Link detection: the hand-written scanner against PCRE2 patterns for mentions and URLs.
    @Test func linksHandWrittenVersusPCRE2() throws {
        let messages = try Self.corpus()
        let units = messages.map { Array($0.utf16) }
        let (hand, handCount) = Self.time(messages.count) {
            var count = 0
            for text in units { count += text.withUnsafeBufferPointer { LinkFinder.detectLinks(in: $0).count } }
            return count
        }
        let pattern = try RegexPattern(
            #"(?<![A-Za-z0-9_@./:-])(?:https?://|www\.)[\p{L}\p{M}\p{Nd}\-._~:/?#\[\]@!$&'()*+,;=%]*[\p{L}\p{M}\p{Nd}/#=_~\-)&%]"#
            + #"|(?<![A-Za-z0-9_.+\-!#$%&*'=?^`{|}~/@])@[\p{L}\p{M}\p{Nd}_.\-]*[\p{L}\p{M}\p{Nd}_](?![\p{L}\p{M}\p{Nd}_.\-]*@)"#,
            caseless: true)
        let (regex, regexCount) = try Self.time(messages.count) {
            var count = 0
            for text in units {  // the mapped text is UTF-16; PCRE2 (8-bit) needs it as UTF-8 first
                count += try pattern.matches(in: Array(String(decoding: text, as: UTF16.self).utf8)).count
            }
            return count
        }
        print("links: hand-written \(String(format: "%.2f", hand)) µs/message (\(handCount) links); "
              + "PCRE2 JIT=\(pattern.isJIT) \(String(format: "%.2f", regex)) µs/message (\(regexCount) links, "
              + "no bracket balancing or CJK stop)")
    }
}
