import Foundation
@testable import BubbleFonts
import CHarfBuzz
import BubbleTestSupport
import Testing

@Suite struct FontFaceBoundsTests {
    @Test func aFileWithoutGlyphsIsAnError() throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("bubble-no-glyphs-\(getpid()).ttf").path
        // A TrueType header with no tables: HarfBuzz opens it as an empty face.
        var bytes: [UInt8] = [0x00, 0x01, 0x00, 0x00, 0, 0, 0, 0, 0, 0, 0, 0]
        bytes += [UInt8](repeating: 0, count: 64)
        FileManager.default.createFile(atPath: path, contents: Data(bytes))
        defer { try? FileManager.default.removeItem(atPath: path) }
        for _ in 0..<3 {
            #expect(throws: FontError.self) { try FontFace(source: FontSource(path: path)) }
        }
    }

    @Test func harfBuzzFontsPerSizeStayFew() throws {
        let face = try FallbackChain().faces[0]
        let shaper = Shaper()
        let text = Array("Hello".utf16)
        for k in 0..<500 {
            var glyphs = GlyphBuffer()
            let size = 8 + Double(k) / 7
            text.withUnsafeBufferPointer {
                shaper.shape($0, run: 0..<text.count, as: ShapingRequest(face: face, size: size, script: 0x4C61_746E, rightToLeft: false),
                             into: &glyphs)
            }
            #expect(glyphs.count == 5)
            _ = face.metrics(size: size)
        }
        #expect(face.sizedFontCount <= 8)
    }

    /// The per-size metrics stay within ``FontFace/metricsCapacity`` sizes, and a size asked again after
    /// its eviction gets the same metrics.
    @Test func metricsPerSizeStayFewAndComeBackTheSame() throws {
        let face = try FallbackChain().faces[0]
        let first = face.metrics(size: 8)
        for k in 1...(FontFace.metricsCapacity + 50) { _ = face.metrics(size: 8 + Double(k) / 8) }
        #expect(face.metricsSizeCount == FontFace.metricsCapacity)
        #expect(face.metrics(size: 8) == first)
    }

    /// A font evicted from the per-size LRU is freed once nobody holds it: `inkBounds` used to keep the
    /// reference `hbFont(size:)` hands over, so every size it measured leaked its HarfBuzz font after
    /// eviction (found by the text fuzzer's leak check: 2,691 fonts in 30 s of distinct sizes).
    @Test func inkBoundsLetsGoOfItsFont() throws {
        let face = try FallbackChain().faces[0]
        let glyph = try #require(face.glyph(for: 0x41))
        let size = 13.25
        let font = face.hbFont(size: size)
        FontReleaseProbe.attach(to: font)
        hb_font_destroy(font)  // the test's own reference: only the LRU's and inkBounds' remain
        #expect(face.inkBounds(glyph: glyph, size: size) != nil)
        for k in 0..<FontFace.sizedFontCapacity {  // pushes 13.25 px out of the LRU
            hb_font_destroy(face.hbFont(size: 20 + Double(k)))
        }
        #expect(FontReleaseProbe.released)
    }

    @Test func scaleIsTotal() {
        #expect(FontFace.scale(3_000_000) == 1 << 24)
        #expect(FontFace.scale(.infinity) == 1 << 24)
        #expect(FontFace.scale(.nan) == 1)
        #expect(FontFace.scale(-5) == 1)
        #expect(FontFace.scale(16) == 16 * 1024)
    }
}

/// Tells when HarfBuzz frees a font (user data with a destroy callback).
enum FontReleaseProbe {
    nonisolated(unsafe) static var released = false
    nonisolated(unsafe) static var key = hb_user_data_key_t()

    static func attach(to font: OpaquePointer) {
        released = false
        _ = hb_font_set_user_data(font, &key, nil, { _ in FontReleaseProbe.released = true }, 1)
    }
}

/// Underline and strikeout metrics come from the face's own `post` and `OS/2` tables (read here without
/// HarfBuzz or FreeType), scaled to the size.
@Suite struct DecorationMetricsTests {
    @Test(arguments: [12.0, 16, 23.5])
    func decorationsAreTheFontsOwnNumbers(size: Double) throws {
        let path = try Fonts.require(Fonts.dejaVuSans, package: "fonts-dejavu-core")
        let tables = try OpenTypeTables(path: path)
        let d = tables.decorations
        let m = try FontFace(source: FontSource(path: path)).decorationMetrics(size: size)
        let px = { (units: Int) in Double(units) * size / Double(tables.unitsPerEm) }
        let tolerance = 1.0 / 32  // HarfBuzz works in 26.6 fixed point at the size
        #expect(abs(m.underlineOffset - px(d.underlinePosition)) < tolerance, "\(m) \(d)")
        #expect(abs(m.underlineThickness - max(px(d.underlineThickness), size / 32)) < tolerance)
        #expect(abs(m.strikeoutOffset - px(d.strikeoutPosition)) < tolerance)
        #expect(abs(m.strikeoutThickness - max(px(d.strikeoutSize), size / 32)) < tolerance)
        #expect(m.underlineOffset < 0 && m.strikeoutOffset > 0)
    }
}

