@testable import BubbleTypesetting
import BubbleTestSupport
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
        // Chinese, Japanese and Korean with their punctuation, and mixed with Latin.
        "很久很久以前，在一个群里。", "「你好」他说。", "（注意）明天见！", "《三体》很好看？", "我们2024年见",
        "コーヒーを飲みましょう。", "ちょっと待って、すぐ行く！", "東京タワー・スカイツリー", "々と、ゝ",
        "안녕하세요 오늘 날씨가 좋네요.", "한국어 text 섞기", "用Swift写的", "中文 English 混合", "a「b」c",
        "你好 」", "「 你好", "“ 「", "」 ：", "中, 文", "中,文", "1,中", "中:1", "？！", "中\u{FFFC}文", "\u{FFFC}。",
        "「\u{FFFC}」", "ー\u{FFFC}", "no?yes", "wow!a\u{FFFC}", "A!b", "x .5", " .٣", "a .b",
    ]

    @Test(arguments: samples) func agreesWithICU(_ text: String) throws {
        let units = Array(text.utf16)
        var fast: [Int] = []
        let answered = units.withUnsafeBufferPointer { SimpleBreaks.append($0, 0..<units.count, into: &fast) }
        let icu = try LineBreaker().opportunities(in: units).map(\.offset)
        if answered { #expect(fast == icu, "\(text)") }
    }

    @Test func answersBoxesMentionsAndOtherLetters() {
        for text in ["hi\u{FFFC}there", "a \u{FFFC} b", "wow!\u{FFFC}", "@noa hi", "it’s “fine”", "שלום עולם", "مرحبا ١٢٣", "Ελληνικά"] {
            let units = Array(text.utf16)
            var out: [Int] = []
            #expect(units.withUnsafeBufferPointer { SimpleBreaks.append($0, 0..<units.count, into: &out) }, "\(text)")
        }
    }

    @Test func otherTextGoesToICU() {
        for text in ["(parens)", "well-known", "https://a.b/c", "a\tb", "[x]", "¿Qué?", "50%", "¥100", "中文😀", "e\u{301}"] {
            let units = Array(text.utf16)
            var out: [Int] = []
            #expect(!units.withUnsafeBufferPointer { SimpleBreaks.append($0, 0..<units.count, into: &out) }, "\(text)")
        }
    }

    /// Every pair and triple of classes the fast path knows, spaces between or not: random strings over
    /// one or more characters of each class must break exactly where ICU does.
    @Test func randomStringsAgreeWithICU() throws {
        let alphabet: [String] = [" ", "a", "Z", "é", "ж", "λ", "ש", "ب", "7", "٣", ",", ".", ":", ";", "!", "?", "\"", "'",
                                  "‘", "”", "中", "字", "あ", "カ", "한", "ぁ", "っ", "ー", "々", "・", "。", "、", "，", "」",
                                  "）", "「", "（", "《", "！", "？", "：", "；", "\u{FFFC}", "@"]
        var rng = SeededGenerator(seed: 14)
        let breaker = try LineBreaker()
        for _ in 0..<20000 {
            let text = (0..<Int.random(in: 1...10, using: &rng)).map { _ in alphabet.randomElement(using: &rng)! }.joined()
            let units = Array(text.utf16)
            var fast: [Int] = []
            let answered = units.withUnsafeBufferPointer { SimpleBreaks.append($0, 0..<units.count, into: &fast) }
            #expect(answered, "\(text)")
            let icu = breaker.opportunities(in: units).map(\.offset)
            #expect(fast == icu, "\(text.unicodeScalars.map { String($0.value, radix: 16) })")
        }
    }
}
