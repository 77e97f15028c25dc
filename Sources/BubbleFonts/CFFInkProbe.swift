internal import CHarfBuzz
import BubbleLock
#if canImport(Glibc)
import Glibc
#endif

/// How far a CFF glyph's outline reaches up and down, read with `pread` from the font file rather than
/// through a memory mapping: what lets ``FontFace/isTall(_:)`` settle most new glyphs of a CJK face without
/// mapping a page of its 15 MB of charstrings.
///
/// Why: HarfBuzz measures ink through Bubble's mapping of the file, and each page it touches stays resident
/// (with the 64 KB block the kernel maps around it) until it is handed back: a page fault and an `madvise`
/// per new glyph, most of what a cold pass costs beyond its instructions. A `pread` copies the few hundred
/// bytes a glyph needs from the page cache and maps nothing. FreeType opened over a stream would do the same
/// but copies every subroutine into its heap when it opens the face (2.4 MB for Noto Sans CJK); here only
/// the subroutines glyphs call are kept, up to ``subroutineBytes``.
///
/// The probe runs a Type 2 charstring (CFF 1, hinting skipped) and keeps the lowest and highest y of every
/// point of a drawn path, on-curve or control, the path's start included (at the origin when a charstring
/// draws before any moveto): the points HarfBuzz bounds its extents by. A charstring it does not follow
/// (arithmetic operators, `seac`, a malformed one) gives nil, and HarfBuzz measures.
package final class CFFInkProbe: @unchecked Sendable {
    /// Bytes of subroutines kept between glyphs, each counted with ``entryBytes`` more for its place in the
    /// table of kept ones (emptied when full): CJK glyphs share most of theirs. Back to back in one buffer
    /// rather than an array each: a subroutine is some 30 bytes, and an array's header and allocation would
    /// triple its cost.
    static let subroutineBytes = 256 << 10
    /// What a kept subroutine's entry in the table costs beside its bytes (key, range, the table's slack).
    static let entryBytes = 48
    /// Bytes of INDEX offset arrays kept in memory: the CharStrings INDEX's, read when the probe opens, and
    /// each subroutine INDEX's, read the first time one of its subroutines is called. A glyph or subroutine
    /// then costs one `pread` (its bytes) rather than two, most of a cold pass's reads (Noto Sans CJK's
    /// CharStrings offsets are 192 KB). An INDEX whose array would pass the budget is read an item at a time.
    static let offsetBytes = 512 << 10
    /// Subroutine calls nested at most (the CFF limit).
    static let maxDepth = 10
    /// Operands on the stack at most (the Type 2 limit).
    static let maxStack = 48
    /// Operators one glyph may run, subroutines included: a charstring of a hostile font calling a
    /// subroutine that calls another thousands of times over ten levels would otherwise run for ever.
    static let maxOperators = 20_000

    /// An INDEX of the table: `count` items whose `offsetSize`-byte offsets start at `offsets` and count
    /// from the byte before `data` (table offsets).
    fileprivate struct Index {
        let count: Int, offsetSize: Int, offsets: Int, data: Int
        /// The subroutine number bias (Type 2: by the INDEX's size).
        var bias: Int { count < 1240 ? 107 : count < 33900 ? 1131 : 32768 }
    }

    /// Which Font DICT (and so which local subroutines) each glyph uses, as ranges of glyphs: `first[k]`
    /// starts a range using Font DICT `fd[k]`, the last ending at `sentinel`. A struct of plain arrays, not
    /// an enum with an array in each case: Swift keeps such an enum's case in spare bits of the array's
    /// pointer, where LeakSanitizer no longer sees a pointer and reports the array leaked.
    private struct FDSelect {
        let first: [Int], fd: [Int], sentinel: Int

        /// One Font DICT for every glyph (a font that is not CID-keyed).
        static func single(_ glyphs: Int) -> FDSelect { FDSelect(first: [0], fd: [0], sentinel: glyphs) }

        /// Format 0's one byte a glyph, as ranges of equal bytes.
        static func perGlyph(_ fds: [UInt8]) -> FDSelect {
            var first: [Int] = [], fd: [Int] = []
            for (g, f) in fds.enumerated() where fd.last != Int(f) || first.isEmpty {
                first.append(g)
                fd.append(Int(f))
            }
            return FDSelect(first: first, fd: fd, sentinel: fds.count)
        }

        func fd(of glyph: Int) -> Int? {
            guard glyph < sentinel, let f = first.first, glyph >= f else { return nil }
            var lo = 0, hi = first.count
            while hi - lo > 1 {
                let mid = (lo + hi) / 2
                if first[mid] <= glyph { lo = mid } else { hi = mid }
            }
            return fd[lo]
        }
    }

    private let fd: Int32
    /// Where the table starts in the file, and its length.
    private let start: Int, length: Int
    private let charStrings: Index
    /// The CharStrings INDEX's offsets, as the file has them (empty when over ``offsetBytes``).
    private let charStringOffsets: [UInt8]
    private let globalSubrs: Index
    /// Per Font DICT, its local subroutines (nil when it has none).
    private let localSubrs: [Index?]
    private let fdSelect: FDSelect
    private let lock = Lock()
    /// Subroutines read so far, back to back (under `lock`), and where each lies in it by (Font DICT + 1,
    /// or 0 for a global one) << 32 | number.
    private var kept: [UInt8] = []
    private var keptRanges: [Int: Range<Int>] = [:]
    private var keptBytes = 0
    /// Offset arrays of the subroutine INDEXes read so far (under `lock`), by Font DICT + 1 (0: the global
    /// one); an empty array for one over the budget. With ``charStringOffsets``, `offsetBytesKept` bytes.
    private var subroutineOffsets: [Int: [UInt8]] = [:]
    private var offsetBytesKept = 0

    /// The probe of the `CFF ` table at `start` (`length` bytes) of the file at `path`; nil when the file
    /// cannot be opened or the table's structure does not hold together.
    package init?(path: String, tableStart: Int, tableLength: Int) {
        fd = open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { return nil }
        start = tableStart
        length = tableLength
        guard let parsed = CFFInkProbe.parse(fd: fd, start: tableStart, length: tableLength) else {
            close(fd)
            return nil
        }
        (charStrings, globalSubrs, localSubrs, fdSelect) = parsed
        charStringOffsets = CFFInkProbe.offsets(of: charStrings, budget: CFFInkProbe.offsetBytes, fd: fd, start: start, length: length)
        offsetBytesKept = charStringOffsets.count
    }

    deinit { close(fd) }

    /// Glyphs in the table (its CharStrings INDEX).
    package var glyphCount: Int { charStrings.count }

    /// The lowest and highest y any point of `glyph`'s outline reaches, design units (y up); (0, 0) for a
    /// glyph that draws nothing; nil when the probe cannot follow its charstring.
    package func verticalExtent(of glyph: UInt32) -> (low: Double, high: Double)? {
        let g = Int(glyph)
        guard g < charStrings.count, let fdIndex = fdSelect.fd(of: g), fdIndex < localSubrs.count,
              let code = CFFInkProbe.item(g, of: charStrings, offsets: charStringOffsets, fd: fd, start: start, length: length)
        else { return nil }
        var run = Charstring(local: localSubrs[fdIndex], fdIndex: fdIndex)
        return lock.withLock { () -> (low: Double, high: Double)? in
            guard run.execute(code, probe: self, depth: 0) != .failed else { return nil }
            return run.seen ? (run.low, run.high) : (0, 0)
        }
    }

    /// Subroutine `number` (biased already) of `index`: from the kept ones, else read and kept. Under `lock`.
    fileprivate func subroutine(_ number: Int, of index: Index, fdIndex: Int) -> [UInt8]? {
        guard number >= 0, number < index.count else { return nil }
        let key = (fdIndex + 1) << 32 | number
        if let known = keptRanges[key] { return Array(kept[known]) }
        let offsets: [UInt8]
        if let read = subroutineOffsets[fdIndex + 1] {
            offsets = read
        } else {
            offsets = CFFInkProbe.offsets(of: index, budget: CFFInkProbe.offsetBytes - offsetBytesKept, fd: fd, start: start, length: length)
            subroutineOffsets[fdIndex + 1] = offsets
            offsetBytesKept += offsets.count
        }
        guard let code = CFFInkProbe.item(number, of: index, offsets: offsets, fd: fd, start: start, length: length) else { return nil }
        let cost = code.count + CFFInkProbe.entryBytes
        if keptBytes + cost > CFFInkProbe.subroutineBytes {
            kept.removeAll(keepingCapacity: true)
            keptRanges.removeAll(keepingCapacity: true)
            keptBytes = 0
        }
        if cost <= CFFInkProbe.subroutineBytes {
            keptRanges[key] = kept.count..<kept.count + code.count
            kept.append(contentsOf: code)
            keptBytes += cost
        }
        return code
    }

    fileprivate func globalSubroutine(_ operand: Double) -> [UInt8]? {
        guard let number = Int(exactly: operand) else { return nil }
        return subroutine(number + globalSubrs.bias, of: globalSubrs, fdIndex: -1)
    }

    fileprivate func localSubroutine(_ operand: Double, _ local: Index?, fdIndex: Int) -> [UInt8]? {
        guard let local, let number = Int(exactly: operand) else { return nil }
        return subroutine(number + local.bias, of: local, fdIndex: fdIndex)
    }

    /// Where `face`'s `CFF ` table lies in the file Bubble mapped at `mapping` (HarfBuzz's blob of a table
    /// points into that mapping), when the face has one.
    static func table(of face: OpaquePointer, in mapping: FontFile.Mapping) -> (start: Int, length: Int)? {
        guard let table = hb_face_reference_table(face, 0x4346_4620) else { return nil }
        defer { hb_blob_destroy(table) }
        var count: UInt32 = 0
        guard let data = hb_blob_get_data(table, &count), count > 0 else { return nil }
        let at = UInt(bitPattern: data), base = UInt(bitPattern: mapping.base)
        guard at >= base, at + UInt(count) <= base + UInt(mapping.length) else { return nil }
        return (Int(at - base), Int(count))
    }

    // MARK: Reading the table

    /// `count` bytes at `offset` of the table, or nil past its end or on a short read.
    private static func bytes(_ offset: Int, _ count: Int, fd: Int32, start: Int, length: Int) -> [UInt8]? {
        guard offset >= 0, count >= 0, offset + count <= length else { return nil }
        if count == 0 { return [] }
        var out = [UInt8](repeating: 0, count: count)
        let got = out.withUnsafeMutableBytes { buffer -> Int in
            var done = 0
            while done < count {
                let n = pread(fd, buffer.baseAddress! + done, count - done, off_t(start + offset + done))
                if n > 0 { done += n } else if n < 0 && errno == EINTR { continue } else { break }
            }
            return done
        }
        return got == count ? out : nil
    }

    private static func number(_ bytes: [UInt8], _ at: Int, _ size: Int) -> Int {
        var v = 0
        for i in 0..<size { v = v << 8 | Int(bytes[at + i]) }
        return v
    }

    /// The INDEX at `at` and the offset just past it.
    private static func index(at: Int, fd: Int32, start: Int, length: Int) -> (Index, end: Int)? {
        guard let head = bytes(at, 2, fd: fd, start: start, length: length) else { return nil }
        let count = number(head, 0, 2)
        if count == 0 { return (Index(count: 0, offsetSize: 1, offsets: at + 2, data: at + 2), at + 2) }
        guard let size = bytes(at + 2, 1, fd: fd, start: start, length: length)?[0], (1...4).contains(size) else { return nil }
        let offsetSize = Int(size), offsets = at + 3
        let data = offsets + (count + 1) * offsetSize - 1
        guard let last = bytes(offsets + count * offsetSize, offsetSize, fd: fd, start: start, length: length) else { return nil }
        let end = data + number(last, 0, offsetSize)
        guard end <= length else { return nil }
        return (Index(count: count, offsetSize: offsetSize, offsets: offsets, data: data), end)
    }

    /// The offset array of `index` (its `count + 1` offsets as the file has them), or an empty array when it
    /// would take more than `budget` bytes or cannot be read: then ``item(_:of:offsets:fd:start:length:)``
    /// reads an item's offsets with it.
    private static func offsets(of index: Index, budget: Int, fd: Int32, start: Int, length: Int) -> [UInt8] {
        let count = (index.count + 1) * index.offsetSize
        guard index.count > 0, count <= budget else { return [] }
        return bytes(index.offsets, count, fd: fd, start: start, length: length) ?? []
    }

    /// Item `i` of `index`, read: its two offsets from `offsets` (the INDEX's array, read before), or when that
    /// is empty into a stack buffer (no array for them).
    private static func item(_ i: Int, of index: Index, offsets: [UInt8] = [], fd: Int32, start: Int, length: Int) -> [UInt8]? {
        let size = index.offsetSize, at = index.offsets + i * size
        guard i >= 0, i < index.count, at + 2 * size <= length else { return nil }
        let a: Int, b: Int
        if offsets.count >= (i + 2) * size {
            a = number(offsets, i * size, size)
            b = number(offsets, (i + 1) * size, size)
        } else {
            var pair: UInt64 = 0
            let got = withUnsafeMutableBytes(of: &pair) { pread(fd, $0.baseAddress!, 2 * size, off_t(start + at)) }
            guard got == 2 * size else { return nil }
            a = withUnsafeBytes(of: &pair) { raw in (0..<size).reduce(0) { $0 << 8 | Int(raw[$1]) } }
            b = withUnsafeBytes(of: &pair) { raw in (size..<2 * size).reduce(0) { $0 << 8 | Int(raw[$1]) } }
        }
        guard a >= 1, a <= b, b - a <= 1 << 16 else { return nil }
        return bytes(index.data + a, b - a, fd: fd, start: start, length: length)
    }

    /// A DICT's operators (12 x as 1200 + x) and their operands.
    private static func dict(_ d: [UInt8]) -> [Int: [Double]] {
        var out: [Int: [Double]] = [:]
        var operands: [Double] = []
        var i = 0
        while i < d.count {
            let b = Int(d[i])
            switch b {
            case 0...21:
                if b == 12 {
                    guard i + 1 < d.count else { return out }
                    out[1200 + Int(d[i + 1])] = operands
                    i += 2
                } else {
                    out[b] = operands
                    i += 1
                }
                operands.removeAll()
            case 28:
                guard i + 3 <= d.count else { return out }
                operands.append(Double(Int16(bitPattern: UInt16(d[i + 1]) << 8 | UInt16(d[i + 2]))))
                i += 3
            case 29:
                guard i + 5 <= d.count else { return out }
                operands.append(Double(Int32(bitPattern: UInt32(number(d, i + 1, 4)))))
                i += 5
            case 30:  // a real: its value is not needed here (FontMatrix, BlueScale), only its place
                i += 1
                while i < d.count {
                    let n = d[i]
                    i += 1
                    if n & 0x0F == 0x0F || n >> 4 == 0x0F { break }
                }
                operands.append(.nan)
            case 32...246:
                operands.append(Double(b - 139))
                i += 1
            case 247...250:
                guard i + 2 <= d.count else { return out }
                operands.append(Double((b - 247) * 256 + Int(d[i + 1]) + 108))
                i += 2
            case 251...254:
                guard i + 2 <= d.count else { return out }
                operands.append(Double(-(b - 251) * 256 - Int(d[i + 1]) - 108))
                i += 2
            default:
                i += 1
            }
        }
        return out
    }

    /// The local subroutines a Private DICT at `(size, offset)` names, or nil when it names none.
    private static func localSubrs(private entry: [Double]?, fd: Int32, start: Int, length: Int) -> Index?? {
        guard let entry, entry.count == 2, let size = Int(exactly: entry[0]), let offset = Int(exactly: entry[1]),
              size >= 0, offset > 0 else { return .some(nil) }
        guard let bytes = bytes(offset, size, fd: fd, start: start, length: length) else { return nil }
        guard let subrs = dict(bytes)[19]?.last, let relative = Int(exactly: subrs), relative > 0 else { return .some(nil) }
        guard let (index, _) = index(at: offset + relative, fd: fd, start: start, length: length) else { return nil }
        return .some(index)
    }

    private static func parse(fd: Int32, start: Int, length: Int)
        -> (charStrings: Index, globalSubrs: Index, localSubrs: [Index?], fdSelect: FDSelect)? {
        guard let header = bytes(0, 4, fd: fd, start: start, length: length), header[0] == 1,
              let (_, afterNames) = index(at: Int(header[2]), fd: fd, start: start, length: length),
              let (tops, afterTops) = index(at: afterNames, fd: fd, start: start, length: length), tops.count >= 1,
              let topBytes = item(0, of: tops, fd: fd, start: start, length: length),
              let (_, afterStrings) = index(at: afterTops, fd: fd, start: start, length: length),
              let (globalSubrs, _) = index(at: afterStrings, fd: fd, start: start, length: length) else { return nil }
        let top = dict(topBytes)
        // Type 2 charstrings only (the default), no synthetic or multiple-master font.
        if let type = top[1206]?.last, type != 2 { return nil }
        guard top[1220] == nil, top[1224] == nil,
              let csOffset = top[17]?.last.flatMap({ Int(exactly: $0) }),
              let (charStrings, _) = index(at: csOffset, fd: fd, start: start, length: length), charStrings.count > 0
        else { return nil }
        guard top[1230] != nil else {  // not CID-keyed: one Private DICT
            guard let local = localSubrs(private: top[18], fd: fd, start: start, length: length) else { return nil }
            return (charStrings, globalSubrs, [local], .single(charStrings.count))
        }
        guard let fdArrayOffset = top[1236]?.last.flatMap({ Int(exactly: $0) }),
              let fdSelectOffset = top[1237]?.last.flatMap({ Int(exactly: $0) }),
              let (fdArray, _) = index(at: fdArrayOffset, fd: fd, start: start, length: length),
              fdArray.count > 0, fdArray.count <= 256 else { return nil }
        var locals: [Index?] = []
        for k in 0..<fdArray.count {
            guard let fontDict = item(k, of: fdArray, fd: fd, start: start, length: length),
                  let local = localSubrs(private: dict(fontDict)[18], fd: fd, start: start, length: length) else { return nil }
            locals.append(local)
        }
        guard let format = bytes(fdSelectOffset, 1, fd: fd, start: start, length: length)?[0] else { return nil }
        let select: FDSelect
        switch format {
        case 0:
            guard let fds = bytes(fdSelectOffset + 1, charStrings.count, fd: fd, start: start, length: length) else { return nil }
            select = .perGlyph(fds)
        case 3:
            guard let n = bytes(fdSelectOffset + 1, 2, fd: fd, start: start, length: length).map({ number($0, 0, 2) }), n > 0,
                  let table = bytes(fdSelectOffset + 3, 3 * n + 2, fd: fd, start: start, length: length) else { return nil }
            var first: [Int] = [], fds: [Int] = []
            for r in 0..<n {
                first.append(number(table, 3 * r, 2))
                fds.append(Int(table[3 * r + 2]))
            }
            select = FDSelect(first: first, fd: fds, sentinel: number(table, 3 * n, 2))
        default:
            return nil
        }
        return (charStrings, globalSubrs, locals, select)
    }

    // MARK: Running a charstring

    /// One glyph's charstring run: the pen, the stems counted (a hint mask's length), the y range.
    private struct Charstring {
        let local: Index?
        let fdIndex: Int
        var stack: [Double] = []
        var x = 0.0, y = 0.0
        var low = 0.0, high = 0.0
        var seen = false
        /// Whether a path is being drawn: a moveto ends it, and the next drawing operator starts one where the
        /// pen is (at the origin, when no moveto came first), as HarfBuzz counts a path's points.
        var drawing = false
        var stems = 0
        /// Whether the first stack-clearing operator, which may carry the advance width first, has come.
        var widthDone = false
        /// Operators left to run (``CFFInkProbe/maxOperators``).
        var operatorsLeft = CFFInkProbe.maxOperators

        init(local: Index?, fdIndex: Int) {
            self.local = local
            self.fdIndex = fdIndex
            stack.reserveCapacity(CFFInkProbe.maxStack)
        }

        enum Outcome { case returned, ended, failed }

        /// A point of a drawn path `(dx, dy)` from the pen, the path's start counted first when it starts here.
        mutating func point(_ dx: Double, _ dy: Double) {
            if !drawing {
                drawing = true
                include(y)
            }
            x += dx
            y += dy
            include(y)
        }

        /// A moveto: the pen moves, nothing is drawn (a moveto no drawing follows leaves no ink).
        mutating func move(_ dx: Double, _ dy: Double) {
            x += dx
            y += dy
            drawing = false
        }

        mutating func include(_ y: Double) {
            if !seen {
                low = y
                high = y
                seen = true
            } else {
                low = min(low, y)
                high = max(high, y)
            }
        }

        /// Drops the advance width the first stack-clearing operator may carry: when the stack holds
        /// more than `expected` operands (`pairs`: any even count).
        mutating func dropWidth(expected: Int?, pairs: Bool = false) {
            guard !widthDone else { return }
            widthDone = true
            let extra = pairs ? stack.count % 2 == 1 : stack.count > (expected ?? 0)
            if extra && !stack.isEmpty { stack.removeFirst() }
        }

        mutating func execute(_ code: [UInt8], probe: CFFInkProbe, depth: Int) -> Outcome {
            guard depth <= CFFInkProbe.maxDepth else { return .failed }
            var i = 0
            while i < code.count {
                let b = Int(code[i])
                if b >= 32 || b == 28 || b == 255 {  // an operand
                    let value: Double
                    switch b {
                    case 28:
                        guard i + 3 <= code.count else { return .failed }
                        value = Double(Int16(bitPattern: UInt16(code[i + 1]) << 8 | UInt16(code[i + 2])))
                        i += 3
                    case 255:
                        guard i + 5 <= code.count else { return .failed }
                        let raw = Int32(bitPattern: UInt32(code[i + 1]) << 24 | UInt32(code[i + 2]) << 16
                                        | UInt32(code[i + 3]) << 8 | UInt32(code[i + 4]))
                        value = Double(raw) / 65536
                        i += 5
                    case 32...246:
                        value = Double(b - 139)
                        i += 1
                    case 247...250:
                        guard i + 2 <= code.count else { return .failed }
                        value = Double((b - 247) * 256 + Int(code[i + 1]) + 108)
                        i += 2
                    default:  // 251...254
                        guard i + 2 <= code.count else { return .failed }
                        value = Double(-(b - 251) * 256 - Int(code[i + 1]) - 108)
                        i += 2
                    }
                    guard stack.count < CFFInkProbe.maxStack else { return .failed }
                    stack.append(value)
                    continue
                }
                i += 1
                operatorsLeft -= 1
                guard operatorsLeft >= 0 else { return .failed }
                let s = stack, n = s.count
                switch b {
                case 1, 3, 18, 23:  // hstem, vstem, hstemhm, vstemhm
                    dropWidth(expected: nil, pairs: true)
                    stems += stack.count / 2
                case 19, 20:  // hintmask, cntrmask: stems given here are vstems; then the mask's bytes
                    dropWidth(expected: nil, pairs: true)
                    stems += stack.count / 2
                    i += (stems + 7) / 8
                case 21:  // rmoveto
                    dropWidth(expected: 2)
                    guard stack.count == 2 else { return .failed }
                    move(stack[0], stack[1])
                case 22:  // hmoveto
                    dropWidth(expected: 1)
                    guard stack.count == 1 else { return .failed }
                    move(stack[0], 0)
                case 4:  // vmoveto
                    dropWidth(expected: 1)
                    guard stack.count == 1 else { return .failed }
                    move(0, stack[0])
                case 5:  // rlineto
                    guard n >= 2, n % 2 == 0 else { return .failed }
                    for k in stride(from: 0, to: n, by: 2) { point(s[k], s[k + 1]) }
                case 6, 7:  // hlineto, vlineto: alternating
                    guard n >= 1 else { return .failed }
                    var horizontal = b == 6
                    for k in 0..<n {
                        if horizontal { point(s[k], 0) } else { point(0, s[k]) }
                        horizontal.toggle()
                    }
                case 8:  // rrcurveto
                    guard n >= 6, n % 6 == 0 else { return .failed }
                    for k in stride(from: 0, to: n, by: 6) { curve(s, k) }
                case 24:  // rcurveline
                    guard n >= 8, (n - 2) % 6 == 0 else { return .failed }
                    for k in stride(from: 0, to: n - 2, by: 6) { curve(s, k) }
                    point(s[n - 2], s[n - 1])
                case 25:  // rlinecurve
                    guard n >= 8, (n - 6) % 2 == 0 else { return .failed }
                    for k in stride(from: 0, to: n - 6, by: 2) { point(s[k], s[k + 1]) }
                    curve(s, n - 6)
                case 26:  // vvcurveto: dx1? {dya dxb dyb dyc}+
                    guard n >= 4, n % 4 <= 1 else { return .failed }
                    var k = n % 4, dx = k == 1 ? s[0] : 0
                    while k < n {
                        point(dx, s[k]); point(s[k + 1], s[k + 2]); point(0, s[k + 3])
                        dx = 0
                        k += 4
                    }
                case 27:  // hhcurveto: dy1? {dxa dxb dyb dxc}+
                    guard n >= 4, n % 4 <= 1 else { return .failed }
                    var k = n % 4, dy = k == 1 ? s[0] : 0
                    while k < n {
                        point(s[k], dy); point(s[k + 1], s[k + 2]); point(s[k + 3], 0)
                        dy = 0
                        k += 4
                    }
                case 30, 31:  // vhcurveto, hvcurveto: alternating, the last with an extra final delta
                    guard n >= 4, n % 4 <= 1 else { return .failed }
                    var vertical = b == 30
                    var k = 0
                    while k + 4 <= n {
                        let last = n - k == 5 ? s[k + 4] : 0
                        if vertical {
                            point(0, s[k]); point(s[k + 1], s[k + 2]); point(s[k + 3], last)
                        } else {
                            point(s[k], 0); point(s[k + 1], s[k + 2]); point(last, s[k + 3])
                        }
                        vertical.toggle()
                        k += 4
                    }
                case 10, 29:  // callsubr, callgsubr
                    guard let operand = stack.popLast() else { return .failed }
                    let sub = b == 10 ? probe.localSubroutine(operand, local, fdIndex: fdIndex) : probe.globalSubroutine(operand)
                    guard let sub else { return .failed }
                    switch execute(sub, probe: probe, depth: depth + 1) {
                    case .failed: return .failed
                    case .ended: return .ended
                    case .returned: continue  // the stack carries on
                    }
                case 11:  // return
                    return .returned
                case 14:  // endchar; four operands more would be `seac` (an accented glyph of two others)
                    dropWidth(expected: 0)
                    return stack.isEmpty ? .ended : .failed
                case 12:
                    guard i < code.count else { return .failed }
                    let e = Int(code[i])
                    i += 1
                    switch e {
                    case 35:  // flex
                        guard n == 13 else { return .failed }
                        curve(s, 0); curve(s, 6)
                    case 34:  // hflex: dx1 dx2 dy2 dx3 dx4 dx5 dx6
                        guard n == 7 else { return .failed }
                        let y0 = y
                        point(s[0], 0); point(s[1], s[2]); point(s[3], 0)
                        point(s[4], 0); point(s[5], y0 - y); point(s[6], 0)
                    case 36:  // hflex1: dx1 dy1 dx2 dy2 dx3 dx4 dx5 dy5 dx6
                        guard n == 9 else { return .failed }
                        let y0 = y
                        point(s[0], s[1]); point(s[2], s[3]); point(s[4], 0)
                        point(s[5], 0); point(s[6], s[7]); point(s[8], y0 - y)
                    case 37:  // flex1: five pairs and d6, along the longer of the summed deltas
                        guard n == 11 else { return .failed }
                        let x0 = x, y0 = y
                        for k in stride(from: 0, to: 10, by: 2) { point(s[k], s[k + 1]) }
                        if abs(x - x0) > abs(y - y0) { point(s[10], y0 - y) } else { point(x0 - x, s[10]) }
                    default:  // arithmetic and storage operators (deprecated), or reserved: not followed
                        return .failed
                    }
                default:  // reserved, or CFF2's blend and vsindex
                    return .failed
                }
                stack.removeAll(keepingCapacity: true)
            }
            return .returned
        }

        /// A curve of six deltas from `s[k]`: two control points, then its end.
        mutating func curve(_ s: [Double], _ k: Int) {
            point(s[k], s[k + 1])
            point(s[k + 2], s[k + 3])
            point(s[k + 4], s[k + 5])
        }
    }
}
