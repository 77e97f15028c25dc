import Bubble
import Foundation
import Testing

let engine = try! BubbleEngine()

@Suite struct EngineTests {
    @Test func jsonIsByteIdenticalAcrossRuns() throws {
        let text = "Hello, world\n很久很久以前，在一个群里"
        var o = BubbleOptions()
        o.maxWidth = 100
        let a = JSONRenderer().render(try engine.layout(text: text, options: o))
        let b = JSONRenderer().render(try BubbleEngine().layout(text: text, options: o))
        #expect(a == b)
        let json = try #require(try JSONSerialization.jsonObject(with: Data(a.utf8)) as? [String: Any])
        #expect(json["version"] as? Int == 1)
        #expect((json["lineCount"] as? Int ?? 0) >= 3)
    }

    @Test func offsetsAreReportedInTheUnitAsked() throws {
        let layout = try engine.layout(text: "héllo wörld 😀 end")
        let utf16 = try JSONSerialization.jsonObject(with: Data(JSONRenderer(offsets: .utf16).render(layout).utf8)) as! [String: Any]
        let utf8 = try JSONSerialization.jsonObject(with: Data(JSONRenderer(offsets: .utf8).render(layout).utf8)) as! [String: Any]
        let scalars = try JSONSerialization.jsonObject(with: Data(JSONRenderer(offsets: .scalars).render(layout).utf8)) as! [String: Any]
        let end = { (j: [String: Any]) in (j["visible"] as! [String: Any])["end"] as! Int }
        #expect(end(utf16) == "héllo wörld 😀 end".utf16.count)
        #expect(end(utf8) == "héllo wörld 😀 end".utf8.count)
        #expect(end(scalars) == "héllo wörld 😀 end".unicodeScalars.count)
    }

    @Test func invalidUTF8IsAnErrorOrReplaced() throws {
        let bytes: [UInt8] = [0x61, 0xFF, 0x62]
        #expect(throws: BubbleError.self) { try engine.layout(utf8: bytes) }
        var o = BubbleOptions()
        o.invalidUTF8 = .replace
        let layout = try engine.layout(utf8: bytes, options: o)
        #expect(layout.mapped.string == "a\u{FFFD}b")
    }

    @Test func aTooLongMessageNamesTheLimit() {
        var o = BubbleOptions()
        o.maxMessageLength = 10
        do {
            _ = try engine.layout(text: String(repeating: "x", count: 11), options: o)
            Issue.record("expected an error")
        } catch {
            #expect(error.code == "message_too_long")
            #expect(error.message.contains("10"))
        }
    }

    @Test(arguments: [("maxWidth", "-5"), ("fontSize", "0"), ("maxLines", "-1")])
    func absurdOptionsAreRejectedByName(key: String, value: String) {
        do {
            _ = try BubbleOptions.decode(json: Data("{\"\(key)\": \(value)}".utf8)).validate()
            Issue.record("expected an error")
        } catch {
            #expect(error.code == "invalid_options")
            #expect(error.message.contains(key))
        }
    }

    @Test func unknownOptionsAreRejected() {
        #expect(throws: BubbleError(code: "invalid_options", message: "unknown option 'maxWdth'")) {
            try BubbleOptions.decode(json: Data(#"{"maxWdth": 100}"#.utf8))
        }
    }

    @Test(arguments: [
        (#"{"maxWidth": "#, "malformed_json"),
        ("", "malformed_json"),
        ("5", "invalid_options"),  // valid JSON, but not an object
        ("[1]", "invalid_options"),
        (#"{"maxWidth": "wide"}"#, "invalid_options"),
        (#"{"lineHeight": "tall"}"#, "invalid_options"),
        (#"{"padding": {"top": true}}"#, "invalid_options"),
    ])
    func badOptionsJSONGetsItsCode(json: String, code: String) {
        do {
            _ = try BubbleOptions.decode(json: Data(json.utf8))
            Issue.record("expected an error")
        } catch {
            #expect(error.code == code)
        }
    }

    @Test func aWrongTypeNamesTheKeyPath() {
        do {
            _ = try BubbleOptions.decode(json: Data(#"{"padding": {"top": "x"}}"#.utf8))
            Issue.record("expected an error")
        } catch {
            #expect(error.message.hasPrefix("option 'padding"))
        }
    }

    @Test func lineHeightInPixelsMayCarrySpaces() throws {
        let o = try BubbleOptions.decode(json: Data(#"{"lineHeight": "\t24px\u00A0", "maxLines": 3}"#.utf8))
        #expect(o.lineHeight == .pixels(24))
        #expect(o.maxLines == 3)
    }

    @Test func anEmojiWithoutItsVariationSelectorIsNamed() throws {
        let catalog = try EmojiCatalog(entries: [.init(name: "heart", unicode: "\u{2764}\u{FE0F}")])
        let names = try BubbleEngine(catalog: catalog).catalog(for: BubbleOptions()).names
        #expect(names["\u{2764}"] == "heart")
        #expect(names["\u{2764}\u{FE0F}"] == "heart")
    }

    @Test func paddingGrowsTheBubble() throws {
        var o = BubbleOptions()
        o.padding = Padding(EdgeInsets(top: 6, right: 12, bottom: 6, left: 12))
        var none = BubbleOptions()
        none.padding = Padding(.zero)
        let plain = try engine.layout(text: "Hi there", options: none)
        let padded = try engine.layout(text: "Hi there", options: o)
        #expect(abs(padded.size.width - plain.size.width - 24) < 0.001)
        #expect(abs(padded.size.height - plain.size.height - 12) < 0.001)
    }
}
