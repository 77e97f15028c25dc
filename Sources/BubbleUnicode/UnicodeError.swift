/// An ICU failure, with the ICU function that reported it and ICU's error name.
public struct UnicodeError: Error, Sendable, CustomStringConvertible {
    public let function: String
    public let code: Int32
    public let name: String

    public var description: String { "ICU \(function) failed: \(name) (\(code))" }
}

/// The one place an ICU status becomes a Swift error (ICU failures are codes > 0; warnings are < 0).
@inline(__always)
func checkICU(_ function: String, _ body: (inout Int32) -> Void) throws(UnicodeError) {
    var status: Int32 = 0
    body(&status)
    if status > 0 { throw UnicodeError(function: function, code: status, name: ICU.errorName(status)) }
}
