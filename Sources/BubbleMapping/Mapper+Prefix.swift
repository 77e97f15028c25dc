extension Mapper {
    /// Where to cut a long plain-text message so that a layout of the part before the cut maps it as
    /// the whole message would: at most `bytes` UTF-8 bytes, ended at a space, tab or line break within
    /// the last 256 bytes (nothing the mapper finds — a `[name]` token, a mention, a URL — holds one,
    /// see ``TokenName`` and the link scanner), else at a scalar boundary before any `[` that a token
    /// could still close after the cut.
    ///
    /// - Returns: the UTF-8 offset of the cut, `0 < cut ≤ bytes`, or `text.utf8.count` when the text is
    ///   no longer than `bytes`.
    package static func prefixEnd(of text: String, bytes: Int) -> Int {
        let utf8 = text.utf8
        guard bytes < utf8.count else { return utf8.count }
        if let cut = utf8.withContiguousStorageIfAvailable({ prefixEnd(of: $0, bytes: bytes) }) { return cut }
        return Array(utf8).withUnsafeBufferPointer { prefixEnd(of: $0, bytes: bytes) }
    }

    /// Link-map keys that hold white space would be cut there: the caller lays such messages out whole.
    package static func keysHoldWhiteSpace(_ linkMap: [String: String]) -> Bool {
        linkMap.keys.contains { key in key.utf8.contains { isCutByte($0) } }
    }

    private static func isCutByte(_ b: UInt8) -> Bool { b == 0x20 || b == 0x0A || b == 0x09 || b == 0x0D }

    private static func prefixEnd(of utf8: UnsafeBufferPointer<UInt8>, bytes: Int) -> Int {
        var k = bytes
        while k > max(1, bytes - 256) {
            if isCutByte(utf8[k - 1]) { return k - 1 }
            k -= 1
        }
        var end = bytes
        while end > 0 && utf8[end] & 0xC0 == 0x80 { end -= 1 }
        // A token is at most `EmojiCatalog.maxNameLength` scalars (4 bytes each at most) between brackets.
        var j = end, steps = 0
        while j > 0 && steps < EmojiCatalog.maxNameLength * 4 + 2 {
            let b = utf8[j - 1]
            if b == UInt8(ascii: "]") { break }
            if b == UInt8(ascii: "[") { return max(j - 1, 1) }
            j -= 1
            steps += 1
        }
        return max(end, 1)
    }
}
