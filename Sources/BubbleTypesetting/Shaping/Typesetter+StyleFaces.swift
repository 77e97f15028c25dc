import BubbleFonts
import BubbleMapping
import BubbleUnicode

/// The faces that styles name (`code`, `pre`, a span's or markup's face), for their line metrics.
extension Typesetter {
    /// Fills `styleFaces`: the face each style's family names (styled bold or italic as its spans are),
    /// added to the message's faces when no run drew with it (its metrics still shape the line).
    @inline(never)
    func resolveStyleFaces(_ shaped: inout ShapedText.Content) {
        var indices: [Int32] = []
        for style in shaped.styles {
            guard let family = style.faceFamily, var face = fonts.familyFace(family) else { indices.append(-1); continue }
            if style.bold || style.italic { face = fonts.styledFace(face, bold: style.bold, italic: style.italic) }
            if let k = shaped.faces.firstIndex(where: { $0 === face }) {
                indices.append(Int32(k))
            } else {
                indices.append(Int32(shaped.faces.count))
                shaped.faces.append(face)
            }
        }
        if indices.contains(where: { $0 >= 0 }) { shaped.styleFaces = indices }
    }
}
