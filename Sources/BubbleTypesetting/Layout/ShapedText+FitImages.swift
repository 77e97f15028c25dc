extension ShapedText {
    /// This text with every image placeholder wider than `width` scaled down to it, aspect ratio kept
    /// (the seeds' image spans and `<img>`: an image never overflows its line).
    ///
    /// Fitting is the layout's job, not the mapper's or the shaper's, so a shaped text depends on no
    /// width: one shaped message serves every width, and each width fits its images again. Catalog emoji
    /// keep their size. Returns `self` when no image is wider than `width`.
    func fittingImages(to width: Double) -> ShapedText {
        guard width > 0, hasImage(wider: width) else { return self }
        var c = content
        // Shrink each wide image, then take the shrink out of every prefix sum after it.
        var shrinkAfter: [(index: Int, shrink: Double)] = []
        for k in c.placeholders.indices where c.placeholders[k].width > width && c.placeholders[k].isImage {
            let p = c.placeholders[k]
            let scale = width / p.width
            c.placeholders[k].width = width
            c.placeholders[k].ascent = p.ascent * scale
            c.placeholders[k].descent = p.descent * scale
            shrinkAfter.append((p.placeholder.index.utf16, p.width - width))
        }
        var total = 0.0, next = 0
        for i in c.advanceBefore.indices {
            while next < shrinkAfter.count, shrinkAfter[next].index < i {
                total += shrinkAfter[next].shrink
                next += 1
            }
            c.advanceBefore[i] -= total
        }
        return ShapedText(c)
    }

    /// Whether an image placeholder is wider than `width`: the width first, read in place, so the
    /// common message (catalog emoji narrower than any line) never copies a placeholder's content to
    /// ask its kind.
    func hasImage(wider width: Double) -> Bool {
        let placeholders = self.placeholders
        for k in placeholders.indices where placeholders[k].width > width && placeholders[k].isImage { return true }
        return false
    }
}

extension ResolvedPlaceholder {
    /// Whether it shows an image span or `<img>` (fitted to the line), not a catalog emoji.
    var isImage: Bool {
        if case .image = placeholder.content { return true }
        return false
    }
}
