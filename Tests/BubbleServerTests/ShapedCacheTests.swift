import Bubble
import Foundation
import Hummingbird
import HummingbirdTesting
import Testing

/// A shaped message depends on no width (images are fitted at layout), so the server's cache serves
/// one message at every width: one miss, then hits.
@Suite struct ShapedCacheTests {
    @Test func oneMessageAtFourWidthsIsOneMissAndThreeHits() async throws {
        let server = try makeServer { _ in }
        try await server.application(logger: quietLogger).test(.router) { client in
            for width in [200, 280, 320, 360] {
                let r = try await client.post("/v1/layout", #"{"options":{"maxWidth":\#(width)},"messages":[{"id":1,"text":"The same words at four widths, with an @alice and [smile]"}]}"#)
                #expect(r.status == .ok)
            }
            let metrics = try await client.execute(uri: "/metrics", method: .get).text
            #expect(metrics.contains("bubble_cache_misses_total 1"), "\(metrics)")
            #expect(metrics.contains("bubble_cache_hits_total 3"), "\(metrics)")
        }
    }

    /// Long messages at fresh font sizes, each shaped text tens of KB: the cache stops at its byte cap,
    /// which `/metrics` reports beside what it holds, whatever its entry cap.
    @Test func longMessagesAtFreshSizesStayUnderTheByteCap() async throws {
        let cap = 1 << 20
        let server = try makeServer { $0.cacheBytes = cap }
        let long = String(repeating: "Long lines of chat, 很久很久以前 with @alice and https://example.com/path and [smile]. ", count: 40)
        try await server.application(logger: quietLogger).test(.router) { client in
            var entries: [Int] = []
            // One message a request: three long ones in a request would be a bulk request, not cached.
            for k in 0..<30 {
                for i in 0..<3 {
                    let r = try await client.post("/v1/layout", #"{"options":{"fontSize":\#(12 + Double(k) * 0.37)},"messages":[{"id":\#(i),"text":\#(quoted(long + "\(i)"))}]}"#)
                    #expect(r.status == .ok)
                }
                let metrics = try await client.execute(uri: "/metrics", method: .get).text
                let bytes = try #require(Self.gauge("bubble_cache_bytes", in: metrics))
                #expect(bytes > 0 && bytes <= cap, "\(bytes) bytes held, cap \(cap)")
                #expect(Self.gauge("bubble_cache_bytes_capacity", in: metrics) == cap)
                entries.append(try #require(Self.gauge("bubble_cache_entries", in: metrics)))
            }
            // Every message was new; the cache kept only what the bytes allow, far below its entry cap.
            #expect(entries.last! < 90, "\(entries)")
            #expect(server.service.cache.bytes <= cap)
            #expect(server.service.cache.count == entries.last!)
        }
    }

    /// A gauge's value in a Prometheus text.
    static func gauge(_ name: String, in text: String) -> Int? {
        for line in text.split(separator: "\n") where line.hasPrefix(name + " ") {
            return Double(line.dropFirst(name.count + 1)).map { Int($0) }
        }
        return nil
    }

    @Test func anImageSpanFitsEachWidthFromOneShaping() throws {
        let engine = try BubbleEngine()
        let spans = [Span.txt("look "), Span(type: .img, name: "cat.png", width: 600, height: 300)]
        var o = BubbleOptions()
        o.padding = Padding(.zero)
        let layouts = try engine.layouts(Message(spans: spans), widths: [400, 200], options: o)
        for (layout, width) in zip(layouts, [400.0, 200]) {
            let image = try #require(layout.emoji.first)
            #expect(abs(image.rect.width - width) < 0.01, "at \(width): \(image.rect)")
            #expect(abs(image.rect.height - width / 2) < 0.01, "aspect kept at \(width)")
            #expect(layout.size.width <= width + 0.01)
        }
        // The same message laid out alone at 200 gives the same bubble.
        o.maxWidth = 200
        let alone = try engine.layout(Message(spans: spans), options: o)
        #expect(alone.size == layouts[1].size)
    }
}
