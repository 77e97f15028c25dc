import Bubble
import Foundation
import Testing

/// Every input the fuzzers (Fuzz/, `make fuzz`) found a crash, a hang or a leak with, replayed the way its
/// target feeds it: it must now lay out, or be refused with a `BubbleError`, in reasonable time. The
/// inputs live in Fuzz/Regressions/TARGET/ (the server's in BubbleServerTests' FuzzRegressionServerTests).
@Suite struct FuzzRegressionTests {
    static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Fuzz/Regressions")

    /// `TARGET/NAME` of every committed input of the library's targets.
    static let inputs: [String] = {
        let targets = ["text", "markup", "spans", "entities", "options", "batch", "svg", "html"]
        return targets.flatMap { target in
            ((try? FileManager.default.contentsOfDirectory(atPath: folder.appendingPathComponent(target).path)) ?? [])
                .sorted().map { "\(target)/\($0)" }
        }
    }()

    @Test func theRegressionInputsAreThere() {
        #expect(Self.inputs.contains("text/itemize-word-ends-before-cluster-2"))
    }

    @Test(arguments: inputs)
    func aFuzzerFindReplays(_ name: String) throws {
        let bytes = try [UInt8](Data(contentsOf: Self.folder.appendingPathComponent(name)))
        let target = String(name.prefix { $0 != "/" })
        var replace = BubbleOptions()
        replace.invalidUTF8 = .replace
        do throws(BubbleError) {
            switch target {
            case "text": check(try engine.layout(Message(utf8: bytes, format: .text), options: replace))
            case "markup": check(try engine.layout(Message(utf8: bytes, format: .markup), options: replace))
            case "spans": check(try engine.layout(Message(utf8: bytes, format: .spans), options: replace))
            case "options":
                // Text with what options act on (numbers, tags, a URL), as the fuzzer's samples have.
                let text = #"hello world 👍🏽 123 AB45 #tag @user $BTC https://example.com/a?b=1 +1 555 0100"#
                let document = Array(#"{"options":"#.utf8) + bytes + Array(#","text":"\#(text)"}"#.utf8)
                let request = try MessageReader.read(document: document)
                check(try engine.layout(request.message, options: request.options))
            default:  // entities, batch, svg, html: a message object
                let request = try MessageReader.read(document: bytes)
                let plan = try engine.plan(for: request.options)
                let layout = try engine.layout(request.message, plan: plan)
                check(layout)
                #expect(engine.svgRenderer(plan).render(layout).hasPrefix("<svg"))
                _ = engine.htmlRenderer(plan).render(layout)
            }
        } catch {
            #expect(!error.code.isEmpty && !error.message.isEmpty)  // refused, with words: a pass
        }
    }

    /// What the fuzzers check of every layout (Fuzz/Sources/BubbleFuzzTargets/Invariants.swift).
    func check(_ layout: BubbleLayout) {
        #expect(layout.size.width.isFinite && layout.size.height.isFinite)
        #expect(layout.size.width >= 0 && layout.size.height >= 0)
        _ = layout.hitTest(x: layout.size.width / 2, y: layout.size.height / 2)
    }

    /// The hang the text fuzzer found first: a face switch inside a "word" that, scanned back over
    /// anything but a space, began before a character of another script; its end came before the
    /// cluster, and the itemizer jumped back to it for ever.
    @Test func aWordThatEndsBeforeTheClusterDoesNotHang() throws {
        let bytes = try [UInt8](Data(contentsOf: Self.folder.appendingPathComponent("text/itemize-word-ends-before-cluster-2")))
        var options = BubbleOptions()
        options.invalidUTF8 = .replace
        let layout = try engine.layout(Message(utf8: bytes, format: .text), options: options)
        #expect(layout.lineLayout.lines.count >= 1)
        #expect(layout.mapped.string.unicodeScalars.contains { $0.properties.generalCategory == .otherLetter })
    }
}
