import ArgumentParser
import Bubble
import BubbleJSON
import Foundation

/// A `--link-rules FILE` (`bubble serve`, `layout`, `batch`, `svg`, `html`, `hit`): a JSON array of rules
/// `[{name, pattern?, kind?, target?}]` or built-in names, read and compiled at start, so a bad pattern
/// stops the command before any message. One reader for every command, so the file means the same
/// everywhere: `serve` lets requests select its rules by name; the other commands switch every rule on,
/// in the file's order (as `linkRules` in `--options` would).
struct LinkRuleFile {
    /// The rules in the file's order, built-ins filled in.
    let rules: [LinkRule]

    /// The rules by name (what `bubble serve` offers requests).
    var byName: [String: LinkRule] { Dictionary(uniqueKeysWithValues: rules.map { ($0.name, $0) }) }

    /// Reads and checks the file at `path` (an unreadable file is a usage error).
    init(path: String) throws {
        guard let data = FileManager.default.contents(atPath: path) else {
            throw ValidationError("cannot read the link rules file '\(path)'")
        }
        rules = try BubbleError.exiting { () throws(BubbleError) in try Self.read([UInt8](data), path: path) }
    }

    /// Every rule compiled now; two rules with one name are an error.
    static func read(_ bytes: [UInt8], path: String) throws(BubbleError) -> [LinkRule] {
        func bad(_ why: String) -> BubbleError { BubbleError(code: "invalid_link_rule", message: "--link-rules \(path): \(why)") }
        let list: LinkRuleList
        do { list = try LinkRuleList(json: try JSONReader.read(bytes)) } catch let error as OptionValueError {
            throw bad((error.path.isEmpty ? "" : error.path + ": ") + error.message)
        } catch { throw bad("not valid JSON: \(error)") }
        if let problem = list.problem { throw bad(problem) }
        var names: Set<String> = []
        var rules: [LinkRule] = []
        for rule in list.rules {
            guard names.insert(rule.name).inserted else { throw bad("two rules named '\(rule.name)'") }
            rules.append(rule.resolved ?? rule)
        }
        return rules
    }
}
