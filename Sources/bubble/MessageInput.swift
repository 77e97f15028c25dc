import ArgumentParser
import Bubble
import BubbleJSON
import Foundation

/// Where the message comes from (a FILE argument, `--text` or standard input), its format, and its
/// own link map and highlights.
struct MessageInput: ParsableArguments {
    @Argument(help: ArgumentHelp("A file holding the message (default, or -: standard input).", valueName: "file"),
              completion: .file())
    var file: String?

    @Option(help: "The message (instead of a file or standard input).")
    var text: String?

    @Option(help: "The message's format: text (default), spans (a JSON array of segments), markup, or entities (a JSON object {\"text\", \"entities\"}).",
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
        if let linkMap {
            let json = try readFile(linkMap, "--link-map")
            message.linkMap = try BubbleError.exiting { () throws(BubbleError) in try MessageReader.linkMap(json) }
        }
        if let highlights {
            let json = try readFile(highlights, "--highlights")
            message.highlights = try BubbleError.exiting { () throws(BubbleError) in try MessageReader.highlights(json) }
        }
        return message
    }

    /// A JSON file, read the way batch lines and HTTP bodies are.
    private func readFile(_ path: String, _ flag: String) throws -> JSONValue {
        guard let data = FileManager.default.contents(atPath: path) else {
            throw ValidationError("\(flag): cannot read '\(path)'")
        }
        do { return try JSONReader.read([UInt8](data)) } catch {
            throw ValidationError("\(flag): '\(path)' is not valid JSON: \(error)")
        }
    }
}

/// `--input`: the formats of ``Message/Format``, as an argument.
enum InputFormat: String, ExpressibleByArgument, CaseIterable {
    case text, spans, markup, entities

    var format: Message.Format { Message.Format(rawValue: rawValue)! }
}
