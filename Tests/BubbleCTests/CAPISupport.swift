import BubbleC
import BubbleTestSupport
import Foundation

/// An engine made through the C API, released when the value goes.
final class CAPIEngine: @unchecked Sendable {
    let handle: OpaquePointer

    init(options: String? = nil, catalog: String? = nil) throws {
        var engine: OpaquePointer?
        var error: UnsafeMutablePointer<CChar>?
        let status = options.withOptionalCString { o in catalog.withOptionalCString { c in bubbleEngineNew(o, c, &engine, &error) } }
        guard status == 0, let engine else { throw CAPIError(status: status, json: take(error) ?? "") }
        handle = engine
    }

    deinit { bubbleEngineFree(handle) }

    typealias Call = (OpaquePointer?, CIn?, UInt, COut?, UnsafeMutablePointer<UInt>?, COut?) -> Int32

    /// Runs one of the text-returning calls (`bubble_layout`, `bubble_svg`, …) on `request`.
    func call(_ function: Call, _ request: String) -> Result<String, CAPIError> {
        var out: UnsafeMutablePointer<CChar>?, length: UInt = 0, error: UnsafeMutablePointer<CChar>?
        let status = request.utf8CString.withUnsafeBufferPointer { buffer in
            function(handle, buffer.baseAddress, UInt(buffer.count - 1), &out, &length, &error)
        }
        if status != 0 { return .failure(CAPIError(status: status, json: take(error) ?? "")) }
        let text = take(out)!
        precondition(text.utf8.count == Int(length), "result_length disagrees with the NUL")
        return .success(text)
    }

    func layout(_ request: String) -> Result<String, CAPIError> { call(bubbleLayout, request) }

    func batch(_ lines: String, jobs: Int32, maxLineLength: UInt = 0) -> String {
        try! batchResult(lines, jobs: jobs, maxLineLength: maxLineLength).get()
    }

    /// `bubble_batch`'s result lines, or its failure.
    func batchResult(_ lines: String, jobs: Int32, maxLineLength: UInt = 0) -> Result<String, CAPIError> {
        var out: UnsafeMutablePointer<CChar>?, length: UInt = 0, error: UnsafeMutablePointer<CChar>?
        let status = lines.utf8CString.withUnsafeBufferPointer { buffer in
            bubbleBatch(handle, buffer.baseAddress, UInt(buffer.count - 1), jobs, maxLineLength, &out, &length, &error)
        }
        if status != 0 { return .failure(CAPIError(status: status, json: take(error) ?? "")) }
        return .success(take(out)!)
    }
}

/// A failed call: its status and `{"code", "message"}`.
struct CAPIError: Error, Equatable {
    var status: Int32
    var json: String

    var code: String? {
        (try? JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])?["code"] as? String
    }
}

/// The text of a string the library returned, released.
func take(_ pointer: UnsafeMutablePointer<CChar>?) -> String? {
    guard let pointer else { return nil }
    defer { bubbleFree(pointer) }
    return String(cString: pointer)
}

/// A message object for `text`, as a batch line.
func requestLine(id: Int, text: String, options: String? = nil) -> String {
    let quoted = String(decoding: try! JSONSerialization.data(withJSONObject: [text], options: [.fragmentsAllowed]), as: UTF8.self).dropFirst().dropLast()
    return "{\"id\":\(id),\"text\":\(quoted)" + (options.map { ",\"options\":\($0)" } ?? "") + "}"
}

extension Optional where Wrapped == String {
    func withOptionalCString<T>(_ body: (UnsafePointer<CChar>?) -> T) -> T {
        switch self {
        case .some(let s): s.withCString(body)
        case .none: body(nil)
        }
    }
}
