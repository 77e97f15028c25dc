internal import CHarfBuzz

/// One glyph of a shaped run, its fields kept together so a run's glyphs are one array, not five.
public struct Glyph: Sendable, Equatable {
    public var id: UInt32
    /// UTF-16 offset of the character it came from, in the text that was shaped.
    public var cluster: Int32
    /// px.
    public var advance: Float
    public var offsetX: Float
    public var offsetY: Float

    @inlinable
    public init(id: UInt32, cluster: Int32, advance: Float, offsetX: Float = 0, offsetY: Float = 0) {
        self.id = id
        self.cluster = cluster
        self.advance = advance
        self.offsetX = offsetX
        self.offsetY = offsetY
    }
}

/// Glyphs of shaped runs, one flat array, appended run after run.
///
/// Positions are CSS px. Clusters are UTF-16 offsets into the text that was shaped (the whole
/// paragraph's text array), so a glyph maps straight back to the character it came from.
public struct GlyphBuffer: Sendable, RandomAccessCollection {
    public var glyphs: [Glyph] = []

    public init() {}

    @inlinable public var startIndex: Int { 0 }
    @inlinable public var endIndex: Int { glyphs.count }
    @inlinable
    public subscript(position: Int) -> Glyph { glyphs[position] }

    public mutating func reserve(_ n: Int) { glyphs.reserveCapacity(n) }

    public mutating func removeAll() { glyphs.removeAll(keepingCapacity: true) }

    @inlinable
    public mutating func append(_ glyph: Glyph) { glyphs.append(glyph) }

    /// Appends glyphs `range` of `other`, adding `clusterOffset` to their clusters.
    public mutating func append(_ other: GlyphBuffer, _ range: Range<Int>, clusterOffset: Int32 = 0) {
        let start = glyphs.count
        other.glyphs.withUnsafeBufferPointer { glyphs.append(contentsOf: UnsafeBufferPointer(rebasing: $0[range])) }
        if clusterOffset != 0 {
            glyphs.withUnsafeMutableBufferPointer { g in
                for i in start..<g.count { g[i].cluster &+= clusterOffset }
            }
        }
    }

    /// Sets the x/y offset of glyph `k` (the word cache keeps offsets apart from the rest).
    @inlinable
    public mutating func setOffset(_ k: Int, x: Float, y: Float) {
        glyphs[k].offsetX = x
        glyphs[k].offsetY = y
    }

    /// Appends `count` glyphs written by `body` into uninitialized space (every one must be written).
    ///
    /// `body` writes into a temporary (on the stack for a word's glyphs), appended in one copy: filling
    /// the array with placeholder glyphs first cost more than the writes themselves.
    @inlinable
    public mutating func append(count: Int, _ body: (UnsafeMutableBufferPointer<Glyph>) -> Void) {
        guard count > 0 else { return }
        withUnsafeTemporaryAllocation(of: Glyph.self, capacity: count) { scratch in
            body(scratch)
            glyphs.append(contentsOf: UnsafeBufferPointer(scratch))
        }
    }
}

extension GlyphBuffer {
    /// Whether every sum of these glyphs' advances comes out the same in any order: each advance is 0 or
    /// at least 1/128 px in size, and the largest size times their count is under 2^21 px. A `Float` at
    /// least 1/128 in size is a whole multiple of 2^-30; so is then every partial sum, all under 2^21 in
    /// size, which a `Double` holds exactly (53 bits): no addition rounds, whatever the order. (Read from
    /// the bits, in one pass with no chain of floating-point additions: every message's shaping pays it.)
    public var advanceSumsAreExact: Bool {
        glyphs.withUnsafeBufferPointer { g in
            var smallest = UInt32.max, largest: UInt32 = 0  // of the sizes' bits, the smallest but zero's
            for glyph in g {
                let bits = glyph.advance.bitPattern & 0x7FFF_FFFF  // a non-negative Float orders as its bits
                largest = Swift.max(largest, bits)
                smallest = Swift.min(smallest, bits == 0 ? .max : bits)
            }
            return smallest >= (0x1p-7 as Float).bitPattern && largest < Float.infinity.bitPattern
                && Double(Float(bitPattern: largest)) * Double(g.count) < 0x1p21
        }
    }

    /// The advances before each glyph added up, px: `count + 1` sums, the first 0. Where
    /// ``advanceSumsAreExact`` holds, `sums[b] - sums[a]` is ``advanceSum(_:)`` of `a..<b`, the same
    /// number (both sums and their difference are exact): a text laid out at many widths gets each fragment's
    /// width from two reads rather than a pass over its glyphs.
    public func advancePrefixSums() -> [Double] {
        glyphs.withUnsafeBufferPointer { g in
            var sums = [Double](repeating: 0, count: g.count + 1)
            var w = 0.0
            for k in g.indices {
                w += Double(g[k].advance)
                sums[k + 1] = w
            }
            return sums
        }
    }

    /// The advances of glyphs `range` added up, px, in order.
    @inlinable
    public func advanceSum(_ range: Range<Int>) -> Double {
        glyphs.withUnsafeBufferPointer { g in
            var w = 0.0
            for k in range { w += Double(g[k].advance) }
            return w
        }
    }
}

