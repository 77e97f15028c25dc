extension String {
    /// Calls `body` with the string's UTF-8, read in place when it is contiguous (as Swift's own strings
    /// are). `withUTF8` needs a mutable copy of the string, and the copy's retain of the storage is an
    /// atomic write: for a string every thread reads on every message (a font face's name and file),
    /// the cores passed its cache line back and forth.
    @inlinable
    package func withUTF8InPlace<R>(_ body: (UnsafeBufferPointer<UInt8>) throws -> R) rethrows -> R {
        if let r = try utf8.withContiguousStorageIfAvailable(body) { return r }
        var s = self
        return try s.withUTF8(body)
    }
}
