import BubbleTestSupport
import BubbleUnicode
import Foundation
import Testing

/// UAX #14 conformance: every case of Unicode's LineBreakTest.txt through Bubble's breaker.
@Suite struct LineBreakConformanceTests {
    static let allowlistPath = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("LineBreakTest.allowlist").path

    @Test func everyCaseOfLineBreakTestPasses() throws {
        let cases = BreakTestCase.parse(try UnicodeData.lines("auxiliary/LineBreakTest.txt"))
        #expect(cases.count > 7000, "LineBreakTest.txt looks truncated")
        let allowed = readAllowlist(Self.allowlistPath)
        let breaker = try LineBreaker()
        var failures: [String] = []
        var allowedFailures = 0
        for c in cases {
            let found = breaker.opportunities(in: c.utf16).map(\.offset)
            if found == c.breaks { continue }
            if allowed[c.key] != nil { allowedFailures += 1; continue }
            failures.append("line \(c.line): \(c.key) expected \(c.breaks) got \(found) #\(c.comment)")
        }
        #expect(failures.isEmpty, Comment(rawValue: "\(failures.count) failures:\n" + failures.prefix(40).joined(separator: "\n")))
        // Every allowlisted case must still fail; a fixed one should leave the list.
        let stale = cases.filter { allowed[$0.key] != nil && breaker.opportunities(in: $0.utf16).map(\.offset) == $0.breaks }
        #expect(stale.isEmpty, "allowlisted but passing: \(stale.map(\.key))")
        #expect(allowedFailures == allowed.count || allowed.isEmpty || allowedFailures >= allowed.count)
    }

    @Test func hardBreaksAreMandatory() throws {
        let breaker = try LineBreaker()
        let found = breaker.opportunities(in: Array("ab cd\nef".utf16))
        #expect(found == [BreakOpportunity(offset: 3, isMandatory: false), BreakOpportunity(offset: 6, isMandatory: true),
                          BreakOpportunity(offset: 8, isMandatory: false)])  // the end of text is no hard break
    }
}
