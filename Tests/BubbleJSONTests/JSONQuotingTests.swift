import BubbleJSON
import Testing

/// The one JSON string writer: what it escapes, and that Bubble's own strict reader reads back every string.
@Suite struct JSONQuotingTests {
    @Test func escapesWhatJSONAndJavaScriptRefuse() {
        #expect(JSONQuoting.quoted("a\"b\\c") == #""a\"b\\c""#)
        #expect(JSONQuoting.quoted("\n\r\t\u{0}\u{1F}") == #""\n\r\t\u0000\u001f""#)
        #expect(JSONQuoting.quoted("x\u{2028}y\u{2029}z") == #""x\u2028y\u2029z""#)
        #expect(JSONQuoting.quoted("é😀\u{7F}\u{2027}") == "\"é😀\u{7F}\u{2027}\"", "other text is its own UTF-8")
    }

    @Test func everyStringReadsBackAsItself() throws {
        let pieces = ["a", "\"", "\\", "\n", "\u{0}", "\u{1B}", "\u{2028}", "\u{2029}", "\u{E2}", "é", "😀", "\u{FEFF}", " ", "/"]
        var state: UInt64 = 0x9E37_79B9_7F4A_7C15
        for _ in 0..<500 {
            var s = ""
            for _ in 0..<Int(state % 12) {
                state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
                s += pieces[Int(state >> 33) % pieces.count]
            }
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            let quoted = JSONQuoting.quoted(s)
            #expect(try JSONReader.read(Array(quoted.utf8)).string == s, "\(quoted)")
        }
    }
}
