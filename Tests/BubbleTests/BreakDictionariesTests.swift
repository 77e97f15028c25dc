import BubbleTestSupport
import Foundation
import Testing

/// `$BUBBLE_BREAK_DICTIONARIES`: the line-breaking dictionaries of another ICU data package (a client's,
/// such as Chromium's `icudtl.dat`) break dictionary scripts in place of the system ICU's, and a file
/// that cannot serve stops Bubble with an error naming the variable. Each case runs `bubble` anew: the
/// dictionaries are installed when the process loads, before ICU opens its data.
@Suite struct BreakDictionariesTests {
    static let folder = Corpus.repositoryRoot.appendingPathComponent("Tests/BubbleTests/Dictionaries")
    /// A package whose Lao dictionary holds four made-up words (scripts/make-test-dictionaries).
    static let package = folder.appendingPathComponent("lao-test.dat").path
    /// The four words run together; at 80 px no two fit on a line, so each line is one break opportunity.
    static let sentence = "ສະບາຍດີເມືອງຫຼວງພະບາງ"
    static let words: [[Int]] = [[0, 5], [5, 12], [12, 18], [18, 21]]

    func lines(_ environment: [String: String]) throws -> [[Int]] {
        let run = try runBubble(["layout", "--max-width", "80", "--text", Self.sentence], environment: environment)
        #expect(run.status == 0, "\(run.stderr)")
        let json = try #require(try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any])
        let lines = try #require(json["lines"] as? [[String: Any]])
        return lines.map { [$0["start"] as? Int ?? -1, $0["end"] as? Int ?? -1] }
    }

    @Test func aPackagesDictionaryBreaksItsScript() throws {
        #expect(try lines(["BUBBLE_BREAK_DICTIONARIES": Self.package]) == Self.words)
        #expect(try lines(["BUBBLE_BREAK_DICTIONARIES": ""]) != Self.words, "ICU's own Lao dictionary knows other words")
    }

    @Test func theFingerprintNamesTheDictionaries() throws {
        let own = try runBubble(["--version"], environment: ["BUBBLE_BREAK_DICTIONARIES": ""])
        let given = try runBubble(["--version"], environment: ["BUBBLE_BREAK_DICTIONARIES": Self.package])
        #expect(!own.stdout.contains("+dictionaries."))
        #expect(given.stdout.range(of: #"icu [0-9.]+\+dictionaries\.[0-9a-f]{16} "#, options: .regularExpression) != nil, "\(given.stdout)")
    }

    @Test(arguments: [
        ("lao-words.txt", "is not an ICU data package"),
        ("no-such-file.dat", "cannot be opened"),
        ("", "holds no line-breaking dictionary"),
    ])
    func aFileThatCannotServeIsAnError(file: String, reason: String) throws {
        var path = Self.folder.appendingPathComponent(file).path
        if file.isEmpty {  // the test package's own data header over an empty table of contents
            let bytes = try Data(contentsOf: URL(fileURLWithPath: Self.package))
            let header = Int(bytes[0]) | Int(bytes[1]) << 8
            path = FileManager.default.temporaryDirectory.appendingPathComponent("bubble-empty-\(UUID().uuidString).dat").path
            try (bytes.prefix(header) + Data([0, 0, 0, 0])).write(to: URL(fileURLWithPath: path))
        }
        defer { if file.isEmpty { try? FileManager.default.removeItem(atPath: path) } }
        let run = try runBubble(["layout", "--text", "hi"], environment: ["BUBBLE_BREAK_DICTIONARIES": path])
        #expect(run.status == 2)
        #expect(run.stdout.isEmpty)
        #expect(run.stderr.contains("unusable_dictionaries: BUBBLE_BREAK_DICTIONARIES=\(path): \(reason)"), "\(run.stderr)")
    }
}
