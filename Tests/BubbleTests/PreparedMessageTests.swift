@testable import Bubble
import BubbleTestSupport
import Foundation
import Testing

/// A message prepared once (mapped and shaped) and laid out or sized at other widths: always the layout
/// with that `maxWidth`, whether its lines are broken anew or the layout with no width limit is kept.
@Suite struct PreparedMessageTests {
    /// The prepared layout is the full one: its JSON, its lines and fragments, its constraints, its size.
    static func expectSame(_ prepared: PreparedMessage, _ message: Message, _ options: BubbleOptions, width: Double,
                           _ what: @autoclosure () -> String) throws {
        var at = options
        at.maxWidth = width
        at.widths = nil
        let full = try engine.layout(message, options: at)
        let mine = engine.layout(prepared, width: width)
        #expect(JSONRenderer().render(mine) == JSONRenderer().render(full), "\(what()) at \(width)")
        #expect(mine.lineLayout.lines == full.lineLayout.lines, "\(what()) at \(width)")
        #expect(mine.lineLayout.fragments == full.lineLayout.fragments, "\(what()) at \(width)")
        #expect(mine.lineLayout.constraints == full.lineLayout.constraints, "\(what()) at \(width)")
        #expect(engine.size(prepared, width: width) == BubbleSize(full), "\(what()) at \(width)")
    }

    /// At each width, the prepared message's layout is the JSON of a layout with that `maxWidth`, and its
    /// size is that layout's.
    @Test func eachWidthIsTheLayoutAtThatWidth() throws {
        let texts = SizeOnlyTests.corpus.prefix(300)
        #expect(texts.count == 300)
        var g = SeededGenerator(seed: 30)
        for (n, text) in texts.enumerated() {
            let o = SizeOnlyTests.variants(n, width: 280)
            let message = Message(text: text)
            let prepared = try engine.prepare(message, options: o)
            for _ in 0..<3 {
                try Self.expectSame(prepared, message, o, width: Double(Int.random(in: 40...480, using: &g)), text.debugDescription)
            }
        }
    }

