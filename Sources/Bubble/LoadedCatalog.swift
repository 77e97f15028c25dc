package import BubbleMapping

/// An emoji catalog with its reverse index (emoji sequence → first name), built once per catalog.
package struct LoadedCatalog: Sendable {
    package let catalog: EmojiCatalog
    /// The catalog name of each Unicode emoji sequence (the first entry naming it: English before Chinese).
    package let names: [String: String]

    init(_ catalog: EmojiCatalog) {
        self.catalog = catalog
        var names: [String: String] = [:]
        for entry in catalog.entries {
            guard let unicode = entry.unicode, names[unicode] == nil else { continue }
            names[unicode] = entry.name
            // Text emoji often arrive without VS16 (❤ for ❤️): index that spelling too.
            var bare = unicode
            bare.unicodeScalars.removeAll { $0 == "\u{FE0F}" }  // by scalar: VS16 is inside its Character
            if bare != unicode && names[bare] == nil { names[bare] = entry.name }
        }
        self.names = names
    }
}
