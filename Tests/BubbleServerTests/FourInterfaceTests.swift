import Bubble
import BubbleJSON
import BubbleServer
import BubbleTestSupport
import Foundation
import Hummingbird
import HummingbirdTesting
import Testing

/// One meaning per field: the library, `bubble layout`, `bubble batch` and `POST /v1/layout` over loopback
/// lay out the same message — markup with links, a message `linkMap` merged over the request's over the
/// server's, highlights, truncation with hidden links — and give the same layout bytes once each
/// interface's envelope is taken off.
@Suite struct FourInterfaceTests {
    /// `<a>` and `<b>` around mentions, a map key inside a longer word (`concatenate` is no `cat`), CJK
    /// keys, a token, and enough text after the cut for hidden links and emoji.
    static let markup = #"<b>Hi @bob</b>, read <a href="https://x.example/doc">the doc</a> with @百度、cat and concatenate [smile] "#
        + "then a long tail that maxLines cuts off before @carol, @bob again, https://y.example/z and 👍 at the end."
    /// The message's own map: wins over the request's for `@bob`.
    static let messageMap = #"{"@bob": "https://message.example/bob"}"#
    /// The request's map: wins over the server's for `cat`; adds `@百度`.
    static let requestMap = #"{"@bob": "https://request.example/bob", "cat": "https://request.example/cat", "@百度": "https://www.baidu.com"}"#
    /// Source offsets in the markup (UTF-16): `Hi` and `the doc`'s `doc`.
    static let highlights = ##"[{"start": 3, "end": 5, "backgroundColor": "#ffee00"}, {"start": 57, "end": 60, "textColor": "red"}]"##
    static let options = #""maxWidth": 220, "maxLines": 2, "offsets": "utf16""#

