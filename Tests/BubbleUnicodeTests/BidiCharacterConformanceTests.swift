import BubbleTestSupport
import BubbleUnicode
import Foundation
import Testing

/// UAX #9: Unicode's BidiCharacterTest.txt through Bubble's resolver (levels) and its reordering
/// (visual order of the characters). `BIDI_STRIDE=N` checks every Nth case only. Cases where ICU
/// deliberately or knowingly differs are in BidiCharacterTest.allowlist with the reason.
@Suite struct BidiCharacterConformanceTests {
    static let stride = Int(ProcessInfo.processInfo.environment["BIDI_STRIDE"] ?? "") ?? 1

    static let allowlistPath = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("BidiCharacterTest.allowlist").path

    @Test func bidiCharacterTestResolvesAndReorders() throws {
        let allowed = readAllowlist(Self.allowlistPath)
        let lines = try UnicodeData.lines("BidiCharacterTest.txt").filter { !$0.hasPrefix("#") && !$0.isEmpty }
        #expect(lines.count > 90_000, "BidiCharacterTest.txt looks truncated")
        let resolver = try BidiResolver()
        var failures: [String] = []
        var checked = 0
        for (n, line) in lines.enumerated() where n % Self.stride == 0 {
            let f = line.split(separator: ";", omittingEmptySubsequences: false)
            guard f.count == 5 else { continue }
            let scalars = f[0].split(separator: " ").compactMap { UInt32($0, radix: 16) }
            let direction: TextDirection = f[1] == "0" ? .ltr : f[1] == "1" ? .rtl : .auto
            let expectedBase = UInt8(f[2])!
            let expectedLevels = f[3].split(separator: " ").map { $0 == "x" ? nil : UInt8($0) }
            let expectedOrder = f[4].split(separator: " ").map { Int($0)! }
            // UTF-16, remembering where each scalar starts.
            var units: [UInt16] = [], starts: [Int] = []
            for s in scalars {
                starts.append(units.count)
                units += Array(String(UnicodeScalar(s)!).utf16)
            }
            let (base, levels) = try resolver.levels(of: units[...], direction: direction)
            let perScalar = starts.map { levels[$0] }
            // Characters removed by X9 (level "x") take no part in the comparison.
            let kept = expectedLevels.indices.filter { expectedLevels[$0] != nil }
            let levelsMatch = kept.allSatisfy { perScalar[$0] == expectedLevels[$0] }
            let visual = BidiResolver.visualOrder(levels: kept.map { perScalar[$0] }).map { kept[$0] }
            checked += 1
            let key = "\(f[0]);\(f[1])"
            let passed = base == expectedBase && levelsMatch && visual == expectedOrder
            if passed && allowed[key] != nil { failures.append("allowlisted but passing: \(key)") }
            if !passed && allowed[key] == nil {
                failures.append("case \(n + 1): \(f[0]) dir \(f[1]): base \(base) levels \(perScalar) order \(visual); expected \(expectedBase) \(f[3]) \(f[4])")
            }
        }
        #expect(checked > 90_000 / Self.stride)
        #expect(failures.isEmpty, Comment(rawValue: "\(failures.count) of \(checked) failed:\n" + failures.prefix(20).joined(separator: "\n")))
    }
}
