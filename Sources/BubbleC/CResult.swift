import Bubble
#if canImport(Glibc)
import Glibc
#endif

/// How libbubble hands results to C: NUL-terminated UTF-8 copies in `malloc`ed memory (released with
/// `bubble_free`), lengths beside them, and a status that is 0 or the HTTP status of the error.
enum CResult {
    /// `text` in a new `malloc`ed buffer, NUL-terminated.
    static func copy(_ text: String) -> (UnsafeMutablePointer<CChar>, Int) {
        var text = text
        return text.withUTF8 { utf8 in
            let buffer = malloc(utf8.count + 1)!.assumingMemoryBound(to: CChar.self)
            if let base = utf8.baseAddress { memcpy(buffer, base, utf8.count) }
            buffer[utf8.count] = 0
            return (buffer, utf8.count)
        }
    }

    /// Sets `out` and `length` (either may be NULL) to a copy of `text`; returns 0.
    static func succeed(_ text: String, _ out: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?,
                        _ length: UnsafeMutablePointer<UInt>?) -> Int32 {
        let (buffer, count) = copy(text)
        length?.pointee = UInt(count)
        if let out { out.pointee = buffer } else { free(buffer) }
        return 0
    }

    /// Sets `out` and `length` (either may be NULL) to a copy of `bytes`, NUL-terminated; returns 0.
    static func succeed(_ bytes: [UInt8], _ out: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?,
                        _ length: UnsafeMutablePointer<UInt>?) -> Int32 {
        length?.pointee = UInt(bytes.count)
        guard let out else { return 0 }
        let buffer = malloc(bytes.count + 1)!.assumingMemoryBound(to: CChar.self)
        bytes.withUnsafeBytes { if let base = $0.baseAddress { memcpy(buffer, base, $0.count) } }
        buffer[bytes.count] = 0
        out.pointee = buffer
        return 0
    }

    /// Sets `error` (may be NULL) to `{"code": …, "message": …}`; returns the error's status.
    static func fail(_ failure: BubbleError, _ error: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> Int32 {
        if let error { error.pointee = copy(JSONRenderer.errorObject(code: failure.code, message: failure.message)).0 }
        return Int32(failure.status)
    }

    /// The bytes of a request the caller passed: `length` bytes at `request` (which need not end in NUL).
    static func bytes(_ request: UnsafePointer<CChar>?, _ length: UInt) -> [UInt8] {
        guard let request, length > 0 else { return [] }
        return Array(UnsafeRawBufferPointer(start: request, count: Int(length)))
    }

    /// The `length` bytes at `pointer`, in place (no copy; empty for NULL).
    static func buffer(_ pointer: UnsafePointer<CChar>?, _ length: UInt) -> UnsafeRawBufferPointer {
        guard let pointer, length > 0 else { return UnsafeRawBufferPointer(start: nil, count: 0) }
        return UnsafeRawBufferPointer(start: pointer, count: Int(length))
    }

    /// The start of a call that lays out many messages on the library's threads: its out arguments cleared,
    /// then its engine, or (with the failure in `error`) the status to return when there is no engine or
    /// `jobs` is out of range.
    static func begin(_ engine: OpaquePointer?, jobs: Int32, _ result: COut?, _ resultLength: UnsafeMutablePointer<UInt>?,
                      _ error: COut?) -> (engine: CEngine?, status: Int32) {
        result?.pointee = nil
        resultLength?.pointee = 0
        error?.pointee = nil
        guard let found = CEngine.from(engine) else { return (nil, fail(noEngine, error)) }
        guard (0...256).contains(jobs) else { return (nil, fail(badJobs(jobs), error)) }
        return (found, 0)
    }

    /// The error for a `jobs` out of range.
    static func badJobs(_ jobs: Int32) -> BubbleError {
        BubbleError(code: "invalid_request", message: "jobs takes 1 to 256, not \(jobs)")
    }

    /// The error for a call made without an engine.
    static let noEngine = BubbleError(code: "invalid_request", message: "no engine (bubble_engine_new makes one)")
}
