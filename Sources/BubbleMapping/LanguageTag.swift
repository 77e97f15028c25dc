/// BCP 47 language tags (RFC 5646) as Bubble accepts them: checked and written in canonical case where
/// they enter, so `ZH-hans` and `zh-Hans` are one language to every cache after.
package enum LanguageTag {
    /// Longest tag accepted, in characters (RFC 5646 §4.4.1 asks implementations to hold at least 35).
    package static let maxLength = 35

    /// `tag` in canonical case (`zh-Hans-CN`: language lower, script title, region upper, the rest lower);
    /// nil when it is not a tag of at most ``maxLength`` characters made of `-`-separated subtags of 1 to
    /// 8 ASCII letters or digits, the first letters only (the option's declared pattern).
    package static func normalized(_ tag: String) -> String? {
        guard !tag.isEmpty, tag.utf8.count <= maxLength else { return nil }
        var out: [UInt8] = []
        out.reserveCapacity(tag.utf8.count)
        var subtag: [UInt8] = []
        var index = 0
        var afterSingleton = false
        func flush() -> Bool {
            guard (1...8).contains(subtag.count) else { return false }
            let letters = subtag.allSatisfy(isLetter)
            if index == 0 {
                guard letters else { return false }
            }
            if !out.isEmpty { out.append(0x2D) }
            let lower = subtag.map { isLetter($0) ? $0 | 0x20 : $0 }
            if index > 0 && !afterSingleton && letters && subtag.count == 4 {
                out.append(lower[0] & ~0x20)  // script: Hans
                out.append(contentsOf: lower.dropFirst())
            } else if index > 0 && !afterSingleton && subtag.count == 2 && letters {
                out.append(contentsOf: lower.map { $0 & ~0x20 })  // region: CN
            } else {
                out.append(contentsOf: lower)
            }
            if subtag.count == 1 { afterSingleton = true }  // extensions and private use keep lower case
            index += 1
            subtag.removeAll(keepingCapacity: true)
            return true
        }
        for byte in tag.utf8 {
            if byte == 0x2D {
                guard flush() else { return nil }
            } else if isLetter(byte) || (byte >= 0x30 && byte <= 0x39) {
                subtag.append(byte)
            } else {
                return nil
            }
        }
        guard flush() else { return nil }
        return String(decoding: out, as: UTF8.self)
    }

    /// The primary language subtag of a normalized tag (`zh` of `zh-Hans-CN`).
    package static func primary(_ normalized: String) -> Substring {
        normalized.prefix { $0 != "-" }
    }

    @inline(__always)
    private static func isLetter(_ b: UInt8) -> Bool { (b | 0x20) >= 0x61 && (b | 0x20) <= 0x7A }
}
