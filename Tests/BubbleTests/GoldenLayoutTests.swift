import Bubble
import BubbleTestSupport
import Foundation
import Testing

/// JSON goldens: one message per language and feature, laid out with Bubble's defaults.
/// Fonts are left out of the JSON (file paths and hashes belong to the machine); the faces used are
/// checked by name instead.
@Suite struct GoldenLayoutTests {
    static let cases: [(name: String, text: String, families: [String])] = [
        ("english", "Are we still on for lunch tomorrow? I found a new place near the office 🍜", ["DejaVu Sans", "Noto Color Emoji"]),
        ("chinese", "很久很久以前，在一个群里，生活着一群快乐的居民。后来，他们决定每周五一起吃火锅[微笑]", ["Noto Sans CJK SC"]),
        ("japanese", "こんにちは！明日の会議は十時からです。資料を忘れずに持ってきてくださいね。", ["Noto Sans CJK SC"]),
        ("korean", "안녕하세요! 내일 점심 같이 먹을래요? 회사 근처에 새로 생긴 식당이 있어요.", ["Noto Sans CJK SC", "DejaVu Sans"]),
        ("arabic", "مرحبا! هل نلتقي غدا في الساعة العاشرة؟ الرابط: https://example.com/ar", ["DejaVu Sans"]),
        ("hebrew", "שלום @דנה! נתראה מחר בצהריים ליד המשרד, בסדר?", ["DejaVu Sans"]),
        ("persian", "سلام! فردا ساعت ده جلسه داریم. لطفاً گزارش را فراموش نکنید.", ["DejaVu Sans"]),
        ("thai", "สวัสดีครับ พรุ่งนี้เจอกันตอนเที่ยงนะครับ", ["Noto Sans Thai"]),
        ("russian", "Привет, @Дмитрий! Завтра встречаемся в десять утра у входа в офис.", ["DejaVu Sans"]),
        ("emoji-sequences", "family 👨‍👩‍👧 flag 🇯🇵 keycap 1️⃣ skin 👍🏽 heart ❤️ [grinning_face] [party]", ["DejaVu Sans", "Noto Color Emoji"]),
    ]

    @Test(arguments: cases.map(\.name))
    func layoutMatchesItsGolden(name: String) throws {
        let c = Self.cases.first { $0.name == name }!
        let layout = try engine.layout(text: c.text)
        let json = JSONRenderer(includeFonts: false).render(layout)
        let mismatch = snapshotMismatch(json, named: "\(name).json")
        #expect(mismatch == nil, Comment(rawValue: mismatch ?? ""))
        let used = Set(layout.shaped.faces.map(\.family))
        for family in c.families { #expect(used.contains(family), "\(name) should use \(family), used \(used)") }
        #expect(layout.shaped.unresolvedGlyphs == 0)
    }

    @Test func theSeedSampleAt200px() throws {
        var o = BubbleOptions()
        o.maxWidth = 200
        o.linkMap = ["@百度": "https://www.baidu.com", "@腾讯": "https://www.qq.com", "@谷歌": "https://www.google.com", "@脸书": "https://www.facebook.com"]
        let text = "很久很久以前[emoji],在一个群里,生活着@百度、@腾讯这样的居民,后来,一个[emoji]叫做@谷歌的人入侵了这个村庄,他的同伙@脸书让整个群里变得淫荡无比。从此[emoji],迎来了污妖王的时代。污妖王,我当定了![emoji]"
        let json = JSONRenderer(includeFonts: false).render(try engine.layout(text: text, options: o))
        let mismatch = snapshotMismatch(json, named: "seed-sample-200.json")
        #expect(mismatch == nil, Comment(rawValue: mismatch ?? ""))
    }

    @Test func aTruncatedMessageWithAMoreToken() throws {
        var o = BubbleOptions()
        o.maxLines = 3
        o.truncationToken = TruncationToken(text: "…more", url: "https://example.com/more")
        let text = String(repeating: "A long story about a chat bubble that keeps going. ", count: 8)
        let json = JSONRenderer(includeFonts: false).render(try engine.layout(text: text, options: o))
        let mismatch = snapshotMismatch(json, named: "truncated-more.json")
        #expect(mismatch == nil, Comment(rawValue: mismatch ?? ""))
    }
}
