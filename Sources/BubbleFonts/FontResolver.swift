internal import CFontconfig
import BubbleLock

/// Finds installed fonts through fontconfig: a family by name, or a face that covers a code point.
///
/// fontconfig is initialised once per process; look-ups hold a lock (its config is not safe to
/// query from several threads at once) and coverage answers are cached per code point.
package final class FontResolver: @unchecked Sendable {
    package static let shared = FontResolver()

    private let lock = Lock()
    private let config: OpaquePointer?
    private var coverageCache: [UInt32: FontSource?] = [:]
    /// Answers for whole clusters and words (bounded: emptied when it reaches ``clusterCacheLimit``).
    private var clusterCache: [ClusterKey: FontSource?] = [:]
    private struct ClusterKey: Hashable { var scalars: [UInt32]; var language: String? }
    /// Most cluster answers kept before the cache starts again.
    static let clusterCacheLimit = 4096

    private init() {
        config = FcInitLoadConfigAndFonts()
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
        if let cached = coverageCache[scalar] { return cached }
        let found = lookUp(covering: scalar, near: family)
        coverageCache[scalar] = found
        return found
    }

    /// An installed face that covers every one of `scalars` (a grapheme cluster or a whole word), for
    /// text in `language` (a BCP 47 tag fontconfig knows, such as `ta`; nil when unknown).
    ///
    /// Coverage of the whole cluster is required, not only of its first character: a Tamil consonant
    /// alone is also in Noto Sans Grantha, which has no Tamil vowel signs. The language puts the faces
    /// made for it first; among equals, a face of the same style as `family` (a "Sans" for a sans chain)
    /// wins over a display or serif one (Noto Sans Arabic rather than Noto Kufi Arabic).
    package func face(covering scalars: [UInt32], language: String?, near family: String = "sans-serif") -> FontSource? {
        if scalars.count == 1 && language == nil { return face(covering: scalars[0], near: family) }
        let key = ClusterKey(scalars: scalars, language: language)
        lock.lock()
        defer { lock.unlock() }
        if let cached = clusterCache[key] { return cached }
        let found = lookUp(covering: scalars, language: language, near: family)
        if clusterCache.count >= FontResolver.clusterCacheLimit { clusterCache.removeAll(keepingCapacity: true) }
        clusterCache[key] = found
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
        var first: FontSource?
        for i in 0..<Int(set.pointee.nfont) {
            guard let font = set.pointee.fonts[i] else { continue }
            var fontCharset: OpaquePointer?
            guard FcPatternGetCharSet(font, FC_CHARSET, 0, &fontCharset) == FcResultMatch,
                  scalars.allSatisfy({ FcCharSetHasChar(fontCharset, $0) != 0 }),
                  let path = FontResolver.strings(font, FC_FILE).first else { continue }
            var index: Int32 = 0
            FcPatternGetInteger(font, FC_INDEX, 0, &index)
            let source = FontSource(path: path, index: Int(index))
            if !wantsSans || FontResolver.strings(font, FC_FAMILY).contains(where: { $0.contains("Sans") }) { return source }
            if first == nil { first = source }
        }
        return first
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
