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
    fileprivate init(builder: Builder, units: SourceUnits) {
        precondition(units.utf16Count == builder.sourceLength, "the map does not cover the whole source")
        self.units = units
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
    ///
    /// Source text deleted at either edge (the backslash of an escape, a markup tag) is left out: the
    /// lower bound maps after such a deletion, the upper bound before it.
    public func source(_ range: Range<MappedIndex>) -> Range<SourceIndex> {
        let lower = source(range.lowerBound)
        let upper = sourceEnd(range.upperBound)
        return lower..<max(lower, upper)
    }

    /// The source offset of a mapped offset used as the end of a range: the end of the piece holding
    /// the unit just before it, so a deletion right after the range stays outside.
    private func sourceEnd(_ index: MappedIndex) -> SourceIndex {
        let m = index.utf16
        guard m > 0 else { return source(index) }
        let p = piece(containing: m - 1)
        if copies[p] { return SourceIndex(sourceStarts[p] + m - mappedStarts[p]) }
        return SourceIndex(p + 1 < sourceStarts.count ? sourceStarts[p + 1] : sourceLength)
    }

    /// One piece of the map: a stretch of mapped text and the stretch of source it stands for.
    public struct Piece: Sendable, Equatable {
        /// UTF-16 units of the mapped text.
        public var mapped: Range<Int>
        /// UTF-16 units of the source message.
        public var source: Range<Int>
        /// Whether the source is copied unchanged (then both ranges have the same length).
        public var copies: Bool
    }

    /// Every piece in order; together they tile both the mapped text and the source.
    public var pieces: [Piece] {
        var result: [Piece] = []
        result.reserveCapacity(copies.count)
        for p in copies.indices {
            let mappedEnd = p + 1 < mappedStarts.count ? mappedStarts[p + 1] : mappedLength
            let sourceEnd = p + 1 < sourceStarts.count ? sourceStarts[p + 1] : sourceLength
            let piece = Piece(mapped: mappedStarts[p]..<mappedEnd, source: sourceStarts[p]..<sourceEnd, copies: copies[p])
            if !piece.mapped.isEmpty || !piece.source.isEmpty { result.append(piece) }
        }
        return result
    }

    /// Number of pieces (copies and replacements).
    public var pieceCount: Int { copies.count }

    /// The mapped offset of a source offset; an offset inside a replacement snaps to its start.
    public func mapped(_ index: SourceIndex) -> MappedIndex {
        let s = index.utf16
        if s >= sourceLength { return MappedIndex(mappedLength) }  // the end, even after a final replacement
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

    /// The last piece whose mapped start is at or before `m` (so empty pieces at `m` are skipped).
    private func piece(containing m: Int) -> Int {
        var lo = 0, hi = mappedStarts.count - 1
        while lo < hi {
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

        /// Mapped units recorded so far (the length of the mapped text built alongside).
        public var mappedCount: Int { mappedLength }
        /// Source units consumed so far.
        public var sourceCount: Int { sourceLength }

        /// The finished map over `source`.
        public func build(source: String) -> OffsetMap { OffsetMap(builder: self, units: SourceUnits(source)) }

        /// The finished map over a source given as UTF-16 units.
        public func build(sourceUTF16: some Collection<UInt16>) -> OffsetMap {
            OffsetMap(builder: self, units: SourceUnits(utf16: sourceUTF16))
        }
    }
}
