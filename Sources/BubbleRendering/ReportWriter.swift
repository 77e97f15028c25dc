/// Where a layout report is written: JSON text (``JSONWriter``, what `bubble layout` prints) or tokens
/// (``TokenWriter``, what libbubble hands a reader that builds its own objects). ``JSONRenderer`` writes the
/// report once, generic over this, so both outputs hold the same keys in the same order with the same values.
protocol ReportWriter {
    mutating func beginObject()
    mutating func endObject()
    mutating func beginArray()
    mutating func endArray()
    /// A key of the open object; its value comes next.
    mutating func key(_ k: ReportKey)
    /// A measure, rounded to 2 decimals as the JSON writes it (`88`, `231.4`).
    mutating func number(_ v: Double)
    mutating func integer(_ v: Int)
    mutating func bool(_ v: Bool)
    mutating func string(_ s: String)
    /// `v` in lowercase hex without leading zeros, as a string.
    mutating func hexString(_ v: UInt64)
    /// The font fingerprint's library fields (``JSONRenderer/writeLibraryVersions(to:)``), written into the
    /// open object as each writer keeps them made once per process.
    mutating func libraryVersions()
}

extension ReportWriter {
    mutating func field(_ k: ReportKey, _ v: Double) { key(k); number(v) }
    mutating func field(_ k: ReportKey, _ v: Int) { key(k); integer(v) }
    mutating func field(_ k: ReportKey, _ v: Bool) { key(k); bool(v) }
    mutating func field(_ k: ReportKey, _ v: String) { key(k); string(v) }
}
