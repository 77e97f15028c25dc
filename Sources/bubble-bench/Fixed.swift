#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// `value` with `places` decimals, right-aligned in `width` characters: printf's `%W.Pf`, so the
/// bench's JSON and TSV read as they did with `String(format:)` (which needs Foundation).
func fixed(_ value: Double, _ places: Int, width: Int = 0) -> String {
    let format = "%\(width).\(places)f"
    let length = Int(withVaList([value]) { vsnprintf(nil, 0, format, $0) })
    var bytes = [UInt8](repeating: 0, count: length + 1)
    _ = bytes.withUnsafeMutableBufferPointer { buffer in
        buffer.withMemoryRebound(to: CChar.self) { chars in
            withVaList([value]) { vsnprintf(chars.baseAddress, chars.count, format, $0) }
        }
    }
    return String(decoding: bytes[..<length], as: UTF8.self)
}
