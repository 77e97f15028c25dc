import Bubble
import BubbleJSON
#if canImport(Glibc)
import Glibc
#endif

/// What a `bubble_engine *` points at: one ``BubbleEngine`` and the batch-line path over it.
final class CEngine: Sendable {
    let answer: BatchAnswer

    init(_ engine: BubbleEngine) { answer = BatchAnswer(engine: engine) }

    /// The engine behind a handle the caller passed (nil: no handle).
    static func from(_ handle: OpaquePointer?) -> CEngine? {
        handle.map { Unmanaged<CEngine>.fromOpaque(UnsafeRawPointer($0)).takeUnretainedValue() }
    }

    /// `body` run with the engine behind a handle, borrowed (nil: no handle). A call retains nothing: every
    /// thread calling with one engine would write its reference count, a cache line the cores pass around.
    static func with<R>(_ handle: OpaquePointer?, _ body: (CEngine) -> R) -> R? {
        guard let handle else { return nil }
        return Unmanaged<CEngine>.fromOpaque(UnsafeRawPointer(handle))._withUnsafeGuaranteedRef(body)
    }
}

/// Creates an engine: the fonts and the emoji catalog loaded once, shared by every call made with it.
///
/// Thread safety: one engine may be used from any number of threads at once (every call below that takes
/// an engine); only `bubble_engine_free` must not run while another call uses the same engine.
///
/// options: a JSON object of Bubble's options (the keys of `bubble batch --options`), NUL-terminated;
///   NULL or "" for the defaults. A request's own `options` go over these.
/// catalog: the emoji catalog file; NULL for the default lookup ($BUBBLE_CATALOG, then
///   `../share/bubble/catalog.json` beside this library or the program).
/// engine: receives the engine, to be released with `bubble_engine_free`.
/// error: on failure receives `{"code": …, "message": …}` (free it with `bubble_free`); may be NULL.
///
/// Returns 0, or the HTTP status the service would answer: 400 for bad options, 500 for a missing
/// font or catalog.
@c(bubble_engine_new)
public func bubbleEngineNew(_ options: UnsafePointer<CChar>?, _ catalog: UnsafePointer<CChar>?,
                            _ engine: UnsafeMutablePointer<OpaquePointer?>?,
                            _ error: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> Int32 {
    engine?.pointee = nil
    do throws(BubbleError) {
        var o = BubbleOptions()
        if let options, options.pointee != 0 {
            let bytes = Array(UnsafeBufferPointer(start: options, count: strlen(options))).map { UInt8(bitPattern: $0) }
            let value: JSONValue
            do throws(JSONError) { value = try JSONReader.read(bytes) } catch { throw MessageReader.malformed(error) }
            o = try BubbleOptions(json: value)
        }
        if let catalog { o.catalog = String(cString: catalog) }
        // Resolved once, as `bubble batch` does: the engine would otherwise look the default up per call.
        o.catalog = o.catalog ?? BubbleEngine.defaultCatalogPath
        let made = CEngine(try BubbleEngine(options: o))
        engine?.pointee = OpaquePointer(Unmanaged.passRetained(made).toOpaque())
        return 0
    } catch let failure {
        return CResult.fail(failure, error)
    }
}

/// Releases an engine made by `bubble_engine_new` (NULL: nothing). No call may be using it.
@c(bubble_engine_free)
public func bubbleEngineFree(_ engine: OpaquePointer?) {
    guard let engine else { return }
    Unmanaged<CEngine>.fromOpaque(UnsafeRawPointer(engine)).release()
}

/// Releases a string or buffer Bubble returned (NULL: nothing).
@c(bubble_free)
public func bubbleFree(_ pointer: UnsafeMutableRawPointer?) {
    free(pointer)
}
