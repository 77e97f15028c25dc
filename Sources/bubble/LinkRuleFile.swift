import ArgumentParser
import Bubble
import Foundation

/// A `--link-rules FILE` of `layout`, `batch`, `svg`, `html` and `hit` (``LinkRuleList/readFile(_:path:)``), read
/// and compiled at start, so a bad pattern stops the command before any message; every rule is switched on in
/// the file's order (as `linkRules` in `--options` would). `bubble serve` reads the same file through its flag table.
struct LinkRuleFile {
    /// The rules in the file's order, built-ins filled in.
    let rules: [LinkRule]

    /// Reads and checks the file at `path` (an unreadable file is a usage error).
    init(path: String) throws {
        guard let data = FileManager.default.contents(atPath: path) else {
            throw ValidationError("cannot read the link rules file '\(path)'")
        }
        rules = try BubbleError.exiting { () throws(BubbleError) in try LinkRuleList.readFile([UInt8](data), path: path) }
    }
}
