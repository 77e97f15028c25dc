import BubbleLock

/// The ordered faces text is set in: the first face that covers a whole grapheme draws it.
///
/// Built once per process (or per distinct `fonts` option) and shared by every thread.
public final class FallbackChain: @unchecked Sendable {
    /// Bubble's default chain: Latin, Greek and Cyrillic; CJK; Noto's script faces; color emoji.
    public static let defaultFamilies = ["DejaVu Sans", "Noto Sans CJK SC", "Noto Sans", "Noto Color Emoji"]

    /// The chain's faces in order (regular style).
    public let faces: [FontFace]
    /// What each entry was asked as (a family name or a path).
    public let names: [String]
    private let lock = Lock()
    /// Faces fontconfig found for code points no chain face covers; appended after the chain.
    private var extra: [FontSource: FontFace] = [:]
    private var styled: [StyleKey: FontFace] = [:]
    /// Faces of families asked for by style (`code` and `pre` ask for the monospace one); nil when not installed.
    private let families = BoundedCache<String, FontFace?>(maxEntries: FallbackChain.maxFamilies, maxBytes: .max)

    private struct StyleKey: Hashable { var face: ObjectIdentifier; var bold: Bool; var italic: Bool; var synthetic: Bool }

    /// Resolves each entry, a family name (through fontconfig) or a font file path (`/…`, `./…`, or
    /// ending in .ttf/.otf/.ttc, with an optional `#index`).
    public init(families: [String] = FallbackChain.defaultFamilies) throws(FontError) {
        var faces: [FontFace] = []
        for name in families {
            faces.append(try FaceStore.shared.face(try FallbackChain.source(for: name)))
        }
        self.faces = faces
        names = families
    }

    static func isPath(_ name: String) -> Bool {
        let lower = name.lowercased()
        return name.hasPrefix("/") || name.hasPrefix("./") || name.hasPrefix("../")
            || [".ttf", ".otf", ".ttc", ".otc"].contains { lower.hasSuffix($0) || lower.contains($0 + "#") }
    }

    static func source(for name: String) throws(FontError) -> FontSource {
        guard isPath(name) else { return try FontResolver.shared.resolve(family: name).source }
        if let hash = name.lastIndex(of: "#"), let index = Int(name[name.index(after: hash)...]) {
            return FontSource(path: String(name[..<hash]), index: index)
        }
        return FontSource(path: name)
    }

    /// Index into ``faces`` of the first face covering every scalar of a grapheme.
    ///
    /// An emoji presentation sequence (a default-emoji code point, VS16, a ZWJ sequence, a flag, a
    /// keycap) tries the chain's color faces first, as browsers do, so 😀 is not drawn with a text
    /// font's monochrome glyph. Default-ignorable joiners and selectors do not need coverage when the
    /// base is covered. Returns nil when no chain face covers it.
    package func faceIndex(forGrapheme scalars: some Collection<UInt32>, prefersEmoji: Bool) -> Int? {
        if prefersEmoji {
            for (i, face) in faces.enumerated() where face.isColor && covers(face, scalars) { return i }
        }
        for (i, face) in faces.enumerated() where covers(face, scalars) { return i }
        return nil
    }

    /// ``faceIndex(forGrapheme:prefersEmoji:)`` for an array, without generic dispatch (the itemizer's call).
    package func faceIndex(forGrapheme scalars: [UInt32], prefersEmoji: Bool) -> Int? {
        if prefersEmoji {
            for (i, face) in faces.enumerated() where face.isColor && covers(face, scalars) { return i }
        }
        for (i, face) in faces.enumerated() where covers(face, scalars) { return i }
        return nil
    }

    @inline(__always)
    private func covers(_ face: FontFace, _ scalars: [UInt32]) -> Bool {
        for s in scalars where !face.covers(s) {
            if FallbackChain.isIgnorable(s) { continue }
            return false
        }
        return true
    }

    @inline(__always)
    private func covers(_ face: FontFace, _ scalars: some Collection<UInt32>) -> Bool {
        for s in scalars where !face.covers(s) {
            if s == 0x200D || s == 0x200C || (s >= 0xFE00 && s <= 0xFE0F) || (s >= 0xE0100 && s <= 0xE01EF) { continue }
            return false
        }
        return true
    }

    /// A face found by fontconfig for a code point the chain does not cover (cached per face file).
    package func fallbackFace(covering scalar: UInt32) -> FontFace? {
        let near = names.first(where: { !FallbackChain.isPath($0) }) ?? "sans-serif"
        guard let source = FontResolver.shared.face(covering: scalar, near: near) else { return nil }
        lock.lock()
        defer { lock.unlock() }
        if let face = extra[source] { return face }
        guard let face = try? FaceStore.shared.face(source), face.covers(scalar) else { return nil }
        extra[source] = face
        return face
    }

    /// The regular face of `family` (fontconfig's match, kept only when its family name is the one asked
    /// for), cached by lowercased name, misses included; nil when no such family is installed.
    ///
    /// Callers pass only names from a declared list (``TextStyle`` faces come from the `faceFamilies`
    /// option, checked by the mapper; `code` asks for the monospace family), so the cache holds what those
    /// lists name. It is still capped at ``maxFamilies``, least recently used dropped past it, so even
    /// many lists over a long batch keep memory bounded.
    package func familyFace(_ family: String) -> FontFace? {
        let key = family.lowercased()
        if let known = families.value(for: key) { return known }
        var face: FontFace?
        if let match = try? FontResolver.shared.resolve(family: family), let found = try? FaceStore.shared.face(match.source),
           found.family.lowercased() == key {
            face = found
        }
        families.insert(face, for: key, bytes: 0)
        return face
    }

