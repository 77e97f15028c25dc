import BubbleFonts
import BubbleTestSupport
import Testing

@Suite struct FallbackChainTests {
    @Test func defaultChainResolvesThroughFontconfig() throws {
        let chain = try FallbackChain()
        #expect(chain.faces.map(\.family) == ["DejaVu Sans", "Noto Sans CJK SC", "Noto Sans", "Noto Color Emoji"])
        #expect(chain.faces[3].isColor)
    }

    @Test func eachGraphemeTakesTheFirstCoveringFace() throws {
        let chain = try FallbackChain()
        #expect(chain.faceIndex(forGrapheme: [0x41], prefersEmoji: false) == 0)
        #expect(chain.faceIndex(forGrapheme: [0x4E2D], prefersEmoji: false) == 1)  // 中
        #expect(chain.faceIndex(forGrapheme: [0x1F600], prefersEmoji: true) == 3)  // 😀 in color
    }

    @Test func aMissingFamilyNamesItsPackage() {
        #expect(throws: FontError.familyNotFound(family: "Noto Sans Nowhere", package: "fonts-noto-core")) {
            try FallbackChain(families: ["Noto Sans Nowhere"])
        }
    }

    @Test func aFontFilePathIsAcceptedAsAFamily() throws {
        let chain = try FallbackChain(families: [try Fonts.require(Fonts.dejaVuSans, package: "fonts-dejavu-core"), Fonts.notoSansCJK + "#2"])
        #expect(chain.faces[0].family == "DejaVu Sans")
        #expect(chain.faces[1].family == "Noto Sans CJK SC")
    }

    @Test func aMissingFileIsAnError() {
        #expect(throws: FontError.fileNotFound(path: "/nonexistent/font.ttf")) { try FallbackChain(families: ["/nonexistent/font.ttf"]) }
    }
}
