/// Converts offsets between the mapped text and the source message.
///
/// The map is a sorted list of *pieces*. A piece either copies source text unchanged (so mapped and
/// source offsets advance together) or replaces a stretch of source text (an emoji token, a markup
/// tag, an escape) with a stretch of mapped text of another length. Look-ups binary-search the pieces:
/// O(log n) in the number of replacements.
public struct OffsetMap: Sendable {
    /// Where a piece starts in the mapped text and in the source (UTF-16 units), and whether it copies.
    @usableFromInline
    struct Start: Sendable {
        var mapped: Int
        var source: Int
        var copies: Bool
    }
    /// The pieces' starts, mapped starts strictly increasing, the first at 0. Empty for a map that copies
    /// the whole source (no replacement): then nothing is allocated.
    private var starts: [Start] = []
    /// Total lengths, to close the last piece.
    package private(set) var mappedLength: Int = 0
    package private(set) var sourceLength: Int = 0

    /// UTF-16 units of the source (shared with the mapper's buffer, and with the mapped text when nothing
    /// was replaced): the UTF-8 and scalar tables are built from it only when asked for.
    private let sourceUTF16: [UInt16]

    /// Per-unit tables of the source, built on each access (O(n)): callers reporting many offsets in
    /// UTF-8 or scalars take one ``reporter(in:)`` (or these tables) once and keep it.
    package var units: SourceUnits { SourceUnits(utf16: sourceUTF16) }

    /// An identity map over `source`.
    package init(identity source: String) {
        self.init(identityUTF16: Array(source.utf16))
    }

    /// An identity map over a source given as UTF-16 units (shared, not copied).
    init(identityUTF16 source: [UInt16]) {
        sourceUTF16 = source
        mappedLength = source.count
        sourceLength = source.count
    }

    /// A map built by a ``Builder``.
    fileprivate init(builder: Builder, sourceUTF16: [UInt16]) {
        precondition(sourceUTF16.count == builder.sourceLength, "the map does not cover the whole source")
        self.sourceUTF16 = sourceUTF16
        mappedLength = builder.mappedLength
        sourceLength = builder.sourceLength
        // A map of copies alone (or of nothing) is the identity: keep no starts.
        if !(builder.starts.count <= 1 && (builder.starts.first?.copies ?? true)) { starts = builder.starts }
    }

    /// The heap bytes the map holds (see ``MemoryEstimate``); the source's units are not counted when they
    /// are `text`'s own storage (a message mapped to itself).
    package func estimatedBytes(besides text: [UInt16]) -> Int {
        let shared = sourceUTF16.withUnsafeBufferPointer { $0.baseAddress } == text.withUnsafeBufferPointer { $0.baseAddress }
        return MemoryEstimate.array(starts) + (shared ? 0 : MemoryEstimate.array(sourceUTF16))
    }

    /// Number of pieces in `starts` terms: an identity map has one.
    @inline(__always) private var startCount: Int { starts.isEmpty ? 1 : starts.count }
    @inline(__always) private func mappedStart(_ p: Int) -> Int { starts.isEmpty ? 0 : starts[p].mapped }
    @inline(__always) private func sourceStart(_ p: Int) -> Int { starts.isEmpty ? 0 : starts[p].source }
    @inline(__always) private func copies(_ p: Int) -> Bool { starts.isEmpty ? true : starts[p].copies }

    /// The source offset of a mapped offset.
    ///
    /// Inside a copied piece offsets correspond one to one. Inside a replacement, a mapped offset at the
    /// piece's start maps to the start of the replaced source, and any later offset within the piece
    /// maps to the replaced source's end (a placeholder is atomic).
    public func source(_ index: MappedIndex) -> SourceIndex {
        let m = index.utf16
        if starts.isEmpty { return SourceIndex(m) }
        let p = piece(containing: m)
        let offset = m - mappedStart(p)
        if copies(p) { return SourceIndex(sourceStart(p) + offset) }
        if offset == 0 { return SourceIndex(sourceStart(p)) }
        return SourceIndex(p + 1 < startCount ? sourceStart(p + 1) : sourceLength)
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
        if starts.isEmpty { return SourceIndex(m) }
        let p = piece(containing: m - 1)
        if copies(p) { return SourceIndex(sourceStart(p) + m - mappedStart(p)) }
        return SourceIndex(p + 1 < startCount ? sourceStart(p + 1) : sourceLength)
    }

    /// One piece of the map: a stretch of mapped text and the stretch of source it stands for.
    package struct Piece: Sendable, Equatable {
        /// UTF-16 units of the mapped text.
        package var mapped: Range<Int>
        /// UTF-16 units of the source message.
        package var source: Range<Int>
        /// Whether the source is copied unchanged (then both ranges have the same length).
        package var copies: Bool
    }

