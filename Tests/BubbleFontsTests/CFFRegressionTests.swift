import BubbleFonts
import Foundation
import Testing

/// Every table the `cff` fuzz target (Fuzz/, `make fuzz`) failed on, checked as the target checks it
/// (``CFFReference/problem(table:at:glyphs:)``, over all its glyphs up to 256): the inputs live in
/// Fuzz/Regressions/cff/.
@Suite struct CFFRegressionTests {
    static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Fuzz/Regressions/cff")

    static let inputs: [String] = ((try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []).sorted()

    @Test func theRegressionInputsAreThere() {
        #expect(Self.inputs.contains("draws-before-moveto"))
    }

    /// `draws-before-moveto`: a glyph whose first operator draws (flex1) with no moveto before it. HarfBuzz
    /// starts its path at the origin and counts that point; the probe counted only the points it moved
    /// to, so its extent (2 to 41) fell short of HarfBuzz's (0 to 41).
    @Test(arguments: inputs)
    func aFuzzerFindHolds(_ name: String) throws {
        let path = Self.folder.appendingPathComponent(name).path
        let bytes = try [UInt8](Data(contentsOf: URL(fileURLWithPath: path)))
        #expect(CFFReference.problem(table: bytes, at: path, glyphs: Array(0..<256)) == nil)
    }
}
