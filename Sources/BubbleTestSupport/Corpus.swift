package import Foundation

/// The project's measuring corpus, `bench/corpus/messages.jsonl` (20,000 `{"id", "lang", "text"}` lines; its
/// README says where it comes from). Tests that sample real chat text read it here, so its place is named once.
package enum Corpus {
    /// The repository's root: this file sits in `Sources/BubbleTestSupport/`.
    package static let repositoryRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent()

    /// The corpus file (or `BUBBLE_CORPUS`, for a run over other messages).
    package static var path: String {
        ProcessInfo.processInfo.environment["BUBBLE_CORPUS"]
            ?? repositoryRoot.appendingPathComponent("bench/corpus/messages.jsonl").path
    }

    /// The texts of the first `limit` messages (all of them when nil), in file order.
    /// - Throws: when the file is missing or a line is not a corpus record: it ships with the repository.
    package static func texts(limit: Int? = nil) throws -> [String] {
        guard let data = FileManager.default.contents(atPath: path) else { throw CorpusError("cannot read \(path)") }
        var texts: [String] = []
        for line in data.split(separator: UInt8(ascii: "\n")) {
            if let limit, texts.count == limit { break }
            guard let object = try JSONSerialization.jsonObject(with: Data(line)) as? [String: Any],
                  let text = object["text"] as? String else { throw CorpusError("malformed line \(texts.count + 1) in \(path)") }
            texts.append(text)
        }
        return texts
    }
}

package struct CorpusError: Error, CustomStringConvertible {
    package let description: String
    init(_ description: String) { self.description = description }
}
