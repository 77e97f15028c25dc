import BubbleTestSupport
import BubbleUnicode
import Testing

/// UAX #29 conformance: every case of Unicode's GraphemeBreakTest.txt through Bubble's breaker.
@Suite struct GraphemeBreakConformanceTests {
    @Test func everyCaseOfGraphemeBreakTestPasses() throws {
        let cases = BreakTestCase.parse(try UnicodeData.lines("auxiliary/GraphemeBreakTest.txt"))
        #expect(cases.count > 600, "GraphemeBreakTest.txt looks truncated")
        let breaker = try GraphemeBreaker()
        var failures: [String] = []
        for c in cases where breaker.boundaries(in: c.utf16) != c.breaks {
            failures.append("line \(c.line): \(c.key) expected \(c.breaks) got \(breaker.boundaries(in: c.utf16)) #\(c.comment)")
        }
        #expect(failures.isEmpty, Comment(rawValue: "\(failures.count) failures:\n" + failures.prefix(40).joined(separator: "\n")))
    }
}
