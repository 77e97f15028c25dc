import ArgumentParser
import Bubble
import Foundation

/// Where the message comes from (a FILE argument, `--text` or standard input), its format, and its
/// own link map and highlights.
struct MessageInput: ParsableArguments {
    @Argument(help: ArgumentHelp("A file holding the message (default, or -: standard input).", valueName: "file"),
              completion: .file())
    var file: String?

    @Option(help: "The message (instead of a file or standard input).")
    var text: String?

    @Option(help: "The message's format: text (default), spans (a JSON array of segments) or markup.",
            completion: .list(InputFormat.allCases.map(\.rawValue)))
    var input: InputFormat = .text

    @Option(help: ArgumentHelp("A JSON file mapping exact text to URLs ({\"@百度\": \"https://www.baidu.com\"}).",
                               valueName: "file"), completion: .file(extensions: ["json"]))
    var linkMap: String?

    @Option(help: ArgumentHelp("A JSON file of highlights: [{start, end, textColor?, backgroundColor?}], in source offsets.",
                               valueName: "file"), completion: .file(extensions: ["json"]))
    var highlights: String?

    func validate() throws {
        if text != nil, file != nil { throw ValidationError("give the message as a file or as --text, not both") }
    }

    /// The message: its bytes not yet decoded (invalid UTF-8 is the engine's to judge), with the
    /// link map and highlights the files give.
    func message() throws -> Message {
        let bytes: [UInt8]
        if let text { bytes = Array(text.utf8) } else {
            bytes = try InputFile.readAll(file)
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
