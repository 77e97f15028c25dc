import ArgumentParser
import Bubble
import Foundation

/// Where the message comes from (`--text` or standard input), its format, and its own link map
/// and highlights.
struct MessageInput: ParsableArguments {
    @Option(help: "The message (instead of standard input).")
    var text: String?

    @Option(help: "The message's format: text (default), spans (a JSON array of segments) or markup.")
    var input: InputFormat = .text

    @Option(help: ArgumentHelp("A JSON file mapping exact text to URLs ({\"@百度\": \"https://www.baidu.com\"}).",
                               valueName: "file"))
    var linkMap: String?

    @Option(help: ArgumentHelp("A JSON file of highlights: [{start, end, textColor?, backgroundColor?}], in source offsets.",
                               valueName: "file"))
    var highlights: String?

    /// The message: its bytes not yet decoded (invalid UTF-8 is the engine's to judge), with the
    /// link map and highlights the files give.
    func message() throws -> Message {
        let bytes: [UInt8]
        if let text { bytes = Array(text.utf8) } else {
            bytes = [UInt8](FileHandle.standardInput.readDataToEndOfFile())
        }
        var message = Message(utf8: bytes, format: input.format)
        if let linkMap { message.linkMap = try decodeFile([String: String].self, linkMap, "--link-map", "a JSON object of text → URL") }
        if let highlights {
            message.highlights = try decodeFile([SourceHighlight].self, highlights, "--highlights",
                                                "a JSON array of {start, end, textColor?, backgroundColor?}")
        }
        return message
    }

    private func decodeFile<T: Decodable>(_ type: T.Type, _ path: String, _ flag: String, _ expected: String) throws -> T {
        guard let data = FileManager.default.contents(atPath: path) else {
            throw ValidationError("\(flag): cannot read '\(path)'")
        }
        do { return try JSONDecoder().decode(T.self, from: data) } catch {
            throw ValidationError("\(flag): '\(path)' is not \(expected)")
        }
    }
}

/// `--input`: the formats of ``Message/Format``, as an argument.
enum InputFormat: String, ExpressibleByArgument, CaseIterable {
    case text, spans, markup

    var format: Message.Format { Message.Format(rawValue: rawValue)! }
}