    @Test func libraryCLIBatchAndHTTPGiveTheSameBytes() async throws {
        var settings = BubbleServerSettings()
        settings.defaults.linkMap = ["cat": "https://server.example/cat", "tail": "https://server.example/tail"]
        let server = try BubbleServer(settings: settings)

        // The library: the message's fields, the request's options over the server's defaults.
        let engine = server.service.engine
        var requestOptions = try BubbleOptions.decode(json: Array("{\(Self.options), \"linkMap\": \(Self.requestMap)}".utf8))
        requestOptions = requestOptions.merged(over: settings.defaults)
        let message = Message(markup: Self.markup, linkMap: try MessageReader.linkMap(try JSONReader.read(Array(Self.messageMap.utf8))),
                              highlights: try MessageReader.highlights(try JSONReader.read(Array(Self.highlights.utf8))))
        let library = JSONRenderer().render(try engine.layout(message, options: requestOptions))
        // What the merge must give: the message's @bob, the request's cat and @百度, the server's tail.
        #expect(library.contains(#""target":"https://message.example/bob""#))
        #expect(library.contains(#""target":"https://request.example/cat""#) && !library.contains("server.example/cat"))
        #expect(library.contains(#""target":"https://www.baidu.com""#) && library.contains(#""target":"https://server.example/tail""#))
        #expect(library.components(separatedBy: "request.example/cat").count == 2, "concatenate took the cat key")
        #expect(library.contains(#""visibility":"hidden""#) && library.contains(#""target":"https://x.example/doc""#))
        #expect(library.contains(##""background":"#ffee00""##))

        // The CLI: the message in a file, its map and highlights in files, the request's and server's
        // options in one options file (the CLI has no server level: the server's map is given merged).
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("bubble-four-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        func write(_ name: String, _ text: String) throws -> String {
            let url = folder.appendingPathComponent(name)
            try Data(text.utf8).write(to: url)
            return url.path
        }
        let cliOptions = #"{\#(Self.options), "linkMap": {"tail": "https://server.example/tail", "@bob": "https://request.example/bob", "cat": "https://request.example/cat", "@百度": "https://www.baidu.com"}}"#
        let layout = try runBubble(["layout", "--input", "markup", "--link-map", try write("map.json", Self.messageMap),
                              "--highlights", try write("highlights.json", Self.highlights),
                              "--options", try write("options.json", cliOptions), try write("message.txt", Self.markup)])
        #expect(layout.status == 0, "\(layout.stderr)")
        #expect(layout.stdout == library + "\n")

        // Batch: one line with the message's fields and the request's options.
        let line = #"{"id": "m1", "markup": \#(quoted(Self.markup)), "linkMap": \#(Self.messageMap), "highlights": \#(Self.highlights), "#
            + #""options": {\#(Self.options), "linkMap": \#(Self.requestMap)}}"#
        let batch = try runBubble(["batch", "--options", try write("server.json", #"{"linkMap": {"cat": "https://server.example/cat", "tail": "https://server.example/tail"}}"#)],
                            stdin: Array((line + "\n").utf8))
        #expect(batch.status == 0, "\(batch.stderr)")
        #expect(batch.stdout == #"{"id":"m1","layout":"# + library + "}\n")

        // HTTP over loopback: the server's defaults, the request's options, the message's fields.
        let body = #"{"options": {\#(Self.options), "linkMap": \#(Self.requestMap)}, "messages": [{"id": "m1", "markup": \#(quoted(Self.markup)), "#
            + #""linkMap": \#(Self.messageMap), "highlights": \#(Self.highlights)}]}"#
        try await server.application(logger: quietLogger).test(.live) { client in
            let r = try await client.post("/v1/layout", body)
            #expect(r.status == .ok, "\(r.text)")
            #expect(r.text == #"{"results":[{"id":"m1","layout":"# + library + "}]}")
        }
    }

    /// A tap on the `more` token answers with the token's text and URL in the library, `bubble hit` and
    /// `POST /v1/hit`, on a long message whose links past the cut are hidden (never hit).
    @Test func aHitOnTheMoreTokenReportsItsTextAndURLEverywhere() async throws {
        let text = "See @bob about https://example.com/plan " + String(repeating: "and more words that go on ", count: 90) + "@carol"
        var o = BubbleOptions()
        o.maxWidth = 220
        o.maxLines = 2
        o.truncationToken = TruncationToken(text: "…more", url: "https://example.com/more")
        let engine = sharedServer.service.engine
        let layout = try engine.layout(text: text, options: o)
        let token = try #require(layout.links.first { $0.link.kind == .more }?.rects.first)
        #expect(layout.hiddenLinks.map { layout.text(of: $0) } == ["@carol"])
        let (x, y) = (token.x + token.width / 2, token.y + token.height / 2)
        let hit = try #require(layout.hitTest(x: x, y: y))
        let library = JSONRenderer().render(hit, in: layout)
        #expect(library.contains(#""kind":"more","text":"…more","target":"https://example.com/more""#), "\(library)")
        let cli = try runBubble(["hit", "--x", "\(x)", "--y", "\(y)", "--max-width", "220", "--max-lines", "2",
                           "--truncation-token", "…more", "--truncation-token-url", "https://example.com/more"], stdin: Array(text.utf8))
        #expect(cli.status == 0, "\(cli.stderr)")
        #expect(cli.stdout == library + "\n")
        let body = #"{"text": \#(quoted(text)), "x": \#(x), "y": \#(y), "options": {"maxWidth": 220, "maxLines": 2, "truncationToken": {"text": "…more", "url": "https://example.com/more"}}}"#
        try await sharedServer.application(logger: quietLogger).test(.live) { client in
            let r = try await client.post("/v1/hit", body)
            #expect(r.status == .ok, "\(r.text)")
            let link = try #require(r.object["link"] as? [String: Any])
            #expect(link["kind"] as? String == "more" && link["text"] as? String == "…more" && link["target"] as? String == "https://example.com/more")
        }
    }
}
