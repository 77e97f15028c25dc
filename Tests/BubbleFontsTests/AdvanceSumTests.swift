import BubbleFonts
import BubbleTestSupport
import Testing

/// The difference of two of ``GlyphBuffer/advancePrefixSums()`` gives, bit for bit, the sum taken in order
/// (``GlyphBuffer/advanceSum(_:)``) whenever ``GlyphBuffer/advanceSumsAreExact`` holds; and that test refuses
/// the advances it cannot vouch for.
@Suite struct AdvanceSumTests {
    static func buffer(_ advances: [Float]) -> GlyphBuffer {
        var glyphs = GlyphBuffer()
        for (k, a) in advances.enumerated() { glyphs.append(Glyph(id: UInt32(k), cluster: Int32(k), advance: a)) }
        return glyphs
    }

    static func inOrder(_ glyphs: GlyphBuffer, _ range: Range<Int>) -> Double {
        var w = 0.0
        for k in range { w += Double(glyphs[k].advance) }
        return w
    }

    /// Advances of every size from 1/128 px up, either sign, some zero (marks), any Float in between (not only
    /// a font's grid): every range sums to the same Double both ways.
    @Test func prefixSumsGiveTheSumInOrder() {
        var rng = SeededGenerator(seed: 30)
        for _ in 0..<400 {
            let count = Int.random(in: 0...300, using: &rng)
            let advances: [Float] = (0..<count).map { _ in
                switch Int.random(in: 0..<10, using: &rng) {
                case 0: 0
                case 1: -Float.random(in: 0x1p-7...4, using: &rng)
                case 2: Float.random(in: 0x1p-7...0x1p-3, using: &rng)
                case 3: Float.random(in: 100...2_000, using: &rng)
                default: Float.random(in: 2...40, using: &rng)
                }
            }
            let glyphs = AdvanceSumTests.buffer(advances)
            #expect(glyphs.advanceSumsAreExact)
            let sums = glyphs.advancePrefixSums()
            #expect(sums.count == count + 1)
            for _ in 0..<20 {
                let a = Int.random(in: 0...count, using: &rng), b = Int.random(in: 0...count, using: &rng)
                let range = min(a, b)..<max(a, b)
                let difference = sums[range.upperBound] - sums[range.lowerBound]
                #expect(difference.bitPattern == AdvanceSumTests.inOrder(glyphs, range).bitPattern)
                #expect(glyphs.advanceSum(range).bitPattern == AdvanceSumTests.inOrder(glyphs, range).bitPattern)
            }
        }
    }

    /// Where an addition could round, the buffer is not vouched for: an advance under 1/128 px (its bits
    /// reach below 2^-30), one that is not a number or infinite, or a largest size that times the count
    /// reaches 2^21 px. Such advances do sum differently from prefix sums (the first case shows it), which is
    /// why the test exists.
    @Test func advancesThatCouldRoundAreRefused() {
        let fine: [Float] = [0.1, 1e-7, 3, 1e-7, 0.1, 1e-7, 3, 1e-7]
        #expect(!AdvanceSumTests.buffer(fine).advanceSumsAreExact)
        var rng = SeededGenerator(seed: 7)
        var differs = false
        for _ in 0..<2_000 where !differs {
            let advances: [Float] = (0..<8).map { _ in Float.random(in: 0...1, using: &rng) * (Bool.random(using: &rng) ? 1e-6 : 1e3) }
            let glyphs = AdvanceSumTests.buffer(advances)
            let sums = glyphs.advancePrefixSums()
            differs = (1..<8).contains { sums[8] - sums[$0] != AdvanceSumTests.inOrder(glyphs, $0..<8) }
        }
        #expect(differs)
        #expect(!AdvanceSumTests.buffer([12, .nan, 3]).advanceSumsAreExact)
        #expect(!AdvanceSumTests.buffer([12, .infinity]).advanceSumsAreExact)
        #expect(!AdvanceSumTests.buffer(Array(repeating: 1_024, count: 2_048)).advanceSumsAreExact)  // 2^21 px
        #expect(AdvanceSumTests.buffer(Array(repeating: 1_024, count: 2_047)).advanceSumsAreExact)
        #expect(AdvanceSumTests.buffer([]).advanceSumsAreExact)
    }
}
