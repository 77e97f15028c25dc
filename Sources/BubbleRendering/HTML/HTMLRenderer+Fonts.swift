import BubbleFonts
import BubbleTypesetting

extension HTMLRenderer {
    /// The faces a message is drawn with, the chain's first face first (Blink's primary font: its
    /// metrics are the strut of every line), each with the scalars Bubble gave it.
    func usedFaces(_ shaped: ShapedText) -> [(face: FontFace, scalars: Set<UInt32>)] {
        var faces: [(face: FontFace, scalars: Set<UInt32>)] = [(shaped.primaryFace, [])]
        let text = shaped.mapped.text
        for run in shaped.runs {
            guard let face = shaped.face(of: run) else { continue }
            let k: Int
            if let known = faces.firstIndex(where: { $0.face === face }) { k = known } else { faces.append((face, [])); k = faces.count - 1 }
            for scalar in String(decoding: text[run.range], as: UTF16.self).unicodeScalars { faces[k].scalars.insert(scalar.value) }
        }
        // A face a style's family names is its spans' primary font in Blink only if its range holds the
        // space (CSS Fonts' first available font): Bubble measures its strut, so the space is in its range.
        for k in Set(shaped.styleFaces.filter { $0 >= 0 }) {
            let face = shaped.faces[Int(k)]
            if let known = faces.firstIndex(where: { $0.face === face }) {
                faces[known].scalars.insert(0x20)
            } else {
                faces.append((face, [0x20]))
            }
        }
        return faces
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
        let style = face.style.lowercased()
        var d = ""
        if style.contains("bold") && !face.syntheticBold { d += ";font-weight:bold" }
        if (style.contains("italic") || style.contains("oblique")) && !face.syntheticItalic { d += ";font-style:italic" }
        return d
    }

    /// `@font-face` rules: the primary face whole; every fallback face limited by `unicode-range` to
    /// what Bubble sent it, so the browser's own fallback cannot pick another face. A face of a font
    /// collection (`.ttc`) is named by `local()` PostScript name, a lone file by its URL.
    func fontFaceRules(_ faces: [(face: FontFace, scalars: Set<UInt32>)]) -> String {
        var css = ""
        for (k, entry) in faces.enumerated() {
            let face = entry.face
            var src: [String] = []
            if let ps = face.postScriptName, !HTMLText.identifier(ps).isEmpty { src.append("local(\"" + HTMLText.identifier(ps) + "\")") }
            if face.source.index == 0 || src.isEmpty { src.append("url(\"" + fontURL(face.source.path) + "\")") }
            css += "@font-face{font-family:\"" + HTMLRenderer.family(of: face) + "\";src:" + src.joined(separator: ",")
                + HTMLRenderer.descriptors(of: face)
            if k > 0 && !entry.scalars.isEmpty { css += ";unicode-range:" + HTMLRenderer.unicodeRange(entry.scalars) }
            css += "}\n"
        }
        return css
    }

    /// Where the browser loads a font file: under `fontBaseURL` by file name, or the file itself.
    func fontURL(_ path: String) -> String {
        let name = path.split(separator: "/").last.map(String.init) ?? path
        let safe = { (s: String) in s.unicodeScalars.map { c -> String in
            (c.value < 0x80 && (c.properties.isAlphabetic || ("0"..."9").contains(c) || "-_./".unicodeScalars.contains(c)))
                ? String(c) : "%" + String(c.value, radix: 16, uppercase: true).leftPadded(2) }.joined() }
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
