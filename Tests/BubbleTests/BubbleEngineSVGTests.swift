import Bubble
import Foundation
import Testing

@Suite struct BubbleEngineSVGTests {
    static let engine = try! BubbleEngine()

    @Test func theEngineRendersWithTheThemeFromTheOptions() throws {
        var options = BubbleOptions()
        options.theme = Theme(style: "outgoing")
        let svg = try Self.engine.svg(text: "Hello", options: options)
        #expect(svg.hasPrefix("<svg xmlns=\"http://www.w3.org/2000/svg\""))
        #expect(svg.contains("fill=\"#0B84FF\""))
        #expect(svg.contains("<g fill=\"#FFFFFF\">"))
    }

    @Test func debugAddsTheOverlay() throws {
        var options = BubbleOptions()
        options.debug = true
        let plain = try Self.engine.svg(text: "Hello")
        let debug = try Self.engine.svg(text: "Hello", options: options)
        #expect(!plain.contains("#FF3B30"))
        #expect(debug.contains("stroke=\"#FF3B30\""))
    }

    @Test func glyphPathsAreCachedInTheEngineAcrossMessages() throws {
        _ = try Self.engine.svg(text: "cache me")
        let count = Self.engine.glyphPaths.count
        _ = try Self.engine.svg(text: "cache")
        #expect(Self.engine.glyphPaths.count == count)
    }
}
