/// Bytes made once per process and never freed, for writers to append on every message: a static array
/// is retained by each append, an atomic write to a cache line that every thread writing reports shares.
struct StaticBytes: @unchecked Sendable {
    let buffer: UnsafeBufferPointer<UInt8>

    init(_ bytes: [UInt8]) {
        let storage = UnsafeMutableBufferPointer<UInt8>.allocate(capacity: bytes.count)
        _ = storage.initialize(from: bytes)
        buffer = UnsafeBufferPointer(storage)
    }
}