/// What a run is shaped as.
package struct ShapingRequest {
    /// The face, not retained: a request lives only while its caller holds the face (the typesetter's
    /// chain, the shaped text's faces). Every thread laying out with an engine shapes with the same faces,
    /// so a retain of one is an atomic write to a cache line the cores pass back and forth.
    package let faceReference: Unmanaged<FontFace>
    package var face: FontFace { faceReference.takeUnretainedValue() }
    /// The face's identity (``FontFace/serial``), with no retain.
    package var faceID: UInt64 { faceReference._withUnsafeGuaranteedRef { $0.serial } }
    /// Font size in px.
    package var size: Double
    /// ISO 15924 script tag, packed big-endian (`Latn`).
    package var script: UInt32
    package var rightToLeft: Bool
    /// BCP 47 language (`zh-Hans`, `ja`), or nil for the process default.
    package var language: String?

    /// A request for `face`, which the caller keeps for as long as it uses the request.
    package init(face: borrowing FontFace, size: Double, script: UInt32, rightToLeft: Bool, language: String? = nil) {
        self.init(faceReference: .passUnretained(face), size: size, script: script, rightToLeft: rightToLeft, language: language)
    }

    /// A request for the face behind `faceReference`, which the caller holds for as long as the request lives.
    package init(faceReference: Unmanaged<FontFace>, size: Double, script: UInt32, rightToLeft: Bool, language: String? = nil) {
        self.faceReference = faceReference
        self.size = size
        self.script = script
        self.rightToLeft = rightToLeft
        self.language = language
    }
}

/// Shapes runs with HarfBuzz. Owns one reusable buffer, so it is not thread-safe: one per thread.
package final class Shaper {
    private let buffer: OpaquePointer
    /// The language last asked for and its HarfBuzz value (a message's runs share one).
    private var lastLanguage: (tag: String, language: hb_language_t?)?
    /// The font last shaped with, its face and scale, and the reference to it this shaper owns: most calls
    /// shape with the same one, so they skip the face's lock. Holding the face keeps its identity its own.
    private var lastFace: FontFace?
    private var lastScale: Int32 = 0
    private var lastFont: OpaquePointer?

    package init() {
        buffer = hb_buffer_create()
        hb_buffer_set_cluster_level(buffer, HB_BUFFER_CLUSTER_LEVEL_MONOTONE_CHARACTERS)
    }

    deinit {
        if let lastFont { hb_font_destroy(lastFont) }
        hb_buffer_destroy(buffer)
    }

    /// Shapes `run` of `context` (UTF-16) and appends its glyphs, in visual order, to `glyphs`.
    ///
    /// HarfBuzz sees the whole `context` so shaping across the run's edges (Arabic joining, marks)
    /// is right; clusters come back as offsets into `context`.
    /// - Returns: the total advance of the run in px.
    @discardableResult
    package func shape(_ context: UnsafeBufferPointer<UInt16>, run: Range<Int>, as request: ShapingRequest,
                      into glyphs: inout GlyphBuffer) -> Double {
        hb_buffer_clear_contents(buffer)
        hb_buffer_add_utf16(buffer, context.baseAddress, Int32(context.count), UInt32(run.lowerBound), Int32(run.count))
        hb_buffer_set_direction(buffer, request.rightToLeft ? HB_DIRECTION_RTL : HB_DIRECTION_LTR)
        hb_buffer_set_script(buffer, hb_script_from_iso15924_tag(request.script))
        if let tag = request.language {
            if let last = lastLanguage, last.tag == tag {
                hb_buffer_set_language(buffer, last.language)
            } else {
                let language = ShapingLanguages.language(tag)
                lastLanguage = (tag, language)
                hb_buffer_set_language(buffer, language)
            }
        } else {
            hb_buffer_set_language(buffer, hb_language_get_default())
        }
        let scale = FontFace.scale(request.size)
        let font: OpaquePointer
        if let known = lastFont, let lastFace, lastFace.serial == request.faceID, lastScale == scale {
            font = known
        } else {
            if let lastFont { hb_font_destroy(lastFont) }
            font = request.face.hbFont(size: request.size)  // a reference this shaper now owns
            lastFace = request.face
            lastScale = scale
            lastFont = font
        }
        hb_shape(font, buffer, nil, 0)
        var count: UInt32 = 0
        guard let infos = hb_buffer_get_glyph_infos(buffer, &count), let positions = hb_buffer_get_glyph_positions(buffer, &count) else {
            return 0
        }
        let n = Int(count)
        let k = Float(request.size) / Float(scale)  // HarfBuzz units → px
        var total: Float = 0
        glyphs.append(count: n) { out in
            for i in 0..<n {
                let p = positions[i]
                let advance = Float(p.x_advance) * k
                out[i] = Glyph(id: infos[i].codepoint, cluster: Int32(infos[i].cluster), advance: advance,
                               offsetX: Float(p.x_offset) * k, offsetY: Float(p.y_offset) * k)
                total += advance
            }
        }
        return Double(total)
    }
}
