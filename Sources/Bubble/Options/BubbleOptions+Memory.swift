import BubbleMapping

extension BubbleOptions {
    /// The heap bytes these options hold (see `MemoryEstimate`): the fields, and the strings, lists and
    /// link map that may be of any size.
    var estimatedBytes: Int {
        var total = MemoryLayout<BubbleOptions>.stride
        for list in [fonts, faceFamilies] {
            guard let list else { continue }
            total += MemoryEstimate.array(list)
            for s in list { total += MemoryEstimate.string(s) }
        }
        if let linkMap { total += MemoryEstimate.dictionary(linkMap) }
        if let rules = linkRules?.rules {
            total += MemoryEstimate.array(rules)
            for r in rules {
                total += MemoryEstimate.string(r.name) + MemoryEstimate.string(r.pattern) + MemoryEstimate.string(r.kind)
                    + MemoryEstimate.string(r.target)
            }
        }
        for s in [language, catalog, ellipsis, truncationToken?.text, truncationToken?.url] { total += MemoryEstimate.string(s) }
        return total
    }
}
