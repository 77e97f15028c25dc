/// Converts offsets between the mapped text and the source message.
///
/// The map is a sorted list of *pieces*. A piece either copies source text unchanged (so mapped and
/// source offsets advance together) or replaces a stretch of source text (an emoji token, a markup
/// tag, an escape) with a stretch of mapped text of another length. Look-ups binary-search the pieces:
/// O(log n) in the number of replacements.
public struct OffsetMap: Sendable {
    /// Start of each piece in the mapped text (UTF-16 units); strictly increasing, first is 0.
    private var mappedStarts: [Int] = [0]
    /// Start of each piece in the source (UTF-16 units).
    private var sourceStarts: [Int] = [0]
    /// Whether each piece copies (true) or replaces (false).
    private var copies: [Bool] = [true]
    /// Total lengths, to close the last piece.
    public private(set) var mappedLength: Int = 0
    public private(set) var sourceLength: Int = 0

    /// Per-unit prefix tables of the source, built lazily by ``SourceUnits``.
    public let units: SourceUnits

    /// An identity map over `source`.
    public init(identity source: String) {
        units = SourceUnits(source)
        mappedLength = units.utf16Count
        sourceLength = units.utf16Count
    }

    /// A map built by a ``Builder``.
    fileprivate init(builder: Builder, source: String) {
        units = SourceUnits(source)
        mappedStarts = builder.mappedStarts
        sourceStarts = builder.sourceStarts
        copies = builder.copies
        mappedLength = builder.mappedLength
        sourceLength = builder.sourceLength
        if mappedStarts.isEmpty { mappedStarts = [0]; sourceStarts = [0]; copies = [true] }
    }

    /// The source offset of a mapped offset.
    ///
    /// Inside a copied piece offsets correspond one to one. Inside a replacement, a mapped offset at the
    /// piece's start maps to the start of the replaced source, and any later offset within the piece
    /// maps to the replaced source's end (a placeholder is atomic).
    public func source(_ index: MappedIndex) -> SourceIndex {
        let m = index.utf16
        let p = piece(containing: m)
        let offset = m - mappedStarts[p]
        if copies[p] { return SourceIndex(sourceStarts[p] + offset) }
        if offset == 0 { return SourceIndex(sourceStarts[p]) }
        return SourceIndex(p + 1 < sourceStarts.count ? sourceStarts[p + 1] : sourceLength)
    }

    /// The source range covered by a mapped range: replacements it touches are included whole.
    public func source(_ range: Range<MappedIndex>) -> Range<SourceIndex> {
        let lower = source(range.lowerBound)
        let upper = source(range.upperBound)
        return lower..<max(lower, upper)
    }

    /// The mapped offset of a source offset; an offset inside a replacement snaps to its start.
    public func mapped(_ index: SourceIndex) -> MappedIndex {
        let s = index.utf16
        var lo = 0, hi = sourceStarts.count - 1
        while lo < hi {  // last piece whose source start <= s
            let mid = (lo + hi + 1) / 2
            if sourceStarts[mid] <= s { lo = mid } else { hi = mid - 1 }
        }
        let offset = s - sourceStarts[lo]
        if copies[lo] { return MappedIndex(mappedStarts[lo] + offset) }
        return MappedIndex(mappedStarts[lo])
    }

    /// A source offset expressed in `unit`.
    public func report(_ index: SourceIndex, in unit: OffsetUnit) -> Int {
        units.convert(utf16: index.utf16, to: unit)
    }

    private func piece(containing m: Int) -> Int {
        var lo = 0, hi = mappedStarts.count - 1
        while lo < hi {  // last piece whose mapped start <= m
            let mid = (lo + hi + 1) / 2
            if mappedStarts[mid] <= m { lo = mid } else { hi = mid - 1 }
        }
        return lo
    }

    /// Records pieces in order while a mapper walks the source once.
    public struct Builder: Sendable {
        fileprivate var mappedStarts: [Int] = []
        fileprivate var sourceStarts: [Int] = []
        fileprivate var copies: [Bool] = []
        fileprivate var mappedLength = 0
        fileprivate var sourceLength = 0

        public init() {}

        /// Source text copied unchanged, `utf16Count` units long.
        public mutating func copy(_ utf16Count: Int) {
            guard utf16Count > 0 else { return }
            if copies.last != true { open(copy: true) }
            mappedLength += utf16Count
            sourceLength += utf16Count
        }

        /// `sourceCount` source units replaced by `mappedCount` mapped units.
        public mutating func replace(source sourceCount: Int, mapped mappedCount: Int) {
            guard sourceCount > 0 || mappedCount > 0 else { return }
            open(copy: false)
            mappedLength += mappedCount
            sourceLength += sourceCount
        }

        private mutating func open(copy: Bool) {
            if mappedStarts.last == mappedLength, sourceStarts.last == sourceLength {
                copies[copies.count - 1] = copy  // the previous piece is empty: take its slot
                return
            }
            mappedStarts.append(mappedLength)
            sourceStarts.append(sourceLength)
            copies.append(copy)
        }

        /// The finished map over `source`.
        public func build(source: String) -> OffsetMap { OffsetMap(builder: self, source: source) }
    }
}
