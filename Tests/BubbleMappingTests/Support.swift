import BubbleTestSupport
import Foundation
@testable import BubbleMapping

/// The folder of the test fixtures (beside this file).
let fixtures: String = {
    let here = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    return here.appendingPathComponent("Fixtures").path
}()

/// The fixture catalog, loaded once.
let fixtureCatalog: EmojiCatalog = {
    do { return try EmojiCatalog(contentsOf: fixtures + "/catalog.json") } catch { fatalError("fixture catalog: \(error)") }
}()

/// A mapper over the fixture catalog.
func mapper(_ options: MappingOptions = MappingOptions()) -> Mapper {
    Mapper(catalog: fixtureCatalog, options: options)
}

/// The mapped text with placeholders as `{name}` and links as `<m:…>`, `<u:…>`, `<l:…>`.
func annotate(_ mapped: MappedText) -> String {
    var result: [UInt16] = []
    var links = mapped.links[...]
    var placeholders = mapped.placeholders[...]
    for (i, unit) in mapped.text.enumerated() {
        if let link = links.first, link.range.lowerBound.utf16 == i {
            let tag: String = switch link.kind { case .mention: "m"; case .url: "u"; case .link: "l"; case .more: "more"; default: link.kind.rawValue }
            result += Array("<\(tag):".utf16)
        }
        if let placeholder = placeholders.first, placeholder.index.utf16 == i {
            placeholders = placeholders.dropFirst()
            switch placeholder.content {
            case .token(let name, _, _): result += Array("{\(name)}".utf16)
            case .image(let source): result += Array("{img:\(source)}".utf16)
            }
        } else {
            result.append(unit)
        }
        if let link = links.first, link.range.upperBound.utf16 == i + 1 {
            result += Array(">".utf16)
            links = links.dropFirst()
        }
    }
    return String(decoding: result, as: UTF16.self)
}

/// The source message rebuilt from the mapped text and the offset map: copied pieces come from the mapped
/// text, replaced pieces from what the mapper says it replaced (a placeholder's `[name]`, an escape's
/// backslash, a literal U+FFFC's U+FFFD).
func reconstructSource(_ mapped: MappedText) -> [UInt16]? {
    var result: [UInt16] = []
    for piece in mapped.offsets.pieces {
        let text = Array(mapped.text[piece.mapped])
        if piece.copies {
            result += text
        } else if text == [placeholderCharacter], let placeholder = mapped.placeholder(at: MappedIndex(piece.mapped.lowerBound)),
                  case .token(let name, _, _) = placeholder.content {
            result += Array("[\(name)]".utf16)
        } else if text.isEmpty && piece.source.count == 1 {
            result.append(0x5C)
        } else if text == [0xFFFD] && piece.source.count == 1 {
            result.append(placeholderCharacter)
        } else {
            return nil
        }
    }
    return result
}

/// The property tests' generator, shared with the other suites.
typealias SplitMix64 = SeededGenerator
