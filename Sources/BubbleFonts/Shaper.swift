internal import CHarfBuzz

/// Glyphs of shaped runs, in flat arrays (one entry per glyph), appended run after run.
///
/// Positions are CSS px. `clusters` are UTF-16 offsets into the text that was shaped (the whole
/// paragraph's text array), so a glyph maps straight back to the character it came from.
public struct GlyphBuffer: Sendable {
    public var ids: [UInt32] = []
    public var clusters: [Int32] = []
    public var advances: [Float] = []
    public var offsetsX: [Float] = []
    public var offsetsY: [Float] = []

    public init() {}

    public var count: Int { ids.count }

    public mutating func reserve(_ n: Int) {
        ids.reserveCapacity(n); clusters.reserveCapacity(n); advances.reserveCapacity(n)
        offsetsX.reserveCapacity(n); offsetsY.reserveCapacity(n)
    }

    public mutating func removeAll() {
        ids.removeAll(keepingCapacity: true); clusters.removeAll(keepingCapacity: true)
        advances.removeAll(keepingCapacity: true); offsetsX.removeAll(keepingCapacity: true)
        offsetsY.removeAll(keepingCapacity: true)
    }

    /// Appends glyphs `range` of `other`, adding `clusterOffset` to their clusters.
    public mutating func append(_ other: GlyphBuffer, _ range: Range<Int>, clusterOffset: Int32 = 0) {
        if range.count <= 4 {  // most words: element by element beats five bulk copies
            for k in range {
                ids.append(other.ids[k])
                clusters.append(other.clusters[k] &+ clusterOffset)
                advances.append(other.advances[k])
                offsetsX.append(other.offsetsX[k])
                offsetsY.append(other.offsetsY[k])
            }
            return
        }
        GlyphBuffer.append(other.ids, range, to: &ids)
        GlyphBuffer.append(other.advances, range, to: &advances)
        GlyphBuffer.append(other.offsetsX, range, to: &offsetsX)
        GlyphBuffer.append(other.offsetsY, range, to: &offsetsY)
        let start = clusters.count
        GlyphBuffer.append(other.clusters, range, to: &clusters)
        if clusterOffset != 0 {
            clusters.withUnsafeMutableBufferPointer { c in
                for i in start..<c.count { c[i] &+= clusterOffset }
            }
        }
    }

    @inline(__always)
    private static func append<T>(_ source: [T], _ range: Range<Int>, to target: inout [T]) {
        source.withUnsafeBufferPointer { target.append(contentsOf: UnsafeBufferPointer(rebasing: $0[range])) }
    }
}

/// What a run is shaped as.
public struct ShapingRequest {
    public var face: FontFace
    /// Font size in px.
    public var size: Double
    /// ISO 15924 script tag, packed big-endian (`Latn`).
    public var script: UInt32
    public var rightToLeft: Bool
    /// BCP 47 language (`zh-Hans`, `ja`), or nil for the process default.
    public var language: String?

    public init(face: FontFace, size: Double, script: UInt32, rightToLeft: Bool, language: String? = nil) {
        self.face = face
        self.size = size
        self.script = script
        self.rightToLeft = rightToLeft
        self.language = language
    }
}

/// Shapes runs with HarfBuzz. Owns one reusable buffer, so it is not thread-safe: one per thread.
public final class Shaper {
    private let buffer: OpaquePointer

    public init() {
        buffer = hb_buffer_create()
        hb_buffer_set_cluster_level(buffer, HB_BUFFER_CLUSTER_LEVEL_MONOTONE_CHARACTERS)
    }

    deinit { hb_buffer_destroy(buffer) }

    /// Shapes `run` of `context` (UTF-16) and appends its glyphs, in visual order, to `glyphs`.
    ///
    /// HarfBuzz sees the whole `context` so shaping across the run's edges (Arabic joining, marks)
    /// is right; clusters come back as offsets into `context`.
    /// - Returns: the total advance of the run in px.
    @discardableResult
    public func shape(_ context: UnsafeBufferPointer<UInt16>, run: Range<Int>, as request: ShapingRequest,
                      into glyphs: inout GlyphBuffer) -> Double {
        hb_buffer_clear_contents(buffer)
        hb_buffer_add_utf16(buffer, context.baseAddress, Int32(context.count), UInt32(run.lowerBound), Int32(run.count))
        hb_buffer_set_direction(buffer, request.rightToLeft ? HB_DIRECTION_RTL : HB_DIRECTION_LTR)
        hb_buffer_set_script(buffer, hb_script_from_iso15924_tag(request.script))
        if let language = request.language {
            hb_buffer_set_language(buffer, hb_language_from_string(language, -1))
        } else {
            hb_buffer_set_language(buffer, hb_language_get_default())
        }
        let font = request.face.hbFont(size: request.size)
        hb_shape(font, buffer, nil, 0)
        var count: UInt32 = 0
        guard let infos = hb_buffer_get_glyph_infos(buffer, &count), let positions = hb_buffer_get_glyph_positions(buffer, &count) else {
            return 0
        }
        let n = Int(count)
        let k = Float(request.size) / Float(FontFace.scale(request.size))  // HarfBuzz units → px
        glyphs.reserve(glyphs.count + n)
        var total: Float = 0
        for i in 0..<n {
            let p = positions[i]
            let advance = Float(p.x_advance) * k
            glyphs.ids.append(infos[i].codepoint)
            glyphs.clusters.append(Int32(infos[i].cluster))
            glyphs.advances.append(advance)
            glyphs.offsetsX.append(Float(p.x_offset) * k)
            glyphs.offsetsY.append(Float(p.y_offset) * k)
            total += advance
        }
        return Double(total)
    }
}
