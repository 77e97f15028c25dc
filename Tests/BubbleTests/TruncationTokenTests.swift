import Bubble
import Foundation
import Testing

@Suite struct TruncationTokenTests {
    func layout(_ token: TruncationToken?) throws -> [String: Any] {
        var o = BubbleOptions()
        o.maxWidth = 160
        o.maxLines = 2
        o.truncationToken = token
        let json = JSONRenderer().render(try engine.layout(text: "one two three four five six seven eight nine ten eleven twelve", options: o))
        return try JSONSerialization.jsonObject(with: Data(json.utf8)) as! [String: Any]
    }

    @Test func aTokenWithAURLIsAMoreLinkWithItsOwnRect() throws {
        let json = try layout(TruncationToken(text: "…more", url: "https://example.com/more"))
        #expect(json["truncated"] as? Bool == true)
        let links = json["links"] as! [[String: Any]]
        #expect(links.count == 1)
        #expect(links[0]["kind"] as? String == "more")
        #expect(links[0]["text"] as? String == "…more")
        #expect(links[0]["target"] as? String == "https://example.com/more")
        let rect = (links[0]["rects"] as! [[String: Double]])[0]
        let size = json["size"] as! [String: Double]
        #expect(rect["x"]! + rect["width"]! <= size["width"]! + 0.01)
        #expect(rect["y"]! > 0)  // on the second line
    }

    @Test func aPlainEllipsisIsNoLink() throws {
        let json = try layout(nil)
        #expect(json["truncated"] as? Bool == true)
        #expect((json["links"] as! [Any]).isEmpty)
    }

    @Test func aJavascriptTargetNeverBecomesALink() throws {
        let json = try layout(TruncationToken(text: "…more", url: "javascript:alert(1)"))
        #expect((json["links"] as! [Any]).isEmpty)
    }
}
