@testable import BubbleRendering
import BubbleTestSupport
import Testing

/// A face's content hash is written as hex digits straight into the report: the same digits as
/// `String(v, radix: 16)`, in the JSON text and in the tokens the Python module reads.
@Suite struct HexOutputTests {
    static func values() -> [UInt64] {
        var rng = SeededGenerator(seed: 5)
        var values: [UInt64] = [0, 1, 9, 10, 15, 16, 255, 256, .max, .max - 1, 1 << 63]
        for shift in 0..<64 { values.append(1 << UInt64(shift)); values.append((1 << UInt64(shift)) - 1) }
        for _ in 0..<2_000 { values.append(rng.next() >> UInt64(Int.random(in: 0..<64, using: &rng))) }
        return values
    }

    @Test func digitsAreTheStandardLibrarys() {
        for v in Self.values() {
            var bytes: [UInt8] = []
            bytes.append(hex: v)
            #expect(String(decoding: bytes, as: UTF8.self) == String(v, radix: 16))
            #expect(UInt64.hexDigits(v) == bytes.count)
        }
    }

    @Test func tokensAndJSONSpellTheString() {
        for v in Self.values() {
            var tokens = TokenWriter(), asString = TokenWriter()
            tokens.hexString(v)
            asString.string(String(v, radix: 16))
            #expect(tokens.bytes == asString.bytes)
            var json = JSONWriter(capacity: 32)
            json.hexString(v)
            #expect(String(decoding: json.bytes, as: UTF8.self) == "\"\(String(v, radix: 16))\"")
        }
    }
}
