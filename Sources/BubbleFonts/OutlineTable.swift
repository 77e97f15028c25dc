internal import CHarfBuzz
#if canImport(Glibc)
import Glibc
#endif

/// A face's large outline table (`CFF `, `CFF2` or `glyf`) inside Bubble's mapping of the font file, and
/// where in it each glyph's outline lies, so that the ink check can hand back just the pages one glyph's
/// outline was read from.
///
/// Why per glyph: reading a page of a file mapping maps the whole aligned block around it that the page
/// cache holds (the kernel's fault-around, 64 KB by default), and `MADV_DONTNEED` over the whole 15 MB
/// table after every new glyph unmapped all of that again, including the index and subroutine pages the
/// next glyph reads too. What a glyph reads besides its own outline (the CharStrings offsets, global and
/// local subroutines, glyf's composite parts) is bounded by the table and goes back every
/// ``FontFace/wholeTableInterval`` glyphs.
struct OutlineTable: @unchecked Sendable {
    /// The whole pages of the table (pages it shares with other tables left out).
    let pages: UnsafeMutableRawPointer
    let length: Int
    /// Where glyph outlines are found, when the table's index could be read.
    private let index: GlyphIndex?

    /// Outline tables smaller than this stay resident: handing back a few pages saves nothing.
    static let releaseThreshold = 256 << 10
    /// The block a page fault maps around the faulting page (Linux's `fault_around_bytes` default), and so
    /// what one glyph's read leaves resident. A kernel with larger blocks leaves more until the whole table
    /// goes back.
    static let faultAroundBytes = 64 << 10

    /// The outline table of `face` inside `mapping`, when it is at least ``releaseThreshold`` long.
    init?(of face: OpaquePointer, in mapping: FontFile.Mapping) {
        let page = Int(sysconf(Int32(_SC_PAGESIZE)))
        guard page > 0 else { return nil }
        for tag: UInt32 in [0x4346_4620, 0x4346_4632, 0x676C_7966] {  // 'CFF ', 'CFF2', 'glyf'
            guard let table = hb_face_reference_table(face, tag) else { continue }
            defer { hb_blob_destroy(table) }
            var count: UInt32 = 0
            guard let data = hb_blob_get_data(table, &count), Int(count) >= OutlineTable.releaseThreshold else { continue }
            let lo = UInt(bitPattern: data), hi = lo + UInt(count)
            let base = UInt(bitPattern: mapping.base)
            guard lo >= base, hi <= base + UInt(mapping.length) else { return nil }  // not in Bubble's mapping
            let start = (lo + UInt(page) - 1) / UInt(page) * UInt(page), end = hi / UInt(page) * UInt(page)
            guard end > start, let pointer = UnsafeMutableRawPointer(bitPattern: start) else { return nil }
            pages = pointer
            length = Int(end - start)
            let bytes = UnsafeRawBufferPointer(start: UnsafeRawPointer(data), count: Int(count))
            switch tag {
            case 0x4346_4620: index = GlyphIndex.charStrings(ofCFF: bytes)
            case 0x676C_7966: index = GlyphIndex.loca(of: face, glyf: bytes, in: base..<base + UInt(mapping.length))
            default: index = nil  // CFF2: the whole table after each glyph
            }
            return
        }
        return nil
    }

    /// `glyph`'s outline bytes, when the table's index says where they are.
    func outline(of glyph: UInt32) -> UnsafeRawBufferPointer? { index?.outline(of: glyph) }

    /// The fault-around blocks that held `glyph`'s outline, inside the table's whole pages; nil when the
    /// glyph's place is unknown (then the whole table is the answer).
    func blocks(of glyph: UInt32) -> (start: UnsafeMutableRawPointer, length: Int)? {
        guard let bytes = outline(of: glyph) else { return nil }
        let block = UInt(OutlineTable.faultAroundBytes)
        let first = UInt(bitPattern: pages), last = first + UInt(length)
        let lo = max(UInt(bitPattern: bytes.baseAddress) / block * block, first)
        let hi = min((UInt(bitPattern: bytes.baseAddress) + UInt(bytes.count) + block - 1) / block * block, last)
        guard hi > lo, let start = UnsafeMutableRawPointer(bitPattern: lo) else { return nil }
        return (start, Int(hi - lo))
    }
}

