@testable import BubbleTypesetting
import BubbleUnicode
import Testing

/// The ICU-free break path must find exactly ICU's opportunities wherever it answers.
@Suite struct SimpleBreakTests {
    static let samples = [
        "The quick brown fox jumps over the lazy dog", "  leading and trailing  ", "It's 1,000.5 dollars, isn't it?",
        "What?Really! Yes! \"Quoted\" 'single'", "a.b,c;d:e", "Привет, как дела?", "¿Dónde está?", "São Paulo é ótimo!",
        "One  two   three", "x", " ", "end.", "Hi!!", "no?yes",
        // Inline boxes (U+FFFC), mentions, other letters and curly quotes.
        "hi\u{FFFC}there", "\u{FFFC}\u{FFFC}\u{FFFC}", "a \u{FFFC} b", "\u{FFFC}, \u{FFFC}. \u{FFFC}; \u{FFFC}: x",
        "wow!\u{FFFC}", "why?\u{FFFC}!", "'\u{FFFC}'", "\"\u{FFFC}\"", "‘\u{FFFC}’ “\u{FFFC}”", "1\u{FFFC}2", "\u{FFFC}a,b",
        "a,\u{FFFC}", "x.\u{FFFC}.y", "\u{FFFC}  ", "  \u{FFFC}", "\u{FFFC}!!x", "\u{FFFC}?", "@noa hi @dan!", "`code` here",
        "it’s “fine”, ok", "Ελληνικά κείμενα, εδώ.", "Straße Łódź ő ű", "שלום עולם, מה שלום?", "مرحبا بالعالم ١٢٣",
        "سلام دنیا ۱۲۳", "\u{FFFC}שלום\u{FFFC}", "مرحبا\u{FFFC}!", "Ёжик, їжак і ґава",
        "מה שלומך אתה ?", "word ?", "a , b", "x ! y", "como “La ciudad", "La ciudad primavera ?", "como “La ciudad de la eterna primavera ?",
        "‘x’ y", "“x” y", "x ’y", "x ”y",
    ]

    @Test(arguments: samples) func agreesWithICU(_ text: String) throws {
        let units = Array(text.utf16)
        var fast: [Int] = []
        let answered = units.withUnsafeBufferPointer { Typesetter.appendSimpleBreaks($0, 0..<units.count, into: &fast) }
        let icu = try LineBreaker().opportunities(in: units).map(\.offset)
        if answered { #expect(fast == icu, "\(text)") }
    }

    @Test func answersBoxesMentionsAndOtherLetters() {
        for text in ["hi\u{FFFC}there", "a \u{FFFC} b", "wow!\u{FFFC}", "@noa hi", "it’s “fine”", "שלום עולם", "مرحبا ١٢٣", "Ελληνικά"] {
            let units = Array(text.utf16)
            var out: [Int] = []
            #expect(units.withUnsafeBufferPointer { Typesetter.appendSimpleBreaks($0, 0..<units.count, into: &out) }, "\(text)")
        }
    }

    @Test func otherTextGoesToICU() {
        for text in ["(parens)", "well-known", "https://a.b/c", "很久", "a\tb", "no?yes", "wow!a\u{FFFC}", "[x]", "¿Qué?"] {
            let units = Array(text.utf16)
            var out: [Int] = []
            #expect(!units.withUnsafeBufferPointer { Typesetter.appendSimpleBreaks($0, 0..<units.count, into: &out) }, "\(text)")
        }
    }
}
