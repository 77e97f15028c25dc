import BubbleMapping
@testable import BubbleTypesetting
import Testing

/// The line wrapper's pass for text with no unbreakable range and no tab (buffer pointers, every break a
/// candidate) must end each line where the general pass, break by break, ends it; and `hangs` must name
/// exactly the spaces that hang.
@Suite struct GreedyFitTests {
    static let texts = [
        "The quick brown fox jumps over the lazy dog", "One  two   three    four", "  leading and trailing  ",
        "很久很久以前，在一个群里，生活着一群快乐的居民。", "中文 English 混合, and more 中文", "コーヒーを飲みましょう。ちょっと待って",
        "ideographic\u{3000}space\u{3000}\u{3000}here", "thin\u{2009}and\u{200A}hair\u{2007}figure\u{205F}math",
        "Supercalifragilisticexpialidocious is long", "a b c d e f g h i j k l m n o p q r s t u v w x y z",
        "שלום עולם, מה שלומך היום?", "Привет, как дела? Всё хорошо.", "one\ntwo three\n\nfour five six",
    ]

    /// The general pass of `LineWrapper.lineEnd`, as it reads with no unbreakable range: each break
    /// from the first after `start` (from index `cursor` on) measured in turn, stopping at the first that
    /// does not fit.
    static func referenceFit(_ wrapper: LineWrapper, start: Int, cursor: Int, paragraph p: Int, end: Int,
                             limit: Double) -> (fit: Int?, next: Int) {
        let range = wrapper.paragraphBreaks(p)
        var k = cursor
        while k < range.upperBound && wrapper.breaks[k] <= start { k += 1 }
        var fit: Int?
        while k < range.upperBound {
            let b = wrapper.breaks[k]
            guard wrapper.advanceWidth(start..<b) <= limit else { break }
            fit = b
            k += 1
            if b >= end { break }
        }
        return (fit, k)
    }

    @Test(arguments: texts) func endsEveryLineWhereTheGeneralPassDoes(_ text: String) throws {
        let shaped = try Typesetter(fonts: chain).shape(MappedText(plain: text), style: ParagraphStyle())
        let wrapper = LineWrapper(shaped: shaped, atomicLinks: false)
        #expect(wrapper.unbreakable.isEmpty && wrapper.tabs.isEmpty)
        for width in stride(from: 8.0, through: 420, by: 9.5) {
            for (p, paragraph) in shaped.paragraphs.enumerated() where !paragraph.range.isEmpty {
                var start = paragraph.range.lowerBound
                var cursor = wrapper.paragraphBreaks(p).lowerBound
                while start < paragraph.range.upperBound {
                    let reference = Self.referenceFit(wrapper, start: start, cursor: cursor, paragraph: p,
                                                      end: paragraph.range.upperBound, limit: width + wrapper.fitSlack)
                    let end = wrapper.lineEnd(from: start, paragraph: p, range: paragraph.range, available: width, cursor: &cursor)
                    #expect(cursor == reference.next, "\(text) at \(width) from \(start)")
                    if let fit = reference.fit, wrapper.kerning(before: fit) == 0 {
                        #expect(end == fit, "\(text) at \(width) from \(start)")
                    }
                    #expect(end > start)
                    start = end
                }
            }
        }
    }

    @Test func hangingSpacesAreExactlyThese() {
        let hanging: Set<UInt16> = [0x09, 0x20, 0x1680, 0x2000, 0x2001, 0x2002, 0x2003, 0x2004, 0x2005, 0x2006, 0x2008,
                                    0x2009, 0x200A, 0x205F, 0x3000]
        for u in UInt16.min...UInt16.max where LineWrapper.hangs(u) != hanging.contains(u) {
            Issue.record("hangs(U+\(String(u, radix: 16, uppercase: true))) is \(LineWrapper.hangs(u))")
        }
    }
}
