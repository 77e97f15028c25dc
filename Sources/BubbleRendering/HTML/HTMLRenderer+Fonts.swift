import BubbleFonts
import BubbleMapping
import BubbleTypesetting

/// A face a fragment draws with, the scalars Bubble gave it and its CSS family (``HTMLRenderer/family(of:)``,
/// made once a fragment: every run of the face asks for it).
struct UsedFace {
    let face: FontFace
    var scalars: Set<UInt32>
    let family: String

    init(_ face: FontFace, scalars: Set<UInt32> = []) {
        self.face = face
        self.scalars = scalars
        family = HTMLRenderer.family(of: face)
    }
}

extension [UsedFace] {
    /// The CSS family of `face`, one of these (or made, for a face that is not).
    func family(of face: FontFace) -> String {
        first { $0.face === face }?.family ?? HTMLRenderer.family(of: face)
    }
}

extension HTMLRenderer {
    /// The faces a message is drawn with, the chain's first face first (Blink's primary font: its
    /// metrics are the strut of every line), each with the scalars Bubble gave it.
    func usedFaces(_ shaped: ShapedText) -> [UsedFace] {
        var faces = [UsedFace(shaped.primaryFace)]
        let text = shaped.mapped.text
        for run in shaped.runs {
            guard let face = shaped.face(of: run) else { continue }
            let k: Int
            if let known = faces.firstIndex(where: { $0.face === face }) { k = known } else { faces.append(UsedFace(face)); k = faces.count - 1 }
            HTMLText.forEachScalar(of: text[run.range]) { faces[k].scalars.insert($0) }
        }
        // A face a style's family names is its spans' primary font in Blink only if its range holds the
        // space (CSS Fonts' first available font): Bubble measures its strut, so the space is in its range.
        for k in Set(shaped.styleFaces.filter { $0 >= 0 }) {
            let face = shaped.faces[Int(k)]
            if let known = faces.firstIndex(where: { $0.face === face }) {
                faces[known].scalars.insert(0x20)
            } else {
                faces.append(UsedFace(face, scalars: [0x20]))
            }
        }
        return faces
    }

    /// The stretches Bubble drew in another face than the one their span names first (the primary face,
    /// or the family a style names) where the browser's own fallback could draw a character of them in
    /// another face, each with the family of Bubble's face: the fragment names it first over exactly that
    /// stretch. Blink falls back per character, so a word Bubble drew whole in Noto Sans Arabic because
    /// DejaVu Sans lacks one of its letters (`رہا`, for U+06C1) would otherwise be drawn letter by letter
    /// in both, unjoined and at other widths.
    ///
    /// A stretch is pinned when a face the browser tries first covers one of its characters (other than
    /// joiners and selectors): the span's family, the primary face (whole, no `unicode-range`), or a face
    /// listed before it in `--bubble-fonts`. Coverage, not this fragment's `unicode-range`, since a page
    /// unites the ranges of every fragment on it, and a face's range never holds what it does not cover.
    /// Where no such face covers any, the browser reaches Bubble's face anyway (a Han, Devanagari or Thai
    /// run DejaVu Sans has no letter of), and a span would only cost: Blink rounds each inline item's
    /// width up to a LayoutUnit (1/64 px), so every span boundary can make a line a little wider than
    /// Bubble's (`我们缺乏…,梦想,愿望,…` with each run a span broke one character early at 360 px).
    ///
    /// Runs of one face with only spaces (U+0020) between them are one stretch, when that face's range
    /// holds no space: the browser draws the spaces in the span's next family, as Bubble did, and the
    /// span is one item, not one a word (a 255 px line of eight Hindi words in spans of their own broke
    /// one word early). Nothing but spaces: another character may be in the face's range on a page
    /// where another message gave it that character.
    ///
    /// The line box stays Bubble's: under `lineMetrics: web` a run's face counts in its line at the run's
    /// size (`ShapedText.webExtent`), which is what Blink counts for a font it draws with (its used fonts
    /// under `line-height: normal`), and a face is a span's primary font only when its `unicode-range`
    /// holds U+0020, which ``usedFaces(_:)`` gives only to the primary face (whose strut every line has),
    /// a face that drew a space (counted the same way, since it drew it) or one a style names (whose strut
    /// Bubble measures). The span that names a style's family stays outside a pinned one, so its strut is
    /// still in the line.
    func pinnedRuns(_ shaped: ShapedText, faces: [UsedFace]) -> [(range: Range<Int>, family: String)] {
        let text = shaped.mapped.text
        let primary = faces.family(of: shaped.primaryFace)
        var ranges: [String: Set<UInt32>] = [:]
        var order: [String] = []  // families in `--bubble-fonts` order, as `render` lists them
        for entry in faces {
            let family = entry.family
            ranges[family, default: []].formUnion(entry.scalars)
            if !order.contains(family) { order.append(family) }
        }
        var stretches: [(range: Range<Int>, family: String, pinned: Bool)] = []
        /// How far the last stretch could reach: its end, or past the spaces after it.
        var reach: Int?
        for run in shaped.runs {
            guard run.placeholder == nil, !run.isTab, let face = shaped.face(of: run) else { reach = nil; continue }
            let family = faces.family(of: face)
            let first = shaped.strutFace(ofStyle: run.style)
            if family == faces.family(of: first) {
                let spaces = text[run.range].allSatisfy { $0 == 0x20 }
                let spaceless = stretches.last.map { $0.family != primary && ranges[$0.family]?.contains(0x20) != true } ?? false
                reach = reach == run.range.lowerBound && spaces && spaceless ? run.range.upperBound : nil
                continue
            }
            // The faces the browser tries before this one, in the span's `font-family` order.
            var before = first === shaped.primaryFace ? [] : [first]
            let rank = order.firstIndex(of: family) ?? order.count
            before += faces.filter { (order.firstIndex(of: $0.family) ?? 0) < rank }.map(\.face)
            var elsewhere = false
            HTMLText.forEachScalar(of: text[run.range]) { c in
                if !elsewhere && !FallbackChain.isIgnorable(c) && before.contains(where: { $0.covers(c) }) { elsewhere = true }
            }
            if let last = stretches.last, last.family == family, reach == run.range.lowerBound {
                stretches[stretches.count - 1].range = last.range.lowerBound..<run.range.upperBound
                stretches[stretches.count - 1].pinned = last.pinned || elsewhere
            } else {
                stretches.append((run.range, family, elsewhere))
            }
            reach = run.range.upperBound
        }
        return stretches.filter(\.pinned).map { ($0.range, $0.family) }
    }