/// Where each glyph's outline bytes lie: the CharStrings INDEX of a CFF table, or a glyf table's loca.
/// Read from the font's own bytes with every offset checked against the table; an index that does not
/// hold together is no index (nil), and the caller hands the whole table back instead.
struct GlyphIndex {
    private let offsets: UnsafeRawPointer
    private let offsetSize: Int
    /// Glyphs the index covers (it has one offset more).
    private let count: Int
    /// What offsets are counted from, and the bytes an outline must lie in.
    private let data: UnsafeRawBufferPointer
    /// What to subtract from an offset (1: CFF counts from the byte before `data`) and multiply it by
    /// first (2: loca's short offsets are stored halved).
    private let bias: Int, scale: Int

    /// The outline bytes of `glyph`, or nil past the index or for an offset outside the table.
    func outline(of glyph: UInt32) -> UnsafeRawBufferPointer? {
        let g = Int(glyph)
        guard g < count else { return nil }
        let a = GlyphIndex.read(offsets + g * offsetSize, offsetSize) * scale - bias
        let b = GlyphIndex.read(offsets + (g + 1) * offsetSize, offsetSize) * scale - bias
        guard a >= 0, a <= b, b <= data.count, let base = data.baseAddress else { return nil }
        return UnsafeRawBufferPointer(start: base + a, count: b - a)
    }

    private static func read(_ p: UnsafeRawPointer, _ size: Int) -> Int {
        var v = 0
        for i in 0..<size { v = v << 8 | Int(p.load(fromByteOffset: i, as: UInt8.self)) }
        return v
    }

    /// A CFF table's CharStrings INDEX, found through its Top DICT's CharStrings operator (17).
    static func charStrings(ofCFF cff: UnsafeRawBufferPointer) -> GlyphIndex? {
        guard cff.count >= 4 else { return nil }
        var at = Int(cff[2])  // the header's size
        guard cffIndex(cff, at: &at) != nil,  // the Name INDEX
              let tops = cffIndex(cff, at: &at), tops.count >= 1,
              let top = tops.item(0, in: cff), let charStrings = dictOperand(17, in: top), charStrings > 0 else { return nil }
        var cs = charStrings
        guard let index = cffIndex(cff, at: &cs), index.count > 0 else { return nil }
        let dataStart = index.offsets + (index.count + 1) * index.offsetSize
        guard let base = cff.baseAddress else { return nil }
        return GlyphIndex(offsets: base + index.offsets, offsetSize: index.offsetSize, count: index.count,
                          data: UnsafeRawBufferPointer(rebasing: cff[dataStart...]), bias: 1, scale: 1)
    }

    /// A glyf table's loca (short offsets count in 2-byte words, as `head.indexToLocFormat` 0 says), when
    /// it lies in `mapping` (the file's bytes, which outlive the blob read here; a table HarfBuzz copied
    /// to mend it would not).
    static func loca(of face: OpaquePointer, glyf: UnsafeRawBufferPointer, in mapping: Range<UInt>) -> GlyphIndex? {
        guard let head = hb_face_reference_table(face, 0x6865_6164), let loca = hb_face_reference_table(face, 0x6C6F_6361)
        else { return nil }
        defer { hb_blob_destroy(head); hb_blob_destroy(loca) }
        var headLength: UInt32 = 0, locaLength: UInt32 = 0
        guard let h = hb_blob_get_data(head, &headLength), headLength >= 54,
              let l = hb_blob_get_data(loca, &locaLength),
              mapping.contains(UInt(bitPattern: l)), UInt(bitPattern: l) + UInt(locaLength) <= mapping.upperBound else { return nil }
        let long = UnsafeRawPointer(h).load(fromByteOffset: 51, as: UInt8.self) != 0
        let size = long ? 4 : 2
        let count = Int(locaLength) / size - 1
        guard count > 0 else { return nil }
        return GlyphIndex(offsets: UnsafeRawPointer(l), offsetSize: size, count: count, data: glyf, bias: 0, scale: long ? 1 : 2)
    }

