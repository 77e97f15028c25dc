/// Where a face lives: a font file and the index of the face inside it (TrueType collections hold several).
package struct FontSource: Hashable, Sendable, CustomStringConvertible {
    package var path: String
    package var index: Int

    package init(path: String, index: Int = 0) {
        self.path = path
        self.index = index
    }

    package var description: String { index == 0 ? path : "\(path)#\(index)" }
}
