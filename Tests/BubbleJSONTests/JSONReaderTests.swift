import BubbleJSON
import Testing

@Suite struct JSONReaderTests {
    @Test func readsEveryKindOfValue() throws {
        let v = try JSONReader.read(#" {"a": [1, -2.5e1, true, false, null], "b": "x\"\u00e9\ud83d\ude00\n", "c": {}} "#)
        let o = try #require(v.object)
        #expect(o.keys == ["a", "b", "c"])
        #expect(o["a"]?.array?.count == 5)
        #expect(o["a"]?.array?[0].int == 1)
        #expect(o["a"]?.array?[1].double == -25)
        #expect(o["a"]?.array?[1].int == nil)
        #expect(o["a"]?.array?[2].bool == true)
        #expect(o["b"]?.string == "x\"é😀\n")
        #expect(o["c"]?.object?.isEmpty == true)
    }

    @Test func keepsEachValuesByteRange() throws {
        let text = #"{"id": {"k": [1, 2]}, "text": "hi"}"#
        let bytes = Array(text.utf8)
        let o = try #require(try JSONReader.read(bytes).object)
        let id = try #require(o.member("id"))
        #expect(String(decoding: bytes[id.span], as: UTF8.self) == #"{"k": [1, 2]}"#)
    }

    /// Each case: the text, the offset and the start of the message the error must carry.
    @Test(arguments: [
        (#"{"a": 1, "a": 2}"#, 9, "duplicate key 'a'"),
        ("[1e400]", 1, "the number 1e400 is out of range"),
        ("\"\u{0}\"", 1, "control character"),
        (#""\ud800""#, 7, "a lone surrogate"),
        (#""\udc00x""#, 7, "a lone surrogate"),
        ("[1,]", 3, "unexpected ']'"),
        ("{\"a\" 1}", 5, "expected ':'"),
        ("01", 0, "a number may not start with 0"),
        ("[1] x", 4, "unexpected text after"),
        ("\"abc", 0, "a string is not closed"),
        ("", 0, "unexpected end"),
        ("tru", 0, "unexpected end"),
        (#""\x""#, 1, "unknown escape"),
    ])
    func refusesWithOffsetAndReason(text: String, offset: Int, reason: String) {
        #expect(throws: JSONError.self) { try JSONReader.read(text) }
        do { _ = try JSONReader.read(text) } catch {
            #expect(error.offset == offset, "\(text): \(error)")
            #expect(error.message.hasPrefix(reason), "\(text): \(error)")
        }
    }

    @Test func refusesInvalidUTF8AtItsByte() {
        let bytes: [UInt8] = Array(#"{"text": "ab"#.utf8) + [0xC3, 0x28] + Array(#""}"#.utf8)
        do { _ = try JSONReader.read(bytes); Issue.record("accepted invalid UTF-8") } catch {
            #expect(error.message == "invalid UTF-8")
            #expect(error.offset == 12)
        }
    }

    @Test func boundsNesting() {
        let deep = String(repeating: "[", count: 100_000)
        do { _ = try JSONReader.read(deep); Issue.record("accepted 100,000 nested arrays") } catch {
            #expect(error.message.hasPrefix("nested deeper than"))
        }
        #expect((try? JSONReader.read(String(repeating: "[", count: 64) + String(repeating: "]", count: 64))) != nil)
    }

    @Test func integersKeepTheirExactValue() throws {
        #expect(try JSONReader.read("9007199254740993").int == 9_007_199_254_740_993)
        #expect(try JSONReader.read("-0").int == 0)
        #expect(try JSONReader.read("123456789012345678901").int == nil)
        #expect(try JSONReader.read("123456789012345678901").double == 123456789012345678901.0)
    }

    @Test func writesWhatItReads() throws {
        let text = #"{"a":[1,2.5,true,null],"b":"q\"\\\n\u0001é"}"#
        #expect(try JSONReader.read(text).text == text)
    }
}
