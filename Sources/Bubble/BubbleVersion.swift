import BubbleFonts
import BubbleJSON
import BubbleRegex
import BubbleUnicode
import BubbleLock

/// What this build of Bubble is: its version and commit (compiled in from `VERSION` and git by
/// Plugins/EmbedFiles) and the C libraries it runs on. `bubble --version`, `bubble version --json`
/// and the service's `/healthz` and `/metrics` all report it from here.
public enum BubbleVersion {
    /// Bubble's version (the `VERSION` file), e.g. "0.1.0".
    public static let version = BuildInfo.version
    /// The git commit the build was made from, or "unknown" outside a git checkout.
    public static let commit = BuildInfo.commit

    /// The linked libraries' versions, in a fixed order: harfbuzz, freetype, icu, unicode (ICU's
    /// Unicode data), pcre2, fontconfig.
    public static var libraries: [(name: String, version: String)] {
        [("harfbuzz", FontLibraryVersions.harfBuzz), ("freetype", FontLibraryVersions.freeType),
         ("icu", ICU.version), ("unicode", ICU.unicodeVersion), ("pcre2", RegexLibrary.version),
         ("fontconfig", FontLibraryVersions.fontconfig)]
    }

    /// `bubble --version`'s line: `bubble 0.1.0 (abc1234) harfbuzz 8.3.0 freetype 2.12.1 …`.
    public static var line: String {
        "bubble \(version) (\(commit.prefix(12)))" + libraries.map { " \($0.name) \($0.version)" }.joined()
    }

    /// `{"bubble": VERSION, "commit", "libraries": {...}, "fonts"?: FINGERPRINT}`, keys in this order.
    package static func json(fonts: String?) -> String {
        var text = "{\"bubble\":\(quoted(version)),\"commit\":\(quoted(commit)),\"libraries\":{"
        text += libraries.map { "\(quoted($0.name)):\(quoted($0.version))" }.joined(separator: ",") + "}"
        if let fonts { text += ",\"fonts\":\(quoted(fonts))" }
        return text + "}"
    }

    /// `text` as a JSON string (``JSONQuoting``, as every output of Bubble writes one).
    static func quoted(_ text: String) -> String { JSONQuoting.quoted(text) }
}

extension BubbleEngine {
    /// A fingerprint of the default font set: 16 hex digits over each face's family, style, file and
    /// content hash, in fallback order. Two hosts with the same fingerprint lay out the same bytes.
    /// Reading every font file once, it takes a moment; it is worked out once per engine.
    package var fontFingerprint: String {
        fingerprintBox.value {
            var hash: UInt64 = 0xcbf2_9ce4_8422_2325
            for face in defaultFontFaces {
                for byte in "\(face.family)\u{1F}\(face.style)\u{1F}\(face.source.path)\u{1F}\(face.contentHash)\u{1E}".utf8 {
                    hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3
                }
            }
            let hex = String(hash, radix: 16)
            return String(repeating: "0", count: 16 - hex.count) + hex
        }
    }
}

/// A text made once, on first use, under a lock.
final class LazyText: @unchecked Sendable {
    private let lock = Lock()
    private var text: String?

    func value(_ make: () -> String) -> String {
        lock.lock()
        defer { lock.unlock() }
        if let text { return text }
        let made = make()
        text = made
        return made
    }
}
