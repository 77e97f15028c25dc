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
        // URLs, hyphens, slashes and brackets that are not East Asian wide.
        "https://www.example.com/watch?v=a1b2&id=566992917", "well-known", "2024-06-01", "-5 and - 5", "a/b/1/2",
        "1/2 x/y", "(parens) and(more)", "f(x)=y", "¿Qué? ¡Sí!", "(1) (a)", "a_b=c&d#e*f<g>h~i^j", "שלום-עולם",
        "ש-1", "ש -א", "a- b", "/etc/hosts", "(“x”)", "\u{FFFC}-\u{FFFC}", ")(", "x)-(y", "中文(中文)中文", "「(」)",
        "سلام، خوبی؟ بله؛ ممنون", "۱۲،۳ و ١٢؟", "a·b · c",
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
        for text in ["a\tb", "[x]", "{x}", "50%", "¥100", "a|b", "a+b", "中文😀", "e\u{301}", "x\u{200B}y"] {
            let units = Array(text.utf16)
            var out: [Int] = []
            #expect(!units.withUnsafeBufferPointer { SimpleBreaks.append($0, 0..<units.count, into: &out) }, "\(text)")
        }
    }

    /// Every line of the corpus the fast path answers (URLs, hyphens, brackets among them) breaks where
    /// ICU breaks it, its `[name]` tokens inline boxes as the mapper makes them; and it answers most.
    @Test func corpusLinesAgreeWithICU() throws {
        let breaker = try LineBreaker()
        var answered = 0, lines = 0
        for text in try Corpus.texts() {
            for line in text.replacing(/\[[^\[\]\s]{1,40}\]/, with: "\u{FFFC}").split(separator: "\n") {
                let units = Array(line.utf16)
                var fast: [Int] = []
                lines += 1
                guard units.withUnsafeBufferPointer({ SimpleBreaks.append($0, 0..<units.count, into: &fast) }) else { continue }
                answered += 1
                let icu = breaker.opportunities(in: units).map(\.offset)
                #expect(fast == icu, "\(line)")
            }
        }
        #expect(lines > 20_000 && answered * 10 > lines * 9, "\(answered) of \(lines)")
    }

    /// Random strings over the characters whose breaks depend on more than the pair around them (a hyphen
    /// after a break or a Hebrew letter, a slash in a number), dense enough to meet every such context.
    @Test func hyphensSlashesAndNumbersAgreeWithICU() throws {
        try agreeWithICU(["a", "ש", "7", " ", "/", "-", "(", ")", ".", ",", ":", "\u{FFFC}", "中", "¿", "\"", "!", "」"],
                         count: 20_000, seed: 15)
    }

    /// Every pair and triple of classes the fast path knows, spaces between or not: random strings over
    /// one or more characters of each class must break exactly where ICU does.
    @Test func randomStringsAgreeWithICU() throws {
        let alphabet: [String] = [" ", "a", "Z", "é", "ж", "λ", "ש", "ب", "7", "٣", ",", ".", ":", ";", "!", "?", "\"", "'",
                                  "‘", "”", "中", "字", "あ", "カ", "한", "ぁ", "っ", "ー", "々", "・", "。", "、", "，", "」",
                                  "）", "「", "（", "《", "！", "？", "：", "；", "\u{FFFC}", "@",
                                  "/", "-", "(", ")", "¿", "¡", "_", "=", "&", "#", "*", "<", ">", "~", "^", "،", "؛", "؟", "·"]
        try agreeWithICU(alphabet, count: 20_000, seed: 14)
    }

    func agreeWithICU(_ alphabet: [String], count: Int, seed: UInt64) throws {
        var rng = SeededGenerator(seed: seed)
        let breaker = try LineBreaker()
        for _ in 0..<count {
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