/// The x-height `vertical-align: middle` centres an image on, for a face without an OS/2 x-height.
@Suite struct WebXHeightTests {
    /// Chromium 156 (Debian 12) with DejaVuSans.ttf by @font-face: the height of a `1ex` box at each size.
    /// The hinted `x` is neither the rounded nor the raw top: FreeType's auto-hinter fits the zone of
    /// the round letters first (a plain rounding was 1 px short at 15, 24, 28 and 30 px).
    static let chromium: [(size: Double, ex: Double)] = [
        (8, 5), (10, 6), (11, 6), (12, 7), (13, 7), (14, 8), (15, 9), (16, 9), (17, 10), (18, 10), (20, 11),
        (24, 14), (28, 16), (30, 17), (36, 20), (40, 22), (44, 24), (48, 26), (52, 28),
        (60, 33.1875), (64, 35.15625), (72, 39.046875), (80, 43.9375), (96, 52.734375),
    ]

    @Test func dejaVuSansMatchesChromium() throws {
        let path = try Fonts.require(Fonts.dejaVuSans, package: "fonts-dejavu-core")
        let face = try FontFace(source: FontSource(path: path))
        for (size, ex) in Self.chromium {
            #expect(face.metrics(size: size).webXHeight == ex, "at \(size) px")
        }
    }
}

/// Hashing a font file reads all of it once; the pages it read go back to the kernel as it goes.
@Suite struct ContentHashPagesTests {
    /// Resident bytes of the mapping that starts at `base`, from /proc/self/smaps (this face's own
    /// mapping: other tests' faces map the file apart).
    static func resident(_ base: UnsafeMutableRawPointer) throws -> Int {
        // Read to the end: /proc files report no size.
        let file = try #require(FileHandle(forReadingAtPath: "/proc/self/smaps"))
        let smaps = String(decoding: file.readDataToEndOfFile(), as: UTF8.self)
        let start = String(UInt(bitPattern: base), radix: 16)
        var inside = false
        for line in smaps.split(separator: "\n") {
            if let dash = line.firstIndex(of: "-"), line[..<dash].allSatisfy(\.isHexDigit), !line.hasPrefix("Rss") {
                inside = line[..<dash].drop { $0 == "0" } == start.drop { $0 == "0" }
            } else if inside, line.hasPrefix("Rss:") {
                return Int(line.split(separator: " ")[1])! * 1024
            }
        }
        throw CocoaError(.fileReadUnknown)
    }

    /// Threads that ask a new face for its hash at once wait for one reading of the file, not one each.
    @Test func threadsAskingAtOnceHashTheFileOnce() throws {
        let path = try Fonts.require(Fonts.notoSansCJK, package: "fonts-noto-cjk")
        let face = try FontFace(source: FontSource(path: path))
        let threads = 4
        let hashes = Hashes()
        let ready = DispatchGroup(), go = DispatchSemaphore(value: 0), done = DispatchGroup()
        for _ in 0..<threads {
            ready.enter()
            done.enter()
            Thread.detachNewThread {
                ready.leave()
                go.wait()
                let hash = face.contentHashValue
                hashes.lock.withLock { hashes.values.append(hash) }
                done.leave()
            }
        }
        ready.wait()
        for _ in 0..<threads { go.signal() }
        done.wait()
        #expect(face.timesHashed == 1)
        #expect(hashes.values.count == threads && Set(hashes.values).count == 1 && hashes.values[0] != 0)
    }

    /// What each thread of ``threadsAskingAtOnceHashTheFileOnce()`` was told.
    private final class Hashes: @unchecked Sendable {
        let lock = NSLock()
        var values: [UInt64] = []
    }

    @Test func hashingALargeFileLeavesItUnmapped() throws {
        let path = try Fonts.require(Fonts.notoSansCJK, package: "fonts-noto-cjk")
        let face = try FontFace(source: FontSource(path: path))
        let mapping = try #require(face.mapping)
        #expect(mapping.length > 10 << 20)
        let hash = face.contentHash
        #expect(hash.count >= 8 && hash.allSatisfy(\.isHexDigit))
        // The whole file was read; well under a tenth of it stays (the tables HarfBuzz opened the face with).
        let resident = try Self.resident(mapping.base)
        #expect(resident < mapping.length / 10, "\(resident) of \(mapping.length) bytes resident")
        // The same hash every time, and the face still shapes (its pages come back when read).
        #expect(face.contentHash == hash)
        #expect(face.glyph(for: 0x4F60) != nil)
    }
}