    static let messages: [Message] = [
        Message(text: ""),
        Message(text: "ok"),
        Message(text: "See you at 10? Bring the slides [grinning] 👍🏽 and the demo phone"),
        Message(text: "שלום עולם, and hello in the middle, مرحبا بالعالم"),
        Message(text: "مرحبا بالعالم"),
        Message(text: "line one\nline two\n\nline four\n"),
        Message(text: "a\tb\tc and a tab\tstop"),
        Message(text: "trailing spaces   \n\n  "),
        Message(text: "see https://example.com/a/b?c=d&e=f and @alice, @bob_the_builder"),
        Message(text: "AVAWAV Tjt. Yo. To. kerning across every break: AV AV AV TA TA"),
        Message(text: "e\u{301}\u{302}\u{303}\u{304}\u{305} stacked marks x\u{36F}\u{36F}\u{36F}"),
        Message(text: String(repeating: "a long paragraph that wraps at any phone width, ", count: 6)),
        Message(markup: #"look <img src="cat.png" width="900" height="300"> at this cat"#),
        Message(markup: #"a small <img src="dot.png" width="40" height="40"> picture"#),
        Message(markup: "**Bold** and _italic_ with a [link](https://example.com) and `code`"),
        Message(utf8: Array(#"{"text": "Alice wrote: quoted words here Agreed!", "entities": [{"type": "blockquote", "offset": 13, "length": 18}]}"#.utf8),
                format: .entities),
    ]

    /// The option sets that change what a width does: alignment, direction, indent, web metrics and
    /// breaking, balance, a status slot, truncation (with a `more` link), padding, a fixed line height,
    /// pages, touch targets, mentions free to break under Flutter's rules.
    static func options(_ n: Int) -> BubbleOptions {
        var o = BubbleOptions()
        o.maxWidth = 280
        switch n {
        case 1: o.alignment = .center
        case 2: o.alignment = .end; o.direction = .rtl
        case 3: o.firstLineIndent = 12; o.padding = Padding(EdgeInsets(top: 6, right: 10, bottom: 8, left: 12.3))
        case 4: o.lineMetrics = .web; o.lineBreaking = .web
        case 5: o.balance = true
        case 6: o.statusSlot = StatusSlot(width: 40, height: 14)
        case 7: o.maxLines = 2; o.truncationToken = TruncationToken(text: "…more", url: "https://example.com/more")
        case 8: o.maxLines = 1
        case 9: o.lineHeight = .multiple(1.5); o.paragraphSpacing = 4; o.pageHeight = 40
        case 10: o.minTouchSize = 44; o.lineMetrics = .flutter
        case 11: o.keepTrailingBreaks = true; o.alignment = .center
        case 12: o.atomicLinks = false; o.lineBreaking = .flutter
        default: break
        }
        return o
    }

    /// Around the width at which every paragraph just fits on one line (the least width at which the kept
    /// layout stands, found from the layout with no limit), at it, a hair either side, and far off.
    @Test(arguments: 0..<13)
    func theKeptLayoutIsTheLayoutAtEveryWidthAroundItsEdge(variant: Int) throws {
        let o = Self.options(variant)
        for message in Self.messages {
            let prepared = try engine.prepare(message, options: o)
            let natural = engine.layout(prepared, width: 100_000).size.width
            let widths = [natural, natural.nextUp, natural.nextDown, natural + 1e-7, natural - 1e-7, natural + 0.3,
                          natural - 0.3, natural - 1 / 64, natural - 1 / 128, 1, 40, 120, 360, 1000, 100_000]
            for width in widths where width > 0 && width <= 100_000 {  // maxWidth's bounds
                try Self.expectSame(prepared, message, o, width: width, "\(message.body) under option set \(variant)")
            }
        }
    }

    /// A prepared message keeps what breaking reads at any width (its wrapper, the last paragraph shown,
    /// the quoted paragraphs) and breaks at each new width with it: one message laid out at width after
    /// width, narrower and wider in turn, across the widths that fit its image anew and those that keep it
    /// whole, is each time the full layout at that width.
    @Test(arguments: [0, 3, 4, 5, 7, 10, 12])
    func oneKeptBreakingServesWidthAfterWidth(variant: Int) throws {
        let o = Self.options(variant)
        let quoted = #"{"text": "Bob wrote: see https://example.com/a/very/long/path?x=1 and @alice_the_admin, then more words that wrap\nAgreed!", "entities": [{"type": "blockquote", "offset": 0, "length": 103}]}"#
        let messages = [
            Message(markup: "see https://example.com/a/very/long/path?x=1 and @alice_the_admin\n"
                    + #"then a wide <img src="cat.png" width="300" height="120"> picture"# + "\tand a tab, "
                    + String(repeating: "words that wrap ", count: 8)),
            Message(utf8: Array(quoted.utf8), format: .entities),
        ]
        for message in messages {
            let prepared = try engine.prepare(message, options: o)
            for width in [360.0, 90, 1000, 300.5, 299.5, 41, 280, 150, 100_000, 360] {
                try Self.expectSame(prepared, message, o, width: width, "\(message.body) width after width under option set \(variant)")
            }
        }
    }

    /// The kept layout serves what it should: a short message at any phone width, not one cut by
    /// `maxLines` or with a status slot, and on the bench's corpus most messages at 360 px.
    @Test func whenTheKeptLayoutServes() throws {
        let short = try engine.prepare(Message(text: "See you at 10?"), options: nil)
        #expect(short.unbounded.map { $0.from < 150 } == true)
        var cut = BubbleOptions()
        cut.maxLines = 2
        #expect(try engine.prepare(Message(text: "one\ntwo\nthree"), options: cut).unbounded == nil)
        var slot = BubbleOptions()
        slot.statusSlot = StatusSlot(width: 40, height: 14)
        #expect(try engine.prepare(Message(text: "See you at 10?"), options: slot).unbounded == nil)
        let wide = try engine.prepare(Message(markup: #"look <img src="cat.png" width="900" height="300">"#), options: nil)
        #expect((wide.unbounded?.from ?? .infinity) >= 900)
        var kept = 0
        for text in SizeOnlyTests.corpus {
            let prepared = try engine.prepare(Message(text: text), options: nil)
            if let unbounded = prepared.unbounded, unbounded.from <= 360 { kept += 1 }
        }
        #expect(kept * 2 > SizeOnlyTests.corpus.count, "\(kept) of \(SizeOnlyTests.corpus.count)")
    }
}
