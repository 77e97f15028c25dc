import ArgumentParser
import Foundation

/// Where the message comes from: `--text`, or standard input read to its end.
struct MessageInput: ParsableArguments {
    @Option(help: "The message (instead of standard input).")
    var text: String?

    /// The message's bytes, not yet decoded: invalid UTF-8 is the engine's to judge.
    func read() throws -> [UInt8] {
        if let text { return Array(text.utf8) }
        let data = FileHandle.standardInput.readDataToEndOfFile()
        return [UInt8](data)
    }
}
