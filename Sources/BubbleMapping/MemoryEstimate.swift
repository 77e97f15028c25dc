/// Heap bytes a value holds, estimated from what it stores: what a cache charges an entry (see
/// `BoundedCache`). Counts array capacities (not counts) times their elements' strides plus a header,
/// and strings too long to be stored inline; shared storage is counted by every holder, so the estimate
/// errs high.
package enum MemoryEstimate {
    /// A Swift array's heap header (object header, count and capacity) on 64-bit platforms.
    package static let arrayHeader = 32
    /// A native string's heap header; strings of up to 15 UTF-8 bytes are stored inline and cost nothing.
    package static let stringHeader = 32

    @inline(__always)
    package static func array<T>(_ a: [T]) -> Int {
        a.capacity == 0 ? 0 : arrayHeader + a.capacity * MemoryLayout<T>.stride
    }

    @inline(__always)
    package static func string(_ s: String?) -> Int {
        guard let n = s?.utf8.count, n > 15 else { return 0 }
        return stringHeader + n + 1
    }

    /// A dictionary of strings: its slots (key and value strides, at its capacity) and its strings.
    package static func dictionary(_ d: [String: String]) -> Int {
        guard d.capacity > 0 else { return 0 }
        var total = arrayHeader + d.capacity * (MemoryLayout<String>.stride * 2 + 1)
        for (key, value) in d { total += string(key) + string(value) }
        return total
    }
}

extension MappedText {
    /// The heap bytes this mapped text holds (see ``MemoryEstimate``): its arrays, the strings they hold,
    /// and the offset map's (the source's units once when the text shares them).
    package var estimatedBytes: Int {
        var total = MemoryEstimate.array(text) + MemoryEstimate.array(placeholders) + MemoryEstimate.array(links)
            + MemoryEstimate.array(styles) + MemoryEstimate.array(highlights) + MemoryEstimate.array(quotes)
            + MemoryEstimate.array(warnings)
        for p in placeholders {
            switch p.content {
            case let .token(name, unicode, image):
                total += MemoryEstimate.string(name) + MemoryEstimate.string(unicode) + MemoryEstimate.string(image)
            case let .image(source):
                total += MemoryEstimate.string(source)
            }
        }
        for link in links { total += MemoryEstimate.string(link.target) + MemoryEstimate.string(link.kind.rawValue) }
        for run in styles { total += MemoryEstimate.string(run.style.color) + MemoryEstimate.string(run.style.family) }
        for h in highlights { total += MemoryEstimate.string(h.textColor) + MemoryEstimate.string(h.backgroundColor) }
        return total + offsets.estimatedBytes(besides: text)
    }
}
