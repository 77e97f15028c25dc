import BubbleMapping

/// The itemizer's style look-up: each style run's ``TextStyle`` interned once in the message's styles.
extension Typesetter {
    /// Index into `styles` of the style at mapped offset `i`, interning new styles.
    func styleIndex(at i: Int, runs: [StyleRun], cursor: inout Int, memo: inout (run: Int, index: Int),
                            styles: inout [TextStyle], interned: inout [TextStyle: Int]) -> Int {
        guard !runs.isEmpty else { return 0 }
        while cursor < runs.count && runs[cursor].range.upperBound.utf16 <= i { cursor += 1 }
        guard cursor < runs.count, runs[cursor].range.lowerBound.utf16 <= i else { return 0 }
        if memo.run == cursor { return memo.index }
        let index = Typesetter.intern(runs[cursor].style, in: &styles, interned: &interned)
        memo = (cursor, index)
        return index
    }

    /// Styles a message holds before they are looked up by hash: entities give a handful, but spans and
    /// markup may give each run its own color or size, and a scan per run was quadratic in them.
    static let stylesScanned = 8

    /// The index of `style` in `styles`, appended when new; `interned` mirrors `styles` once they outgrow
    /// ``stylesScanned`` (emptied for each message, see ``Workspace/styleIndices``).
    static func intern(_ style: TextStyle, in styles: inout [TextStyle], interned: inout [TextStyle: Int]) -> Int {
        if styles.count <= stylesScanned {
            if let k = styles.firstIndex(of: style) { return k }
        } else {
            if interned.count != styles.count {
                interned.removeAll(keepingCapacity: true)
                for (k, known) in styles.enumerated() where interned[known] == nil { interned[known] = k }
            }
            if let k = interned[style] { return k }
            interned[style] = styles.count
        }
        styles.append(style)
        return styles.count - 1
    }
}
