@testable import Bubble
import BubbleTestSupport
import Testing

/// `pageHeight`: the lines in runs no taller than a page (a taller line alone on its page), the pages
/// tiling the text shown; and with no `pageHeight`, or lines that fit one page, that one page (made from
/// the lines when asked for, as ``LineLayout/page(_:)`` gives it, with no array kept in the layout).
@Suite struct PaginationTests {
    static let engine = try! BubbleEngine()
    static let words = ["one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten", "eleven",
                        "twelve", "thirteen", "fourteen", "a-very-long-hyphenated-word", "\n", "😀", "مرحبا", "你好世界"]

    /// Every property of `lines`' pages that a reader of the report relies on.
    static func check(_ lines: LineLayout, pageHeight: Double?, _ context: String) {
        let pages = lines.pages
        #expect(pages.count == lines.pageCount, "\(context)")
        #expect(pages.indices.allSatisfy { pages[$0] == lines.page($0) }, "\(context)")
        guard !lines.lines.isEmpty else {
            #expect(pages.count == 1 && pages[0].range.isEmpty && pages[0].lines.isEmpty && pages[0].height == 0, "\(context)")
            return
        }
        // The pages' lines tile the lines, in order; their text tiles the text shown.
        #expect(pages.first!.lines.lowerBound == 0 && pages.last!.lines.upperBound == lines.lines.count, "\(context)")
        #expect(pages.first!.range.lowerBound == lines.lines[0].range.lowerBound, "\(context)")
        #expect(pages.last!.range.upperBound == (lines.truncated ? lines.visibleEnd : lines.shaped.count), "\(context)")
        for (a, b) in zip(pages, pages.dropFirst()) {
            #expect(a.lines.upperBound == b.lines.lowerBound && a.range.upperBound == b.range.lowerBound, "\(context)")
        }
        for page in pages {
            let first = lines.lines[page.lines.lowerBound], last = lines.lines[page.lines.upperBound - 1]
            #expect(page.top == first.top && page.height == last.top + last.height - first.top, "\(context)")
            if let pageHeight, page.lines.count > 1 { #expect(page.height <= pageHeight, "\(context)") }
        }
        if let pageHeight {  // the greedy split: a page ends only where its next line would not fit
            for (a, b) in zip(pages, pages.dropFirst()) {
                let next = lines.lines[b.lines.lowerBound]
                #expect(next.top + next.height - a.top > pageHeight, "\(context)")
            }
        } else {
            #expect(pages.count == 1, "\(context)")
        }
    }

    @Test func pagesTileTheLinesAtEveryPageHeight() throws {
        var rng = SeededGenerator(seed: 91)
        for round in 0..<200 {
            let text = (0..<Int.random(in: 0...40, using: &rng)).map { _ in Self.words.randomElement(using: &rng)! }.joined(separator: " ")
            var o = BubbleOptions()
            o.maxWidth = Double.random(in: 60...320, using: &rng)
            let pageHeight: Double? = round % 4 == 0 ? nil : Double.random(in: 10...120, using: &rng)
            o.pageHeight = pageHeight
            if round % 3 == 0 { o.maxLines = Int.random(in: 1...6, using: &rng) }
            let layout = try Self.engine.layout(text: text, options: o)
            Self.check(layout.lineLayout, pageHeight: pageHeight, "round \(round): \(text.prefix(60)) at \(o.maxWidth!)")
            // The report lists as many pages.
            let json = JSONRenderer().render(layout)
            let listed = try #require(json.components(separatedBy: #""pages":["#).last?.split(separator: "]").first)
            #expect(listed.filter { $0 == "{" }.count == layout.lineLayout.pageCount, "round \(round)")
        }
    }

    /// Most layouts are one page and keep no page array (nothing made or counted with each copy).
    @Test func onePageIsMadeWhenAskedFor() throws {
        let layout = try Self.engine.layout(text: "Two words")
        #expect(layout.lineLayout.splitPages.isEmpty && layout.lineLayout.pageCount == 1)
        var o = BubbleOptions()
        o.maxWidth = 40
        o.pageHeight = 30
        let split = try Self.engine.layout(text: "one two three four five six", options: o)
        #expect(split.lineLayout.splitPages.count > 1 && split.lineLayout.pages == split.lineLayout.splitPages)
    }
}
