import Bubble

#if canImport(Glibc)
import Glibc
#endif

/// `--adversarial`: the cost of hostile 64 KB messages as a ratio to a plain 64 KB message (corpus text),
/// each laid out whole (no `maxLines`, so no prefix shortcut) with the peer configuration. Linear work
/// keeps every ratio near 1; the bound is 5. Prints one row per message and a JSON line; exits 1 when a
/// ratio is over the bound.
func adversarial(corpusPath: String) {
    let corpus = loadCorpus(corpusPath)
    var options = peerOptions()
    options.maxLines = 0
    let engine: BubbleEngine
    do { engine = try BubbleEngine(options: options, catalog: peerCatalog()) } catch { fail("\(error)") }
    let size = 64_000  // UTF-8 bytes, under the default maxMessageLength of 65,536

    /// `unit` repeated up to `size` bytes.
    func repeated(_ unit: String) -> String {
        let n = max(1, size / unit.utf8.count)
        return String(repeating: unit, count: n)
    }
    var plain = ""
    for m in corpus where plain.utf8.count + m.text.utf8.count + 1 <= size {
        plain += m.text.filter { $0 != "\n" } + " "
    }
    let marks = (0x300...0x30F).map { String(Unicode.Scalar($0)!) }.joined()
    let tenThousandMarks = "a" + String(repeating: "\u{301}", count: 10_000) + " "
    let messages: [(name: String, text: String)] = [
        ("plain", plain),
        ("www.", repeated("www.")),
        ("@", repeated("@")),
        ("[", repeated("[")),
        ("http://", repeated("http://")),
        ("@a.b", repeated("@a.b")),
        ("[a", repeated("[a")),
        ("combining marks", repeated("a" + marks + " ")),
        ("bidi controls", repeated("\u{202B}א\u{202A}a\u{202C}\u{2067}ב\u{2066}b\u{2069}\u{200F}")),
        ("long word", repeated("a")),
        ("long Arabic word", repeated("ب")),
        ("one grapheme of 10k marks", tenThousandMarks + prefix(of: plain, bytes: size - tenThousandMarks.utf8.count)),
        ("tabs", repeated("a\t")),
        ("line feeds", repeated("a\n")),
    ]
    func prefix(of text: String, bytes: Int) -> String {
        var out = String.UnicodeScalarView(), n = 0
        for s in text.unicodeScalars {
            n += String(s).utf8.count
            if n > bytes { break }
            out.append(s)
        }
        return String(out)
    }
    func time(_ text: String) -> Double {
        var best = Double.infinity
        for _ in 0..<5 {
            let t0 = now(CLOCK_MONOTONIC)
            do { _ = try engine.layout(text: text) } catch { fail("\(error)") }
            best = min(best, now(CLOCK_MONOTONIC) - t0)
        }
        return best
    }
    for m in messages { _ = try? engine.layout(text: m.text) }  // warm: fonts, fallback faces, word cache
    let base = time(plain)
    var worst = 0.0
    var rows: [String] = []
    print("| message (64 KB) | bytes | ms | ratio to plain |\n|---|---:|---:|---:|")
    for m in messages {
        let t = time(m.text)
        let ratio = t / base
        worst = max(worst, ratio)
        print("| \(m.name) | \(m.text.utf8.count) | \(fixed(t * 1e3, 2)) | \(fixed(ratio, 2)) |")
        rows.append("\"\(m.name)\": \(fixed(ratio, 3))")
    }
    print("{\"adversarial\": {\(rows.joined(separator: ", "))}, \"worst\": \(fixed(worst, 3)), \"bound\": 5}")
    if worst > 5 { exit(1) }
}