    /// Most families ``familyFace(_:)`` keeps (the `faceFamilies` option allows 16, plus the monospace one).
    package static let maxFamilies = 64

    /// Families ``familyFace(_:)`` keeps now (found or not).
    package var familyCount: Int { families.count }

    /// Whether `face` draws every scalar of a grapheme (joiners and selectors excepted).
    package func faceCovers(_ face: FontFace, _ scalars: [UInt32]) -> Bool { covers(face, scalars) }
    /// A face found by fontconfig covering every scalar of a cluster (or a word) in `script` (an ISO
    /// 15924 tag packed big-endian, 0 when neutral), cached per face file like ``fallbackFace(covering:)``.
    /// Default-ignorable joiners and selectors need no coverage.
    package func fallbackFace(covering scalars: [UInt32], script: UInt32) -> FontFace? {
        let needed = scalars.filter { !FallbackChain.isIgnorable($0) }
        guard !needed.isEmpty else { return nil }
        let near = names.first(where: { !FallbackChain.isPath($0) }) ?? "sans-serif"
        guard let source = FontResolver.shared.face(covering: needed, language: FallbackChain.language(ofScript: script), near: near)
        else { return nil }
        lock.lock()
        defer { lock.unlock() }
        if let face = extra[source] { return face }
        guard let face = try? FaceStore.shared.face(source), needed.allSatisfy({ face.covers($0) }) else { return nil }
        extra[source] = face
        return face
    }

    /// Whether every scalar of `scalars` is drawn by `face` (default-ignorable joiners and selectors excepted).
    package func covers(_ face: FontFace, all scalars: [UInt32]) -> Bool { covers(face, scalars) }

    /// ZWJ, ZWNJ and variation selectors: drawn by whichever face draws their base.
    @inline(__always)
    package static func isIgnorable(_ s: UInt32) -> Bool {
        s == 0x200D || s == 0x200C || (s >= 0xFE00 && s <= 0xFE0F) || (s >= 0xE0100 && s <= 0xE01EF)
    }

    /// A language fontconfig knows for text in `script` (ISO 15924, packed big-endian): the hint that
    /// puts the faces made for the script first (Noto Sans Tamil before Noto Sans Grantha for Tamil
    /// letters). Nil for neutral and unlisted scripts.
    static func language(ofScript script: UInt32) -> String? {
        guard script != 0 else { return nil }
        let tag = String(decoding: [UInt8(script >> 24), UInt8((script >> 16) & 0xFF), UInt8((script >> 8) & 0xFF), UInt8(script & 0xFF)], as: UTF8.self)
        return scriptLanguages[tag]
    }

    private static let scriptLanguages: [String: String] = [
        "Arab": "ar", "Hebr": "he", "Syrc": "syr", "Thaa": "dv", "Nkoo": "nqo", "Deva": "hi", "Beng": "bn",
        "Guru": "pa", "Gujr": "gu", "Orya": "or", "Taml": "ta", "Telu": "te", "Knda": "kn", "Mlym": "ml",
        "Sinh": "si", "Thai": "th", "Laoo": "lo", "Tibt": "bo", "Mymr": "my", "Khmr": "km", "Ethi": "am",
        "Geor": "ka", "Armn": "hy", "Mong": "mn-cn", "Hang": "ko", "Hira": "ja", "Kana": "ja", "Hani": "zh-cn",
        "Cher": "chr", "Cans": "iu", "Tfng": "ber-ma", "Olck": "sat", "Yiii": "ii",
    ]

    /// ``styledFace(_:bold:italic:)`` where it covers `scalars` (a cluster); else `face` itself, emboldened
    /// or slanted. DejaVu Sans has Arabic letters but DejaVu Sans Oblique has none: italic Arabic stays in
    /// the upright file, slanted, as a browser synthesizes the style a family's face lacks.
    package func styledFace(_ face: FontFace, bold: Bool, italic: Bool, covering scalars: [UInt32]) -> FontFace {
        let styled = styledFace(face, bold: bold, italic: italic)
        if styled === face || covers(styled, scalars) { return styled }
        return styledFace(face, bold: bold, italic: italic, synthetic: true)
    }

    /// The bold and/or italic face of the family `face` belongs to, or `face` itself with synthetic
    /// emboldening/slant when the family has no such face (or when `synthetic`).
    package func styledFace(_ face: FontFace, bold: Bool, italic: Bool, synthetic: Bool = false) -> FontFace {
        guard bold || italic else { return face }
        let key = StyleKey(face: ObjectIdentifier(face), bold: bold, italic: italic, synthetic: synthetic)
        lock.lock()
        if let found = styled[key] { lock.unlock(); return found }
        lock.unlock()
        var result = face
        if !face.isColor, !synthetic, let match = try? FontResolver.shared.resolve(family: face.family, bold: bold, italic: italic) {
            let needBold = bold && !match.hasBold, needItalic = italic && !match.hasItalic
            if let real = try? FaceStore.shared.face(match.source, syntheticBold: needBold, syntheticItalic: needItalic) {
                result = real
            }
        } else if !face.isColor, let synthetic = try? FaceStore.shared.face(face.source, syntheticBold: bold, syntheticItalic: italic) {
            result = synthetic
        }
        lock.lock()
        styled[key] = result
        lock.unlock()
        return result
    }
}
