internal import CFontconfig
import BubbleLock

/// Finds installed fonts through fontconfig: a family by name, or a face that covers a code point.
///
/// fontconfig is initialised once per process; look-ups hold a lock (its config is not safe to
/// query from several threads at once) and coverage answers are cached per code point, in bounded caches.
package final class FontResolver: @unchecked Sendable {
    package static let shared = FontResolver()

    private let lock = Lock()
    private let config: OpaquePointer?
    /// Answers per code point, least recently used dropped past ``coverageCacheLimit``, so a stream of
    /// distinct code points no font covers cannot grow it without end.
    private let coverageCache = BoundedCache<UInt32, FontSource?>(maxEntries: FontResolver.coverageCacheLimit, maxBytes: .max)
    /// Most code-point answers kept: far more than the code points real text mixes, far fewer than the
    /// 1.1M a hostile stream could name.
    static let coverageCacheLimit = 65_536
    /// Answers for whole clusters and words, least recently used dropped past ``clusterCacheLimit``.
    private let clusterCache = BoundedCache<ClusterKey, FontSource?>(maxEntries: FontResolver.clusterCacheLimit, maxBytes: .max)
    private struct ClusterKey: Hashable, Sendable { var scalars: [UInt32]; var language: String? }
    /// Most cluster answers kept.
    static let clusterCacheLimit = 4096

    private init() {
        config = FcInitLoadConfigAndFonts()
    }

    /// Every code point some installed font covers, one bit each (0x110000 bits, 136 KB), made at the
    /// first coverage look-up. A code point outside it is answered nil at once: asking fontconfig costs
    /// a sort of every installed font (about 2.4 ms), under the lock every worker's fallback takes, and a
    /// message of private-use or unassigned code points could hold that lock for seconds.
    private lazy var coverage: [UInt64] = installedCoverage()

    /// Whether any installed font covers `scalar` (call with `lock` held).
    private func anyFontCovers(_ scalar: UInt32) -> Bool {
        scalar < 0x110000 && coverage[Int(scalar >> 6)] & (1 << UInt64(scalar & 63)) != 0
    }

    /// The union of the charsets of every font fontconfig searches (its system and application sets),
    /// read page by page: each page is 256 code points as eight 32-bit words.
    private func installedCoverage() -> [UInt64] {
        var bits = [UInt64](repeating: 0, count: 0x110000 / 64)
        guard let config else { return bits }
        for which in [FcSetSystem, FcSetApplication] {
            guard let set = FcConfigGetFonts(config, which) else { continue }
            for i in 0..<Int(set.pointee.nfont) {
                var charset: OpaquePointer?
                guard let font = set.pointee.fonts[i], FcPatternGetCharSet(font, FC_CHARSET, 0, &charset) == FcResultMatch,
                      let charset else { continue }  // owned by the pattern
                var map = [FcChar32](repeating: 0, count: 8)  // FC_CHARSET_MAP_SIZE
                var next: FcChar32 = 0
                var base = FcCharSetFirstPage(charset, &map, &next)
                while base != FcChar32.max {  // FC_CHARSET_DONE
                    for w in 0..<8 where map[w] != 0 {
                        let first = Int(base) + w * 32
                        guard first < 0x110000 else { break }
                        bits[first >> 6] |= UInt64(map[w]) << UInt64(first & 63)
                    }
                    base = FcCharSetNextPage(charset, &map, &next)
                }
            }
        }
        return bits
    }

    /// The face of `family` with the requested weight and slant.
    ///
    /// A family name must match an installed family exactly (case-insensitive): fontconfig's nearest
    /// substitute is not accepted, so a missing font is an error rather than a silent look-alike.
    /// - Returns: the face and whether the requested bold/italic face exists (otherwise the regular
    ///   face is returned and the caller synthesizes the style).
    package func resolve(family: String, bold: Bool = false, italic: Bool = false) throws(FontError)
        -> (source: FontSource, hasBold: Bool, hasItalic: Bool) {
        guard let config else { throw FontError.fontconfigUnavailable }
        lock.lock()
        defer { lock.unlock() }
        guard let pattern = FcPatternCreate() else { throw FontError.fontconfigUnavailable }
        defer { FcPatternDestroy(pattern) }
        family.withCString { name in
            name.withMemoryRebound(to: FcChar8.self, capacity: family.utf8.count + 1) { _ = FcPatternAddString(pattern, FC_FAMILY, $0) }
        }
        FcPatternAddInteger(pattern, FC_WEIGHT, bold ? FC_WEIGHT_BOLD : FC_WEIGHT_REGULAR)
        FcPatternAddInteger(pattern, FC_SLANT, italic ? FC_SLANT_ITALIC : FC_SLANT_ROMAN)
        FcConfigSubstitute(config, pattern, FcMatchPattern)
        FcDefaultSubstitute(pattern)
        var result = FcResultNoMatch
        guard let match = FcFontMatch(config, pattern, &result) else {
            throw FontError.familyNotFound(family: family, package: FontError.package(forFamily: family))
        }
        defer { FcPatternDestroy(match) }
        let families = FontResolver.strings(match, FC_FAMILY)
        guard families.contains(where: { $0.lowercased() == family.lowercased() }),
              let path = FontResolver.strings(match, FC_FILE).first else {
            throw FontError.familyNotFound(family: family, package: FontError.package(forFamily: family))
        }
        var index: Int32 = 0, weight: Int32 = 0, slant: Int32 = 0
        FcPatternGetInteger(match, FC_INDEX, 0, &index)
        FcPatternGetInteger(match, FC_WEIGHT, 0, &weight)
        FcPatternGetInteger(match, FC_SLANT, 0, &slant)
        return (FontSource(path: path, index: Int(index)), weight >= FC_WEIGHT_DEMIBOLD, slant != FC_SLANT_ROMAN)
    }

    /// An installed face that covers `scalar`, preferring `family`'s relatives (its script faces:
    /// `Noto Sans` → `Noto Sans Arabic`), or nil when no installed font covers it.
    package func face(covering scalar: UInt32, near family: String = "sans-serif") -> FontSource? {
        lock.lock()
        defer { lock.unlock() }
        guard anyFontCovers(scalar) else { return nil }
        if let cached = coverageCache.value(for: scalar) { return cached }
        let found = lookUp(covering: scalar, near: family)
        coverageCache.insert(found, for: scalar, bytes: 0)
        return found
    }

    /// An installed face that covers every one of `scalars` (a grapheme cluster or a whole word), for
    /// text in `language` (a BCP 47 tag fontconfig knows, such as `ta`; nil when unknown).
    ///
    /// Coverage of the whole cluster is required, not only of its first character: a Tamil consonant
    /// alone is also in Noto Sans Grantha, which has no Tamil vowel signs. The language puts the faces
    /// made for it first (a face fontconfig lists the language for wins over one it does not, as a browser
    /// asks for a face for the run's script and locale); among equals, a face of the same style as
    /// `family` (a "Sans" for a sans chain) wins over a display or serif one (Noto Sans Arabic rather than
    /// Noto Kufi Arabic).
    package func face(covering scalars: [UInt32], language: String?, near family: String = "sans-serif") -> FontSource? {
        if scalars.count == 1 && language == nil { return face(covering: scalars[0], near: family) }
        let key = ClusterKey(scalars: scalars, language: language)
        lock.lock()
        defer { lock.unlock() }
        // One face must cover them all, so a scalar no font covers answers at once.
        guard scalars.allSatisfy(anyFontCovers) else { return nil }
        if let cached = clusterCache.value(for: key) { return cached }
        let found = lookUp(covering: scalars, language: language, near: family)
        clusterCache.insert(found, for: key, bytes: 0)
        return found
    }

    private func lookUp(covering scalar: UInt32, near family: String) -> FontSource? {
        lookUp(covering: [scalar], language: nil, near: family)
    }

    private func lookUp(covering scalars: [UInt32], language: String?, near family: String) -> FontSource? {
        guard let config, let pattern = FcPatternCreate() else { return nil }
        defer { FcPatternDestroy(pattern) }
        let charset = FcCharSetCreate()
        defer { FcCharSetDestroy(charset) }
        for s in scalars { FcCharSetAddChar(charset, s) }
        FcPatternAddCharSet(pattern, FC_CHARSET, charset)
        family.withCString { name in
            name.withMemoryRebound(to: FcChar8.self, capacity: family.utf8.count + 1) { _ = FcPatternAddString(pattern, FC_FAMILY, $0) }
        }
        if let language {
            language.withCString { name in
                name.withMemoryRebound(to: FcChar8.self, capacity: language.utf8.count + 1) { _ = FcPatternAddString(pattern, FC_LANG, $0) }
            }
        }
        FcConfigSubstitute(config, pattern, FcMatchPattern)
        FcDefaultSubstitute(pattern)
        var result = FcResultNoMatch
        // Untrimmed: trimming drops a face whose coverage an earlier one already gives (Noto Sans Sinhala
        // behind Noto Serif Sinhala), and the sans one is wanted.
        guard let set = FcFontSort(config, pattern, FcFalse, nil, &result) else { return nil }
        defer { FcFontSetDestroy(set) }
        let wantsSans = family.lowercased().contains("sans")
        // The best candidate of each rank: 0 made for the language and of the chain's style, 1 made for
        // the language, 2 of the chain's style, 3 any face covering the text.
        var best: [FontSource?] = [nil, nil, nil, nil]
        for i in 0..<Int(set.pointee.nfont) {
            guard let font = set.pointee.fonts[i] else { continue }
            var fontCharset: OpaquePointer?
            guard FcPatternGetCharSet(font, FC_CHARSET, 0, &fontCharset) == FcResultMatch,
                  scalars.allSatisfy({ FcCharSetHasChar(fontCharset, $0) != 0 }),
                  let path = FontResolver.strings(font, FC_FILE).first else { continue }
            var index: Int32 = 0
            FcPatternGetInteger(font, FC_INDEX, 0, &index)
            let source = FontSource(path: path, index: Int(index))
            let styleFits = !wantsSans || FontResolver.strings(font, FC_FAMILY).contains(where: { $0.contains("Sans") })
            let rank: Int
            if let language {
                rank = (FontResolver.supports(font, language: language) ? 0 : 2) + (styleFits ? 0 : 1)
            } else {
                rank = styleFits ? 0 : 3
            }
            if rank == 0 { return source }
            if best[rank] == nil { best[rank] = source }
        }
        return best.lazy.compactMap { $0 }.first
    }

    /// Whether fontconfig lists `language` among those `font` has the letters for (its `lang`, made from
    /// the font's coverage of each language's orthography). fontconfig ranks the family names before the
    /// language, so a face no language is listed for (Noto Sans Hanifi Rohingya, for `۔`) can sort
    /// before the one made for the text (Noto Sans Arabic): the language is checked here too.
    private static func supports(_ font: OpaquePointer, language: String) -> Bool {
        var langs: OpaquePointer?
        guard FcPatternGetLangSet(font, FC_LANG, 0, &langs) == FcResultMatch, let langs else { return false }
        return language.withCString { name in
            name.withMemoryRebound(to: FcChar8.self, capacity: language.utf8.count + 1) { FcLangSetHasLang(langs, $0) != FcLangDifferentLang }
        }
    }

    private static func strings(_ pattern: OpaquePointer, _ object: UnsafePointer<CChar>) -> [String] {
        var values: [String] = []
        var n: Int32 = 0
        var value: UnsafeMutablePointer<FcChar8>?
        while FcPatternGetString(pattern, object, n, &value) == FcResultMatch, let value {
            values.append(String(cString: UnsafeRawPointer(value).assumingMemoryBound(to: CChar.self)))
            n += 1
        }
        return values
    }
}
