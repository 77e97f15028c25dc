import Foundation

/// Compares `actual` with the snapshot file `Snapshots/NAME` beside the calling test file.
///
/// With `RECORD_SNAPSHOTS=1` in the environment the file is (re)written instead and the call reports
/// that it recorded, so a re-recording run cannot pass unnoticed. A missing snapshot is a failure.
/// - Returns: nil when they match, else a message describing the difference.
package func snapshotMismatch(_ actual: String, named name: String, testFile: String = #filePath) -> String? {
    let folder = URL(fileURLWithPath: testFile).deletingLastPathComponent().appendingPathComponent("Snapshots")
    let file = folder.appendingPathComponent(name)
    if ProcessInfo.processInfo.environment["RECORD_SNAPSHOTS"] == "1" {
        try? FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try? Data((actual + "\n").utf8).write(to: file)
        return "recorded \(file.path) (unset RECORD_SNAPSHOTS to compare)"
    }
    guard let data = FileManager.default.contents(atPath: file.path) else {
        return "no snapshot at \(file.path): run with RECORD_SNAPSHOTS=1 to record it"
    }
    let expected = String(decoding: data, as: UTF8.self).trimmingCharacters(in: .newlines)
    guard expected != actual else { return nil }
    let a = Array(actual), e = Array(expected)
    var i = 0
    while i < min(a.count, e.count) && a[i] == e[i] { i += 1 }
    let context = { (s: [Character]) in String(s[max(0, i - 60)..<min(s.count, i + 60)]) }
    return "\(name) differs at character \(i):\n  expected …\(context(e))…\n  actual   …\(context(a))…"
}

/// Compares the part of the repository file `path` between `<!-- NAME:begin -->` and `<!-- NAME:end -->` with
/// `actual` (a generated table in a doc page). With `RECORD_SNAPSHOTS=1` the part is rewritten instead and the
/// call reports that it did.
/// - Returns: nil when they match, else what differs or went wrong.
package func markedSectionMismatch(_ actual: String, in path: String, marker name: String) -> String? {
    let file = Corpus.repositoryRoot.appendingPathComponent(path)
    guard let text = try? String(contentsOf: file, encoding: .utf8) else { return "cannot read \(path)" }
    guard let begin = text.range(of: "<!-- \(name):begin -->\n"), let end = text.range(of: "<!-- \(name):end -->"),
          begin.upperBound <= end.lowerBound else { return "\(path) has no \(name):begin/end markers" }
    let current = String(text[begin.upperBound..<end.lowerBound])
    guard current != actual else { return nil }
    if ProcessInfo.processInfo.environment["RECORD_SNAPSHOTS"] == "1" {
        try? (text[..<begin.upperBound] + actual + text[end.lowerBound...]).write(to: file, atomically: true, encoding: .utf8)
        return "rewrote \(path)'s \(name) section: unset RECORD_SNAPSHOTS to compare"
    }
    return "\(path)'s \(name) section differs from the generated one (RECORD_SNAPSHOTS=1 rewrites it)"
}