    /// The CSS family name of a face: `bubble-` and its family name (the same in every fragment, so
    /// rules from many messages on one page add up to one segmented face per file); its bold and italic
    /// faces share it, told apart by `font-weight` and `font-style`, so `<b>` picks the bold file.
    static func family(of face: FontFace) -> String {
        let name = HTMLText.identifier(face.family)
        return "bubble-" + (name.isEmpty ? String(face.contentHash.prefix(12)) : name)
    }

    /// ``family(of:)`` for a family name (a markup or span face), without its face at hand.
    static func family(named name: String) -> String { "bubble-" + HTMLText.identifier(name) }

    /// `font-weight` and `font-style` descriptors of a face, from its style name (a synthetic bold or
    /// italic is the regular file, which the browser emboldens or slants as Bubble does).
    static func descriptors(of face: FontFace) -> String {
        // ASCII case folding: no other scalar lowercases into these words.
        let style = face.style.utf8.map { $0 >= 0x41 && $0 <= 0x5A ? $0 | 0x20 : $0 }
        func has(_ word: String) -> Bool { style.firstRange(of: Array(word.utf8)) != nil }
        var d = ""
        if has("bold") && !face.syntheticBold { d += ";font-weight:bold" }
        if (has("italic") || has("oblique")) && !face.syntheticItalic { d += ";font-style:italic" }
        return d
    }

    /// `@font-face` rules: the primary face whole; every fallback face limited by `unicode-range` to
    /// what Bubble sent it, so the browser's own fallback cannot pick another face. A face of a font
    /// collection (`.ttc`) is named by `local()` PostScript name, a lone file by its URL.
    func fontFaceRules(_ faces: [UsedFace]) -> String {
        var css = ""
        for (k, entry) in faces.enumerated() {
            let face = entry.face
            var src: [String] = []
            if let ps = face.postScriptName, !HTMLText.identifier(ps).isEmpty { src.append("local(\"" + HTMLText.identifier(ps) + "\")") }
            if face.source.index == 0 || src.isEmpty { src.append("url(\"" + fontURL(face.source.path) + "\")") }
            css += "@font-face{font-family:\"" + entry.family + "\";src:" + src.joined(separator: ",")
                + HTMLRenderer.descriptors(of: face)
            if k > 0 && !entry.scalars.isEmpty { css += ";unicode-range:" + HTMLRenderer.unicodeRange(entry.scalars) }
            css += "}\n"
        }
        return css
    }

    /// Where the browser loads a font file: under `fontBaseURL` by file name, or the file itself.
    func fontURL(_ path: String) -> String {
        // The last non-empty component (a path's trailing slashes dropped), or the path when it has none.
        var name = path
        if let end = path.utf8.lastIndex(where: { $0 != 0x2F }) {
            let start = path.utf8[..<end].lastIndex(of: 0x2F).map(path.utf8.index(after:)) ?? path.startIndex
            name = String(path[start...end])
        }
        /// Letters, digits and `-_./` as they are; any other scalar as `%` and its value in hex.
        func safe(_ s: String) -> String {
            var out: [UInt8] = []
            out.reserveCapacity(s.utf8.count)
            for c in s.unicodeScalars {
                if c.value < 0x80, HTMLText.isASCIILetterOrDigit(UInt8(c.value)) || "-_./".utf8.contains(UInt8(c.value)) {
                    out.append(UInt8(c.value))
                } else {
                    out.append(0x25)
                    out += String(c.value, radix: 16, uppercase: true).leftPadded(2).utf8
                }
            }
            return String(decoding: out, as: UTF8.self)
        }
        if let base = fontBaseURL { return HTMLText.escaped(base.hasSuffix("/") ? base : base + "/") + safe(name) }
        return "file://" + safe(path)
    }

    /// `U+41-5A,U+4E00` from a set of scalars, consecutive ones merged.
    static func unicodeRange(_ scalars: Set<UInt32>) -> String {
        let sorted = scalars.sorted()
        var parts: [String] = []
        var i = 0
        while i < sorted.count {
            var j = i
            while j + 1 < sorted.count && sorted[j + 1] == sorted[j] + 1 { j += 1 }
            let a = String(sorted[i], radix: 16, uppercase: true)
            parts.append(i == j ? "U+" + a : "U+" + a + "-" + String(sorted[j], radix: 16, uppercase: true))
            i = j + 1
        }
        return parts.joined(separator: ",")
    }
}

extension String {
    fileprivate func leftPadded(_ n: Int) -> String { count >= n ? self : String(repeating: "0", count: n - count) + self }
}