    /// A CFF INDEX at `at` (moved past it): its count, offset size and where its offsets start.
    private struct CFFIndex {
        let count: Int, offsetSize: Int, offsets: Int

        /// Item `i`'s bytes.
        func item(_ i: Int, in cff: UnsafeRawBufferPointer) -> UnsafeRawBufferPointer? {
            let dataStart = offsets + (count + 1) * offsetSize - 1
            let a = dataStart + GlyphIndex.offset(cff, offsets + i * offsetSize, offsetSize)
            let b = dataStart + GlyphIndex.offset(cff, offsets + (i + 1) * offsetSize, offsetSize)
            guard a > dataStart, a <= b, b <= cff.count else { return nil }
            return UnsafeRawBufferPointer(rebasing: cff[a..<b])
        }
    }

    private static func offset(_ cff: UnsafeRawBufferPointer, _ at: Int, _ size: Int) -> Int {
        var v = 0
        for i in 0..<size { v = v << 8 | Int(cff[at + i]) }
        return v
    }

    private static func cffIndex(_ cff: UnsafeRawBufferPointer, at: inout Int) -> CFFIndex? {
        guard at >= 0, at + 2 <= cff.count else { return nil }
        let count = Int(cff[at]) << 8 | Int(cff[at + 1])
        if count == 0 {
            at += 2
            return CFFIndex(count: 0, offsetSize: 1, offsets: at)
        }
        guard at + 3 <= cff.count else { return nil }
        let size = Int(cff[at + 2])
        let offsets = at + 3
        guard (1...4).contains(size), offsets + (count + 1) * size <= cff.count else { return nil }
        let end = offsets + (count + 1) * size - 1 + offset(cff, offsets + count * size, size)
        guard end <= cff.count else { return nil }
        at = end
        return CFFIndex(count: count, offsetSize: size, offsets: offsets)
    }

    /// The last integer operand before `op` in a CFF DICT, or nil.
    private static func dictOperand(_ op: UInt8, in dict: UnsafeRawBufferPointer) -> Int? {
        var operand: Int?
        var i = 0
        while i < dict.count {
            let b = dict[i]
            switch b {
            case 0...21:
                if b == op { return operand }
                i += b == 12 ? 2 : 1
                operand = nil
            case 28:
                guard i + 3 <= dict.count else { return nil }
                operand = Int(Int16(bitPattern: UInt16(dict[i + 1]) << 8 | UInt16(dict[i + 2])))
                i += 3
            case 29:
                guard i + 5 <= dict.count else { return nil }
                operand = Int(Int32(bitPattern: UInt32(dict[i + 1]) << 24 | UInt32(dict[i + 2]) << 16 | UInt32(dict[i + 3]) << 8 | UInt32(dict[i + 4])))
                i += 5
            case 30:  // a real number, nibbles up to an 0xF
                i += 1
                while i < dict.count {
                    let n = dict[i]
                    i += 1
                    if n & 0x0F == 0x0F || n >> 4 == 0x0F { break }
                }
                operand = nil
            case 32...246:
                operand = Int(b) - 139
                i += 1
            case 247...250:
                guard i + 2 <= dict.count else { return nil }
                operand = (Int(b) - 247) * 256 + Int(dict[i + 1]) + 108
                i += 2
            case 251...254:
                guard i + 2 <= dict.count else { return nil }
                operand = -(Int(b) - 251) * 256 - Int(dict[i + 1]) - 108
                i += 2
            default:
                i += 1
            }
        }
        return nil
    }
}