    /// Every piece in order; together they tile both the mapped text and the source.
    package var pieces: [Piece] {
        var result: [Piece] = []
        result.reserveCapacity(startCount)
        for p in 0..<startCount {
            let mappedEnd = p + 1 < startCount ? mappedStart(p + 1) : mappedLength
            let sourceEnd = p + 1 < startCount ? sourceStart(p + 1) : sourceLength
            let piece = Piece(mapped: mappedStart(p)..<mappedEnd, source: sourceStart(p)..<sourceEnd, copies: copies(p))
            if !piece.mapped.isEmpty || !piece.source.isEmpty { result.append(piece) }
        }
        return result
    }

    /// Number of pieces (copies and replacements).
    package var pieceCount: Int { startCount }

    /// The mapped offset of a source offset; an offset inside a replacement snaps to its start.
    public func mapped(_ index: SourceIndex) -> MappedIndex {
        let s = index.utf16
        if s >= sourceLength { return MappedIndex(mappedLength) }  // the end, even after a final replacement
        if starts.isEmpty { return MappedIndex(s) }
        var lo = 0, hi = starts.count - 1
        while lo < hi {  // last piece whose source start <= s
            let mid = (lo + hi + 1) / 2
            if starts[mid].source <= s { lo = mid } else { hi = mid - 1 }
        }
        let offset = s - starts[lo].source
        if starts[lo].copies { return MappedIndex(starts[lo].mapped + offset) }
        return MappedIndex(starts[lo].mapped)
    }

    /// A source offset expressed in `unit`.
    ///
    /// UTF-16 costs nothing; UTF-8 and scalars count the source's units before `index` (O(index), no
    /// allocation). To report many offsets, take a `reporter(in:)` once.
    public func report(_ index: SourceIndex, in unit: OffsetUnit) -> Int {
        switch unit {
        case .utf16: return index.utf16
        case .utf8, .scalars:
            return sourceUTF16.withUnsafeBufferPointer { SourceUnits.count(index.utf16, of: $0, in: unit) }
        }
    }

    /// Reports source offsets in `unit`, with the source's tables built once (none for UTF-16).
    package func reporter(in unit: OffsetUnit) -> Reporter {
        Reporter(unit: unit, units: unit == .utf16 ? nil : units)
    }

    /// Converts source offsets to one unit: O(1) for UTF-16, a binary search for UTF-8 and scalars.
    package struct Reporter: Sendable {
        /// The unit offsets are reported in.
        package let unit: OffsetUnit
        let units: SourceUnits?

        /// A source offset expressed in ``unit``.
        package func report(_ index: SourceIndex) -> Int {
            guard let units else { return index.utf16 }
            return units.convert(utf16: index.utf16, to: unit)
        }
    }

    /// The last piece whose mapped start is at or before `m` (so empty pieces at `m` are skipped).
    private func piece(containing m: Int) -> Int {
        var lo = 0, hi = starts.count - 1
        while lo < hi {
            let mid = (lo + hi + 1) / 2
            if starts[mid].mapped <= m { lo = mid } else { hi = mid - 1 }
        }
        return lo
    }

    /// Records pieces in order while a mapper walks the source once.
    package struct Builder: Sendable {
        fileprivate var starts: [Start] = []
        fileprivate var mappedLength = 0
        fileprivate var sourceLength = 0

        package init() {}

        /// Source text copied unchanged, `utf16Count` units long.
        package mutating func copy(_ utf16Count: Int) {
            guard utf16Count > 0 else { return }
            if starts.last?.copies != true { open(copy: true) }
            mappedLength += utf16Count
            sourceLength += utf16Count
        }

        /// `sourceCount` source units replaced by `mappedCount` mapped units.
        package mutating func replace(source sourceCount: Int, mapped mappedCount: Int) {
            guard sourceCount > 0 || mappedCount > 0 else { return }
            open(copy: false)
            mappedLength += mappedCount
            sourceLength += sourceCount
        }

        private mutating func open(copy: Bool) {
            if let last = starts.last, last.mapped == mappedLength, last.source == sourceLength {
                starts[starts.count - 1].copies = copy  // the previous piece is empty: take its slot
                return
            }
            if starts.capacity == 0 { starts.reserveCapacity(8) }
            starts.append(Start(mapped: mappedLength, source: sourceLength, copies: copy))
        }

        /// Mapped units recorded so far (the length of the mapped text built alongside).
        package var mappedCount: Int { mappedLength }
        /// Source units consumed so far.
        package var sourceCount: Int { sourceLength }

        /// The finished map over `source`.
        package func build(source: String) -> OffsetMap { OffsetMap(builder: self, sourceUTF16: Array(source.utf16)) }

        /// The finished map over a source given as UTF-16 units.
        package func build(sourceUTF16: some Collection<UInt16>) -> OffsetMap {
            OffsetMap(builder: self, sourceUTF16: Array(sourceUTF16))
        }

        /// The finished map over a source array, kept without a copy.
        func build(sharing source: [UInt16]) -> OffsetMap { OffsetMap(builder: self, sourceUTF16: source) }
    }
}
