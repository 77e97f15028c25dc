import Bubble
import BubbleServer
import Foundation
import Testing

/// `BubbleService.answer(_:body:)`, the routes' work without HTTP that the `http` fuzz target drives, and
/// the heap trim that follows a burst of layout work.
@Suite struct ServiceAnswerTests {
    static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Fuzz/Regressions/http")

    @Test func answerGivesWhatTheRoutesGive() async throws {
        let service = sharedServer.service
        let ok = await service.answer(.layout, body: Array(#"{"messages":[{"id":7,"text":"hello"}]}"#.utf8))
        #expect(ok.status == 200)
        #expect(ok.body.hasPrefix(#"{"results":[{"id":7,"layout":"#))
        let svg = await service.answer(.svg, body: Array(#"{"text":"hi"}"#.utf8))
        #expect(svg.status == 200 && svg.body.hasPrefix("<svg"))
        let nested = await service.answer(.layout, body: [UInt8](repeating: UInt8(ascii: "["), count: 100_000))
        #expect(nested.status == 400 && nested.body.contains("malformed_json"))
        let hit = await service.answer(.hit, body: Array(#"{"text":"hi"}"#.utf8))
        #expect(hit.status == 400 && hit.body.contains("invalid_request"))
        let typed = await service.answer(.layout, body: Array(#"{"messages":[{"id":1,"markup":"<font size=\"3000000\">hi</font>"}]}"#.utf8))
        #expect(typed.status == 200 && typed.body.contains("font_size_ignored"), "\(typed.body)")
        let sent = await service.answer(.html, body: Array(#"{"spans":[{"type":"txt","content":"hi","size":3000000}]}"#.utf8))
        #expect(sent.status == 400 && sent.body.contains("malformed_spans"), "\(sent.body)")
    }

    /// Every body the `http` fuzzer kept as a regression input answers 200, 4xx or 503, never a crash.
    @Test func theHTTPFuzzerFindsReplay() async throws {
        let names = ((try? FileManager.default.contentsOfDirectory(atPath: Self.folder.path)) ?? []).sorted()
        for name in names {
            let body = try [UInt8](Data(contentsOf: Self.folder.appendingPathComponent(name)))
            for endpoint in BubbleService.Endpoint.allCases {
                let (status, _) = await sharedServer.service.answer(endpoint, body: body)
                #expect(status == 200 || (400..<500).contains(status) || status == 503, "\(name) \(endpoint): \(status)")
            }
        }
    }

    /// glibc keeps the pages a burst freed; the gate trims the heap once layout work stops (scripts/soak:
    /// resident memory after the attack 1.23× the start without, 1.09× with).
    @Test func theHeapIsTrimmedWhenLayoutWorkStops() async throws {
        let server = try BubbleServer(settings: BubbleServerSettings())
        let before = server.service.boundGaugesForTests["bubble_heap_trims"] ?? -1
        #expect(before == 0)
        _ = await server.service.answer(.layout, body: Array(#"{"messages":[{"text":"a burst"},{"text":"of work"}]}"#.utf8))
        var trims = 0
        for _ in 0..<100 where trims == 0 {  // a background task: give it up to 10 s on a loaded machine
            try await Task.sleep(for: .milliseconds(100))
            trims = server.service.boundGaugesForTests["bubble_heap_trims"] ?? 0
        }
        #expect(trims >= 1)
    }
}
