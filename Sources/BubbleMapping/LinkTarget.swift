/// Deciding whether a link target is safe to make tappable.
///
/// Bubble only links to `http:`, `https:`, `mailto:` and `tel:` targets, plus `www.` hosts (given
/// `https://`). Anything else — in particular `javascript:`, `data:`, `vbscript:` and `file:`, however
/// they are disguised with case, whitespace or control characters — never becomes a link: its text
/// stays plain text.
package enum LinkTarget {
    /// Schemes a link may use.
    package static let allowedSchemes: Set<String> = ["http", "https", "mailto", "tel"]

    /// The target to link to, or `nil` when `raw` must not become a link.
    ///
    /// Leading and trailing whitespace is dropped; a `www.` target gets `https://` prepended.
    package static func sanitize(_ raw: String) -> String? {
        let trimmed = raw.trimmingASCIIWhitespace
        guard !trimmed.isEmpty else { return nil }
        // Browsers ignore tabs and newlines inside URLs (`java\tscript:`); so must the scheme check.
        var scheme = ""
        var sawColon = false
        for scalar in trimmed.unicodeScalars {
            if scalar == ":" { sawColon = true; break }
            if scalar.value < 0x21 || scalar.value == 0x7F { return nil }  // controls or spaces before the colon
            if scalar == "/" || scalar == "?" || scalar == "#" { break }
            scheme.unicodeScalars.append(scalar)
        }
        if sawColon {
            let lower = scheme.lowercased()
            guard allowedSchemes.contains(lower) else { return nil }
            if lower == "http" || lower == "https" {
                guard trimmed.utf8.count > lower.utf8.count + 3 else { return nil }  // needs "//" and a host
            }
            return trimmed.unicodeScalars.contains(where: { $0.value < 0x20 || $0.value == 0x7F }) ? nil : trimmed
        }
        if trimmed.lowercased().hasPrefix("www.") && trimmed.utf8.count > 4 {
            return trimmed.unicodeScalars.contains(where: { $0.value < 0x20 || $0.value == 0x7F })
                ? nil : "https://" + trimmed
        }
        return nil
    }
}
