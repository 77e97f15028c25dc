/// Where a face lives: a font file and the index of the face inside it (TrueType collections hold several).
public struct FontSource: Hashable, Sendable, CustomStringConvertible {
    public var path: String
    public var index: Int

    public init(path: String, index: Int = 0) {
        self.path = path
        self.index = index
    }

    public var description: String { index == 0 ? path : "\(path)#\(index)" }
}
