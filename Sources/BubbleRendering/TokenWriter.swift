import BubbleJSON

/// Writes a report as ``ReportToken``s: what ``JSONWriter`` writes as text, as tagged binary values that
/// a reader turns into objects without parsing (no quoting, no digits, keys by index).
package struct TokenWriter: ReportWriter {
    /// The tokens written so far.
    package private(set) var bytes: [UInt8] = []

    package init(capacity: Int = 1024) {
        bytes.reserveCapacity(capacity)
    }

    mutating func beginObject() { bytes.append(ReportToken.objectBegin.rawValue) }
    mutating func endObject() { bytes.append(ReportToken.objectEnd.rawValue) }
    mutating func beginArray() { bytes.append(ReportToken.arrayBegin.rawValue) }
    mutating func endArray() { bytes.append(ReportToken.arrayEnd.rawValue) }
    mutating func key(_ k: ReportKey) { bytes.append(ReportToken.key.rawValue); bytes.append(k.rawValue) }

    /// As the JSON text reads back: an integer when the rounded value has no fraction, else the double of
    /// its decimal (`scaled / unit`, both exact, so the one rounding is the division's, as a parser's).
    mutating func number(_ v: Double) {
        switch DecimalText.rounding(v, decimals: 2) {
        case .scaled(let scaled, let unit):
            if scaled % unit == 0 { integer(scaled / unit) } else { double(Double(scaled) / Double(unit)) }
        case .unbounded:
            double(v)  // written as Swift spells it (`1e+17`), which reads back as v
        }
    }

    mutating func integer(_ v: Int) { bytes.append(ReportToken.integer.rawValue); append(Int64(v)) }
    mutating func double(_ v: Double) { bytes.append(ReportToken.double.rawValue); append(v.bitPattern) }
    mutating func bool(_ v: Bool) { bytes.append((v ? ReportToken.true : ReportToken.false).rawValue) }
    mutating func null() { bytes.append(ReportToken.null.rawValue) }

    mutating func string(_ s: String) {
        s.withUTF8InPlace { utf8 in
            bytes.append(ReportToken.string.rawValue)
            append(UInt32(truncatingIfNeeded: utf8.count))
            bytes.append(contentsOf: utf8)
        }
    }

    mutating func hexString(_ v: UInt64) {
        bytes.append(ReportToken.string.rawValue)
        append(UInt32(UInt64.hexDigits(v)))
        bytes.append(hex: v)
    }

    mutating func libraryVersions() { bytes.append(contentsOf: Self.libraryFields.buffer) }

    /// The fingerprint's library fields as tokens, made once per process.
    private static let libraryFields: StaticBytes = {
        var w = TokenWriter(capacity: 128)
        JSONRenderer.writeLibraryVersions(to: &w)
        return StaticBytes(w.bytes)
    }()

    /// A failed message in a list of answers: ``ReportToken/error``, its status, `{"code", "message"}`.
    package mutating func error(status: Int, code: String, message: String) {
        bytes.append(ReportToken.error.rawValue)
        integer(status)
        beginObject()
        field(.code, code)
        field(.message, message)
        endObject()
    }

    /// Appends another writer's tokens (a value written on its own).
    package mutating func append(tokens: [UInt8]) { bytes.append(contentsOf: tokens) }

    /// `v`'s bytes in the machine's order.
    private mutating func append<T: FixedWidthInteger>(_ v: T) {
        withUnsafeBytes(of: v) { bytes.append(contentsOf: $0) }
    }

    /// The names of ``ReportKey``, in index order, as an array of string tokens (`bubble_report_keys`).
    package static func keyTable() -> [UInt8] {
        var w = TokenWriter(capacity: 512)
        w.beginArray()
        for k in ReportKey.allCases {
            k.name.withUTF8Buffer { w.string(String(decoding: $0, as: UTF8.self)) }
        }
        w.endArray()
        return w.bytes
    }
}
