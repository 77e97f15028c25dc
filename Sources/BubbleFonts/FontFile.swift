internal import CHarfBuzz
import BubbleLock
#if canImport(Glibc)
import Glibc
#endif

/// A font file as HarfBuzz reads it: mapped by Bubble, read-only and private, so a face knows where its
/// outline table lies in memory and can hand that table's pages back to the kernel (see
/// ``FontFace/releaseOutline(of:)``). HarfBuzz's own `hb_blob_create_from_file` maps the file the same
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
        // HarfBuzz calls `unmap` with the base when the last reference to the blob (and its sub-blobs) goes.
        // The length it needs stays in `mappings`, not in a record only HarfBuzz's heap points at.
        mappings.add(base, length)
        guard let blob = hb_blob_create(base.assumingMemoryBound(to: CChar.self), UInt32(length), HB_MEMORY_MODE_READONLY,
                                        base, unmap) else {
            mappings.remove(base).map { munmap(base, $0) }
            return nil
        }
        return (blob, Mapping(base: base, length: length))
    }

    private static let unmap: hb_destroy_func_t = { raw in
        guard let base = raw, let length = mappings.remove(base) else { return }
        munmap(base, length)
    }

    /// The files mapped and not yet unmapped, base to length. HarfBuzz's destroy callback gets one pointer,
    /// the base; keeping the length here rather than in a heap record that only the blob's user data
    /// points at leaves no memory reachable only from C (whose `malloc` a leak checker may not see).
    private static let mappings = Mappings()

    private final class Mappings: @unchecked Sendable {
        private let lock = Lock()
        private var lengths: [UnsafeMutableRawPointer: Int] = [:]

        func add(_ base: UnsafeMutableRawPointer, _ length: Int) { lock.withLock { lengths[base] = length } }

        func remove(_ base: UnsafeMutableRawPointer) -> Int? { lock.withLock { lengths.removeValue(forKey: base) } }
    }
}
