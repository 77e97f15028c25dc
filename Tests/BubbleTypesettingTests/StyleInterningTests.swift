import BubbleMapping
import BubbleTestSupport
import BubbleTypesetting
import Testing

/// Styles are interned once per style run: each run of the shaped text names the style its span gave,
/// each distinct style once, whether a message has a handful (entities) or thousands (a color per span,
/// looked up by hash past a few; a scan per grapheme was quadratic: 16,000 spans of their own color took
/// 7 s to lay out).
@Suite struct StyleInterningTests {
    let typesetter = try! Typesetter(fonts: chain)

    @Test(arguments: [3, 8, 9, 300])
    func everyRunNamesItsSpansStyle(spans count: Int) throws {
        // A color per span, every third one a size too; the colors repeat, so styles are found again.
        func color(_ v: Int) -> String {
            let hex = String(v, radix: 16)
            return "#" + String(repeating: "0", count: 6 - hex.count) + hex
        }
        let spans = (0..<count).map { k in
            Span(type: .txt, content: "ab ", color: color(k % max(count / 2, 1) + 1), size: k % 3 == 0 ? 14 : nil)
        }
        let mapped = try Mapper().map(Message(spans: spans))
        let shaped = typesetter.shape(mapped)
        #expect(Set(shaped.styles).count == shaped.styles.count)
        for run in shaped.runs where run.placeholder == nil {
            let styleRun = try #require(mapped.styles.first { $0.range.lowerBound.utf16 <= run.range.lowerBound && run.range.lowerBound < $0.range.upperBound.utf16 })
            #expect(shaped.styles[run.style] == styleRun.style)
        }
        // Two messages in a row on one typesetter: the second's styles are its own.
        let again = typesetter.shape(try Mapper().map(Message(spans: Array(spans.reversed()))))
        #expect(Set(again.styles).count == again.styles.count)
        for run in again.runs { #expect(again.styles[run.style] == (again.mapped.styles.first { $0.range.lowerBound.utf16 <= run.range.lowerBound && run.range.lowerBound < $0.range.upperBound.utf16 }?.style ?? .plain)) }
    }
}
