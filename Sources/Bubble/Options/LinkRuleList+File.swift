import BubbleJSON
package import BubbleMapping

extension LinkRuleList {
    /// The rules of a `--link-rules FILE` (`bubble serve`, `layout`, `batch`, `svg`, `html`, `hit`): a JSON
    /// array of rules `[{name, pattern?, kind?, target?}]` or built-in names, every rule compiled now, built-ins
    /// filled in, in the file's order; two rules with one name are an error. One reader for every command, so
    /// the file means the same everywhere.
    package static func readFile(_ bytes: [UInt8], path: String) throws(BubbleError) -> [LinkRule] {
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
