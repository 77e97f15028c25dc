import Bubble
import BubbleServer
import Foundation
import Hummingbird
import HummingbirdTesting
import Testing

/// `widths` and the other furniture over HTTP: the same bytes as the library gives.
@Suite struct FurnitureEndpointTests {
    @Test func widthsGiveLayoutsInTheMessagesPlace() async throws {
        let engine = sharedServer.service.engine
        var o = BubbleOptions()
        o.widths = Widths([160, 360])
        o.minTouchSize = 44
        o.statusSlot = StatusSlot(width: 40, height: 14)
        let expected = JSONRenderer().render(try engine.layouts(Message(text: "Hello @alice, see you at 8"), plan: engine.plan(for: o)))
        let body = #"{"options":{"minTouchSize":44,"statusSlot":{"width":40,"height":14}},"messages":[{"id":"a","text":"Hello @alice, see you at 8","options":{"widths":[160,360]}},{"id":"b","text":"one width"}]}"#
        try await sharedServer.application(logger: quietLogger).test(.router) { client in
            let r = try await client.post("/v1/layout", body)
            #expect(r.status == .ok)
            let layouts = String(expected.dropFirst(#"{"layouts":"#.count).dropLast())
            #expect(r.text.hasPrefix(#"{"results":[{"id":"a","layouts":"# + layouts + #"},{"id":"b","layout":{"#))
        }
    }

    @Test func badFurnitureOptionsRefuseTheRequest() async throws {
        try await sharedServer.application(logger: quietLogger).test(.router) { client in
            for options in [#"{"widths":[]}"#, #"{"statusSlot":{"width":10}}"#, #"{"jumboEmojiScale":[3,2]}"#, #"{"minTouchSize":-1}"#] {
                let r = try await client.post("/v1/layout", #"{"options":\#(options),"messages":[{"id":1,"text":"x"}]}"#)
                #expect(r.status == .badRequest, "\(options)")
            }
        }
    }
}
