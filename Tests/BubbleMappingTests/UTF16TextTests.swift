import BubbleMapping
import BubbleTestSupport
import Testing

/// `UTF16Text.string` against the standard library's `String(decoding:as: UTF16.self)`, which it
/// replaces: random units mixing every UTF-8 length, paired, reversed and lone surrogates.
@Suite struct UTF16TextTests {
    static let palette: [UInt16] = [0x00, 0x41, 0x7F, 0x80, 0xE9, 0x7FF, 0x800, 0x4E2D, 0xD7FF, 0xE000, 0xFFFC, 0xFFFD,
                                    0xFFFF, 0xD800, 0xD83D, 0xDBFF, 0xDC00, 0xDE00, 0xDFFF]

    @Test func agreesWithTheStandardLibrary() {
        var rng = SeededGenerator(seed: 16)
        for _ in 0..<20_000 {
            let units = (0..<Int.random(in: 0...20, using: &rng)).map { _ in Self.palette.randomElement(using: &rng)! }
            let expected = String(decoding: units, as: UTF16.self)
            #expect(UTF16Text.string(units) == expected, "\(units)")
            #expect(Array(UTF16Text.string(units).utf8) == Array(expected.utf8))
            let from = units.isEmpty ? 0 : Int.random(in: 0..<units.count, using: &rng)
            #expect(UTF16Text.string(units[from...]) == String(decoding: units[from...], as: UTF16.self))
        }
    }

    @Test func everyScalarRoundTrips() {
        var units: [UInt16] = []
        for v in stride(from: 0, through: 0x10FFFF, by: 97) {
            guard let scalar = Unicode.Scalar(v) else { continue }
            units.append(contentsOf: String(Character(scalar)).utf16)
        }
        #expect(UTF16Text.string(units) == String(decoding: units, as: UTF16.self))
    }
}
