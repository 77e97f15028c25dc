import BubbleJSON

/// Writes JSON text with keys in the order given and numbers rounded to 2 decimals, so the same
/// layout gives byte-identical output on every run and every machine.
///
/// The text is built as UTF-8 bytes (``bytes``); ``output`` makes the one `String` at the end.
struct JSONWriter: ReportWriter {
    /// The UTF-8 text written so far.
    private(set) var bytes: [UInt8] = []
    /// Whether the innermost open object or array already holds a value (a comma goes before the next).
    private var needsComma = false
    /// `needsComma` of each enclosing object or array, innermost last.
    private var outer: [Bool] = []
    /// A key was just written: the next value is its value, not a new element.
    private var pendingValue = false

    init(capacity: Int = 1024) {
        bytes.reserveCapacity(capacity)
        outer.reserveCapacity(8)
    }

    /// The text written so far.
    var output: String { String(decoding: bytes, as: UTF8.self) }

    mutating func beginObject() { value(); bytes.append(0x7B); outer.append(needsComma); needsComma = false }
    mutating func endObject() { needsComma = outer.removeLast(); bytes.append(0x7D) }
    mutating func beginArray() { value(); bytes.append(0x5B); outer.append(needsComma); needsComma = false }
    mutating func endArray() { needsComma = outer.removeLast(); bytes.append(0x5D) }

    /// Writes `"key":` inside an object. Keys are Bubble's own literals, which need no escaping.
    mutating func key(_ k: StaticString) {
        if needsComma { bytes.append(0x2C) }
        bytes.append(0x22)
        bytes.append(literal: k)
        bytes.append(0x22)
        bytes.append(0x3A)
        needsComma = false
        pendingValue = true
    }

    /// Writes `"key":` inside an object, appending the key's bytes made once (``keySlots``).
    mutating func key(_ k: ReportKey) {
        if needsComma { bytes.append(0x2C) }
        let slot = Self.keySlots.buffer.baseAddress! + Int(k.rawValue) * Self.keySlotSize
        bytes.append(contentsOf: UnsafeBufferPointer(start: slot + 1, count: Int(slot[0])))
        needsComma = false
        pendingValue = true
    }

    /// `"name":` of every ``ReportKey``, each in a slot of ``keySlotSize`` bytes at its raw value, its
    /// length first: a key written on every line of every report is one append rather than five.
    private static let keySlots: StaticBytes = {
        var slots = [UInt8](repeating: 0, count: ReportKey.allCases.count * keySlotSize)
        for k in ReportKey.allCases {
            var key: [UInt8] = [0x22]
            key.append(literal: k.name)
            key.append(contentsOf: [0x22, 0x3A])
            precondition(key.count < keySlotSize, "ReportKey.\(k) is longer than a key slot")
            let at = Int(k.rawValue) * keySlotSize
            slots[at] = UInt8(key.count)
            slots.replaceSubrange(at + 1..<at + 1 + key.count, with: key)
        }
        return StaticBytes(slots)
    }()
    private static let keySlotSize = 32

    mutating func number(_ v: Double) { value(); bytes.append(decimal: v) }
    mutating func integer(_ v: Int) { value(); bytes.append(integer: v) }
    mutating func bool(_ v: Bool) { value(); if v { bytes.append(literal: "true") } else { bytes.append(literal: "false") } }
    mutating func string(_ s: String) { value(); JSONQuoting.append(s, to: &bytes) }
    mutating func null() { value(); bytes.append(literal: "null") }
    /// `v` in lowercase hex without leading zeros, quoted: what `String(v, radix: 16)` writes, with no String made.
    mutating func hexString(_ v: UInt64) {
        value()
        bytes.append(0x22)
        bytes.append(hex: v)
        bytes.append(0x22)
    }

    mutating func libraryVersions() { bytes.append(contentsOf: Self.libraryFields.buffer); needsComma = true }

    /// `,"harfbuzz":…,"unicode":…` (``JSONRenderer/writeLibraryVersions(to:)``), made once per process and
    /// appended to an object that already holds a field.
    private static let libraryFields: StaticBytes = {
        var w = JSONWriter(capacity: 128)
        w.beginObject()
        w.field("x", 0)
        JSONRenderer.writeLibraryVersions(to: &w)
        return StaticBytes(Array(w.bytes.dropFirst(6)))  // after `{"x":0`
    }()

    mutating func field(_ k: StaticString, _ v: Double) { key(k); number(v) }
    mutating func field(_ k: StaticString, _ v: Int) { key(k); integer(v) }
    mutating func field(_ k: StaticString, _ v: Bool) { key(k); bool(v) }
    mutating func field(_ k: StaticString, _ v: String) { key(k); string(v) }

    @inline(__always)
    private mutating func value() {
        if pendingValue { pendingValue = false; needsComma = true; return }
        if needsComma { bytes.append(0x2C) }
        needsComma = true
    }

    static func format(_ v: Double) -> String { DecimalText.format(v) }

}
