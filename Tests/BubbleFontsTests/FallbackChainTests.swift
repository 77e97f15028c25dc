import Foundation
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

/// A face is shared by every thread of a server or batch: what it computes on first use must be made once.
@Suite struct FontFaceThreadingTests {
    @Test func contentHashIsMadeOnceUnderManyThreads() throws {
        for _ in 0..<20 {
            // A fresh face each round, so every round races on the first use.
            let face = try FallbackChain(families: [try Fonts.require(Fonts.dejaVuSans, package: "fonts-dejavu-core")]).faces[0]
            let results = HashesSeen()
            // Each thread keeps reading, as a batch worker does once per message, while others make it.
            DispatchQueue.concurrentPerform(iterations: 8) { _ in
                var last = ""
                for _ in 0..<2000 { last = face.contentHash }
                results.add(last)
            }
            #expect(results.all.count == 8)
            #expect(Set(results.all).count == 1)
            #expect(results.all[0].count > 4)
        }
    }
}

private final class HashesSeen: @unchecked Sendable {
    private let lock = NSLock()
    private var seen: [String] = []
    func add(_ s: String) { lock.withLock { seen.append(s) } }
    var all: [String] { lock.withLock { seen } }
}
