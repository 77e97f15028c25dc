internal import CHarfBuzz
#if canImport(Glibc)
import Glibc
#endif

/// A font file as HarfBuzz reads it: mapped by Bubble, read-only and private, so a face knows where its
/// outline table lies in memory and can hand that table's pages back to the kernel (see
/// ``FontFace/releaseOutlinePages()``). HarfBuzz's own `hb_blob_create_from_file` maps the file the same
/// way but may instead read it into the heap, where handing pages back would lose them.
package enum FontFile {
    /// Bubble's mapping of a file.
    package struct Mapping: @unchecked Sendable {
        package var base: UnsafeMutableRawPointer
        package var length: Int
    }

    /// The blob of the file at `path` and Bubble's mapping under it; nil mapping when the file could not
    /// be mapped here and HarfBuzz read it its own way; nil when neither could read it.
    static func blob(_ path: String) -> (blob: OpaquePointer, mapping: Mapping?)? {
        if let mapped = map(path) { return mapped }
        return hb_blob_create_from_file_or_fail(path).map { ($0, nil) }
    }

    private static func map(_ path: String) -> (blob: OpaquePointer, mapping: Mapping?)? {
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { return nil }
        defer { close(fd) }
        var info = stat()
        guard fstat(fd, &info) == 0, info.st_mode & S_IFMT == S_IFREG, info.st_size > 0,
              info.st_size <= off_t(UInt32.max) else { return nil }
        let length = Int(info.st_size)
        guard let base = mmap(nil, length, PROT_READ, MAP_PRIVATE, fd, 0),
              base != UnsafeMutableRawPointer(bitPattern: -1) else { return nil }
        let owner = UnsafeMutablePointer<Mapping>.allocate(capacity: 1)
        owner.initialize(to: Mapping(base: base, length: length))
        // HarfBuzz calls `unmap` when the last reference to the blob (and its sub-blobs) goes.
        guard let blob = hb_blob_create(base.assumingMemoryBound(to: CChar.self), UInt32(length), HB_MEMORY_MODE_READONLY,
                                        owner, unmap) else { return nil }
        return (blob, Mapping(base: base, length: length))
    }

    private static let unmap: hb_destroy_func_t = { raw in
        guard let owner = raw?.assumingMemoryBound(to: Mapping.self) else { return }
        munmap(owner.pointee.base, owner.pointee.length)
        owner.deinitialize(count: 1)
        owner.deallocate()
    }

    /// Outline tables smaller than this stay resident: handing back a few pages saves nothing.
    static let outlineReleaseThreshold = 256 << 10

    /// The whole pages of the outline table (`CFF `, `CFF2` or `glyf`) of `face` inside `mapping`, when
    /// that table is at least ``outlineReleaseThreshold`` long; pages it shares with other tables are left out.
    static func outlinePages(of face: OpaquePointer, in mapping: Mapping) -> (start: UnsafeMutableRawPointer, length: Int)? {
        let page = Int(sysconf(Int32(_SC_PAGESIZE)))
        guard page > 0 else { return nil }
        for tag: UInt32 in [0x4346_4620, 0x4346_4632, 0x676C_7966] {  // 'CFF ', 'CFF2', 'glyf'
            guard let table = hb_face_reference_table(face, tag) else { continue }
            defer { hb_blob_destroy(table) }
            var length: UInt32 = 0
            guard let data = hb_blob_get_data(table, &length), Int(length) >= outlineReleaseThreshold else { continue }
            let lo = UInt(bitPattern: data), hi = lo + UInt(length)
            let base = UInt(bitPattern: mapping.base)
            guard lo >= base, hi <= base + UInt(mapping.length) else { return nil }  // not in Bubble's mapping
            let start = (lo + UInt(page) - 1) / UInt(page) * UInt(page), end = hi / UInt(page) * UInt(page)
            guard end > start, let pointer = UnsafeMutableRawPointer(bitPattern: start) else { return nil }
            return (pointer, Int(end - start))
        }
        return nil
    }
}
