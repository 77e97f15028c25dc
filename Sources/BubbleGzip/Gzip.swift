internal import CZlib

/// gzip (RFC 1952) through zlib, for HTTP responses a client accepts compressed.
package enum Gzip {
    /// The linked zlib's version, e.g. "1.2.13".
    package static var zlibVersion: String { String(cString: zlibVersion_()) }

    /// `bytes` gzip-compressed at `level` (1 fastest … 9 smallest); nil only when zlib fails (out of memory).
    package static func compress(_ bytes: UnsafeRawBufferPointer, level: Int32 = 1) -> [UInt8]? {
        var stream = z_stream()
        guard bubble_deflate_init_gzip(&stream, level) == Z_OK else { return nil }
        defer { deflateEnd(&stream) }
        let bound = Int(deflateBound(&stream, uLong(bytes.count)))
        var out = [UInt8](repeating: 0, count: bound + 32)
        let status: Int32 = out.withUnsafeMutableBytes { target in
            stream.next_in = UnsafeMutablePointer(mutating: bytes.baseAddress?.assumingMemoryBound(to: Bytef.self))
            stream.avail_in = uInt(bytes.count)
            stream.next_out = target.baseAddress!.assumingMemoryBound(to: Bytef.self)
            stream.avail_out = uInt(target.count)
            return deflate(&stream, Z_FINISH)
        }
        guard status == Z_STREAM_END else { return nil }
        out.removeSubrange(Int(stream.total_out)...)
        return out
    }
}

private func zlibVersion_() -> UnsafePointer<CChar> { zlibVersion() }
