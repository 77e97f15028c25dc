@testable import BubbleTypesetting
import BubbleUnicode
import Testing

/// The ICU-free break path must find exactly ICU's opportunities wherever it answers.
@Suite struct SimpleBreakTests {
    static let samples = [
        "The quick brown fox jumps over the lazy dog", "  leading and trailing  ", "It's 1,000.5 dollars, isn't it?",
        "What?Really! Yes! \"Quoted\" 'single'", "a.b,c;d:e", "Привет, как дела?", "¿Dónde está?", "São Paulo é ótimo!",
        "One  two   three", "x", " ", "end.", "Hi!!", "no?yes",
    ]

    @Test(arguments: samples) func agreesWithICU(_ text: String) throws {
        let units = Array(text.utf16)
        var fast: [Int] = []
        let answered = units.withUnsafeBufferPointer { Typesetter.appendSimpleBreaks($0, 0..<units.count, into: &fast) }
        let icu = try LineBreaker().opportunities(in: units).map(\.offset)
        if answered { #expect(fast == icu, "\(text)") }
    }

    @Test func otherTextGoesToICU() {
        for text in ["(parens)", "well-known", "https://a.b/c", "很久", "a\tb", "no?yes"] {
            let units = Array(text.utf16)
            var out: [Int] = []
            #expect(!units.withUnsafeBufferPointer { Typesetter.appendSimpleBreaks($0, 0..<units.count, into: &out) }, "\(text)")
        }
    }
}
