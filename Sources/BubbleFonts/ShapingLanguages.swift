internal import CHarfBuzz
import BubbleLock

/// HarfBuzz languages by tag, bounded: `hb_language_from_string` keeps every distinct string it is given
/// for the life of the process, so Bubble hands it at most ``capacity`` full tags; past that, a new tag
/// is shaped as its primary subtag (`zh` of `zh-Hans-CN`: a finite set, 2 to 8 letters), which is what
/// picks most OpenType language systems anyway.
enum ShapingLanguages {
    /// Most full tags handed to HarfBuzz.
    static let capacity = 1024

    private static let lock = Lock()
    nonisolated(unsafe) private static var known: [String: hb_language_t] = [:]

    /// The HarfBuzz language of `tag` (already checked and normalized where it entered).
    static func language(_ tag: String) -> hb_language_t? {
        lock.lock()
        defer { lock.unlock() }
        if let found = known[tag] { return found }
        guard known.count < capacity else {
            let primary = String(tag.prefix { $0 != "-" }.prefix(8))
            if let found = known[primary] { return found }
            return hb_language_from_string(primary, -1)
        }
        guard let made = hb_language_from_string(tag, -1) else { return nil }
        known[tag] = made
        return made
    }
}
