internal import CHarfBuzz
import BubbleLock
import Synchronization
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// One font face (a file and a face index), shared by every size and every thread.
///
/// HarfBuzz reads the file's tables from a memory map and shapes with its own OpenType functions,
/// which are thread-safe; FreeType opens the same face lazily, under its lock, for glyph outlines
/// and names. The face is immutable after loading except for its per-size font cache.
public final class FontFace: @unchecked Sendable, Hashable, CustomStringConvertible {
    package let source: FontSource
    /// The family name the face reports (`DejaVu Sans`, `Noto Sans CJK SC`).
    public let family: String
    /// The style name (`Book`, `Bold`, `Regular`).
    public let style: String
    /// The PostScript name (`NotoSansCJKsc-Regular`): how CSS `local()` names one face of a collection.
    public let postScriptName: String?
    /// Design units per em.
    package let unitsPerEm: Int
    /// Whether the face draws color glyphs (CBDT/sbix bitmaps or COLR layers): an emoji font.
    public let isColor: Bool
    /// Whether the face carries PNG glyph images (CBDT, sbix).
    package let hasPNGGlyphs: Bool
    /// Bold or italic requested but missing from the family: drawn by emboldening/slanting.
    package let syntheticBold: Bool
    package let syntheticItalic: Bool

    /// A number no other face of this process has had or will have, which caches key a face by: an
    /// `ObjectIdentifier` is an address, which a face made after another was freed may reuse, and a cache
    /// kept across messages and keyed by it would hand the new face the old one's words or metrics.
    package let serial: UInt64
    private static let serials = Atomic<UInt64>(0)

    let blob: OpaquePointer
    let face: OpaquePointer
    /// An unscaled font for cmap look-ups.
    private let cmapFont: OpaquePointer
    private let lock = Lock()
    /// HarfBuzz fonts by scale, least recently used dropped past ``sizedFontCapacity``.
    private let sizedFonts = BoundedCache<Int32, HarfBuzzFont>(maxEntries: FontFace.sizedFontCapacity, maxBytes: .max)
    /// The font last handed out and its scale (under `lock`), behind a pointer the face owns: almost every
    /// call asks for the same size, and a stored `var` would add a dynamic exclusivity check to every
    /// look-up (some 220 instructions, more than the look-up; the layout asks once per line for a glyph's advance).
    private let lastSized: UnsafeMutablePointer<(key: Int32, font: HarfBuzzFont?)>
    /// Vertical metrics per size (HarfBuzz is asked once per size, not once per run), least recently
    /// used dropped past ``metricsCapacity``.
    private let metricsBySize = BoundedCache<Int32, FontMetrics>(maxEntries: FontFace.metricsCapacity, maxBytes: .max)
    /// The last size asked for and its metrics: almost every call asks for the same size.
    private var lastMetrics: (key: Int32, metrics: FontMetrics)?
    /// ``contentHashValue`` once made, and whether it is: read with no lock, as every JSON report on every
    /// thread reads it (under the face's lock, shared with shaping, two threads queued on it per message).
    private let fileHash = Atomic<UInt64>(0)
    private let hashMade = Atomic<Bool>(false)
    /// Held while the file is hashed, so that threads asking first at once wait for one hash rather than
    /// each reading the whole file (some 20 ms of CPU for a CJK face, per thread); not the face's `lock`,
    /// which shaping takes.
    private let hashing = Lock()
    /// How many times the file was hashed (under ``hashing``): once, however many threads ask at once.
    package private(set) var timesHashed = 0
    /// A large outline table (CFF charstrings, glyf) in Bubble's mapping of the file, whose pages
    /// ``releaseOutline(of:)`` hands back; nil for small tables.
    private let outlineTable: OutlineTable?
    /// Bubble's mapping of the file, when it made one (not HarfBuzz's own read of it, which may be heap).
    package let mapping: FontFile.Mapping?
    /// Glyphs whose outlines were read since the whole table was last handed back (under `lock`).
    private var outlinesRead = 0
    /// Per glyph id (the first ``inkClassCount``), what ``isTall(_:)`` found: 0 not measured yet, 1 ink
    /// inside the face's ascent and descent, 2 past them. Shared by every typesetter and thread that uses
    /// the face, so a glyph's outline is read once per process rather than once per typesetter. Anonymous
    /// zero pages, backed only where a glyph was measured; nil if they could not be mapped (then every
    /// call measures).
    private let inkClasses: UnsafeMutablePointer<Atomic<UInt8>>?
    private let inkClassCount: Int
    /// The face's horizontal advances in design units, read straight from its `hmtx` table, when the face
    /// has no variations (see ``NominalAdvances``).
    private let nominalAdvances: NominalAdvances?
    /// The FreeType face for outlines, opened on first use; only touched under `FreeType.shared`'s lock.
    var freeTypeFace: FT_Face?
    /// Whether opening `freeTypeFace` was tried (and failed, if it is still nil).
    var freeTypeFaceTried = false
    /// Where the face's `CFF ` table lies in the file, when it is large enough to hand back (``outlineTable``):
    /// what ``probedInside(_:)`` reads.
    private let cffTable: (start: Int, length: Int)?
    /// ``inkProbe()``'s probe, and whether it was opened (under `lock`).
    private var inkProbeOpened: CFFInkProbe?
    private var inkProbeTried = false

    /// Opens face `source.index` of `source.path`.
    package init(source: FontSource, syntheticBold: Bool = false, syntheticItalic: Bool = false) throws(FontError) {
        self.source = source
        self.syntheticBold = syntheticBold
        self.syntheticItalic = syntheticItalic
        guard access(source.path, R_OK) == 0 else { throw FontError.fileNotFound(path: source.path) }
        guard let (blob, mapping) = FontFile.blob(source.path) else {
            throw FontError.harfBuzz(function: "hb_blob_create_from_file", path: source.path)
        }
        let faceCount = Int(hb_face_count(blob))
        guard source.index >= 0, source.index < max(faceCount, 1), source.index <= Int(UInt32.max),
              let face = hb_face_create(blob, UInt32(source.index)) else {
            hb_blob_destroy(blob)
            throw FontError.harfBuzz(function: "hb_face_create (face \(source.index) of \(faceCount))", path: source.path)
        }
        // A file HarfBuzz cannot read gives an empty face, not nil: both handles go back before the error.
        guard hb_face_get_glyph_count(face) > 0 else {
            hb_face_destroy(face)
            hb_blob_destroy(blob)
            throw FontError.harfBuzz(function: "hb_face_create (face \(source.index) of \(faceCount): no glyphs)", path: source.path)
        }
        hb_face_make_immutable(face)
        nominalAdvances = NominalAdvances(face)
        outlineTable = mapping.flatMap { OutlineTable(of: face, in: $0) }
        cffTable = outlineTable == nil ? nil : mapping.flatMap { CFFInkProbe.table(of: face, in: $0) }
        self.mapping = mapping
        lastSized = UnsafeMutablePointer<(key: Int32, font: HarfBuzzFont?)>.allocate(capacity: 1)  // after the last throw: deinit frees it
        lastSized.initialize(to: (0, nil))
        serial = FontFace.serials.wrappingAdd(1, ordering: .relaxed).newValue
        inkClassCount = min(Int(hb_face_get_glyph_count(face)), 1 << 16)
        let classes = mmap(nil, inkClassCount, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0)
        inkClasses = classes == MAP_FAILED ? nil : classes?.bindMemory(to: Atomic<UInt8>.self, capacity: inkClassCount)
        self.blob = blob
        self.face = face
        cmapFont = hb_font_create(face)
        hb_font_make_immutable(cmapFont)
        unitsPerEm = Int(hb_face_get_upem(face))
        hasPNGGlyphs = hb_ot_color_has_png(face) != 0
        isColor = hasPNGGlyphs || hb_ot_color_has_layers(face) != 0
        family = FontFace.name(face, hb_ot_name_id_t(HB_OT_NAME_ID_TYPOGRAPHIC_FAMILY)) ?? FontFace.name(face, hb_ot_name_id_t(HB_OT_NAME_ID_FONT_FAMILY))
            ?? source.path.split(separator: "/").last.map(String.init) ?? source.path
        postScriptName = FontFace.name(face, hb_ot_name_id_t(HB_OT_NAME_ID_POSTSCRIPT_NAME))
        style = FontFace.name(face, hb_ot_name_id_t(HB_OT_NAME_ID_TYPOGRAPHIC_SUBFAMILY)) ?? FontFace.name(face, hb_ot_name_id_t(HB_OT_NAME_ID_FONT_SUBFAMILY)) ?? ""
    }

    deinit {
        if let inkClasses { munmap(UnsafeMutableRawPointer(inkClasses), inkClassCount) }
        if let freeTypeFace { FreeType.shared.withLock { _ = FT_Done_Face(freeTypeFace) } }
        lastSized.deinitialize(count: 1)
        lastSized.deallocate()
        hb_font_destroy(cmapFont)
        nominalAdvances?.release()
        hb_face_destroy(face)
        hb_blob_destroy(blob)
    }

    /// The glyph id the cmap gives `scalar`, or nil when the face does not cover it.
    @inline(__always)
    package func glyph(for scalar: UInt32) -> UInt32? {
        var glyph: hb_codepoint_t = 0
        return hb_font_get_nominal_glyph(cmapFont, scalar, &glyph) != 0 ? glyph : nil
    }

    /// Whether the cmap maps `scalar` to a glyph.
    @inline(__always)
    package func covers(_ scalar: UInt32) -> Bool { glyph(for: scalar) != nil }

    /// Vertical metrics at `size` px (computed once per size).
    package func metrics(size: Double) -> FontMetrics {
        let key = FontFace.scale(size)
        lock.lock()
        if let last = lastMetrics, last.key == key { lock.unlock(); return last.metrics }
        lock.unlock()
        let metrics = metricsBySize.value(for: key)
            ?? metricsBySize.value(for: key, orInsert: computeMetrics(size: size), bytes: MemoryLayout<FontMetrics>.stride)
        lock.withLock { lastMetrics = (key, metrics) }
        return metrics
    }

    private func computeMetrics(size: Double) -> FontMetrics {
        let font = hbFont(size: size)
        defer { hb_font_destroy(font) }
        var extents = hb_font_extents_t()
        hb_font_get_h_extents(font, &extents)
        var xHeight: hb_position_t = 0, capHeight: hb_position_t = 0
        let scale = Double(FontFace.scale(size))
        let ascent = Double(extents.ascender) / scale * size
        // Blink's x-height (Skia on FreeType): OS/2's, else the top of the `x` as the light hinter
        // Chromium uses on Linux leaves it (``FontFace/hintedXHeight(flat:round:)``).
        var glyphXHeight: Double?
        if hb_ot_metrics_get_position(font, HB_OT_METRICS_TAG_X_HEIGHT, &xHeight) == 0 || xHeight <= 0 {
            xHeight = hb_position_t(Double(extents.ascender) * 0.53)
            func top(_ c: hb_codepoint_t) -> Double? {
                var g: hb_codepoint_t = 0, ink = hb_glyph_extents_t()
                guard hb_font_get_nominal_glyph(font, c, &g) != 0, hb_font_get_glyph_extents(font, g, &ink) != 0, ink.y_bearing > 0
                else { return nil }
                return Double(ink.y_bearing) / scale * size
            }
            if let flat = top(0x78) {
                glyphXHeight = FontFace.hintedXHeight(flat: flat, round: top(0x6F) ?? flat)
            }
        }
        if hb_ot_metrics_get_position(font, HB_OT_METRICS_TAG_CAP_HEIGHT, &capHeight) == 0 || capHeight <= 0 {
            capHeight = hb_position_t(Double(extents.ascender) * 0.73)
        }
        return FontMetrics(ascent: ascent, descent: -Double(extents.descender) / scale * size,
                           lineGap: Double(extents.line_gap) / scale * size,
                           xHeight: Double(xHeight) / scale * size, capHeight: Double(capHeight) / scale * size,
                           webXHeight: glyphXHeight ?? Double(xHeight) / scale * size)
    }

    /// The top of a flat-topped `x` after FreeType's auto-hinter (light hinting), from the unhinted tops
    /// of `x` (`flat`) and of the round `o` (`round`), px. The hinter fits the x-height zone's overshoot
    /// to the pixel grid, rounding up from 3/8 px (`(scaled + 40) & ~63` in 26.6), and scales the glyph by
    /// the same ratio; while the zone is under 3/4 px tall, the flat top is then rounded to a whole pixel.
    /// DejaVu Sans (x 1120, o 1147 of 2048 units): 6 px at 10 px, 14 at 24, 24 at 44, 33.1875 at 60, as
    /// Chromium's `1ex` measures it (a plain rounding gave 5, 13, 24 and 33).
    static func hintedXHeight(flat: Double, round: Double) -> Double {
        let shoot = (round * 64).rounded()
        guard shoot > 0 else { return flat.rounded() }
        let fitted = ((shoot + 40) / 64).rounded(.down) * 64
        let ratio = fitted / shoot
        let top = (flat * 64 * ratio).rounded()
        let zone = ((round - flat) * 64 * ratio).rounded()
        return abs(zone) <= 48 ? (top / 64).rounded() : top / 64
    }

    /// The horizontal advance of `glyph` at `size` px (the font's hmtx, scaled), as HarfBuzz gives it.
    ///
    /// The layout asks for it at the end of a line that breaks inside a run (the pair kerning the break
    /// drops, ``LineWrapper``): read from the table and scaled as HarfBuzz scales it, it costs a few loads
    /// where a HarfBuzz font for the size and its look-up cost some 430 instructions.
    package func advance(glyph: UInt32, size: Double) -> Double {
        let scale = FontFace.scale(size)
        if let units = nominalAdvances?.units(of: glyph) {
            return Double(NominalAdvances.scaled(units, scale: scale, unitsPerEm: unitsPerEm)) / Double(scale) * size
        }
        return harfBuzzAdvance(glyph: glyph, size: size)
    }

    /// Whether ``advance(glyph:size:)`` reads the face's `hmtx` itself (a face without variations).
    package var readsAdvancesFromTable: Bool { nominalAdvances != nil }

    /// ``advance(glyph:size:)`` as HarfBuzz's font at `size` gives it.
    package func harfBuzzAdvance(glyph: UInt32, size: Double) -> Double {
        let font = hbFont(size: size)
        defer { hb_font_destroy(font) }
        return Double(hb_font_get_glyph_h_advance(font, glyph)) / Double(FontFace.scale(size)) * size
    }

    /// How far the ink of `glyph` at `size` px reaches above and below the baseline, px (positive up
    /// and down respectively), or nil for a glyph with no ink.
    package func inkBounds(glyph: UInt32, size: Double) -> (above: Double, below: Double)? {
        var extents = hb_glyph_extents_t()
        let font = hbFont(size: size)
        defer { hb_font_destroy(font) }
        guard hb_font_get_glyph_extents(font, glyph, &extents) != 0, extents.height != 0 || extents.width != 0 else { return nil }
        let k = size / Double(FontFace.scale(size))
        return (Double(extents.y_bearing) * k, -Double(extents.y_bearing + extents.height) * k)
    }

    /// Number of glyphs in the face.
    package var glyphCount: Int { Int(hb_face_get_glyph_count(face)) }

    /// Whether the ink of `glyph` reaches above the face's ascent or below its descent (a tall
    /// precomposed capital such as Ẫ, a stacked cluster): the glyphs whose line must grow to hold them.
    package func reachesPastMetrics(glyph: UInt32) -> Bool {
        let size = 64.0
        guard let ink = inkBounds(glyph: glyph, size: size) else { return false }
        let m = metrics(size: size)
        return ink.above > m.ascent + 0.01 || ink.below > m.descent + 0.01
    }

    /// Whether the ink of `glyph` reaches past the face's metrics (``reachesPastMetrics(glyph:)``): measured
    /// the first time any thread asks, its outline pages then handed back (``releaseOutline(of:)``), and
    /// remembered in the face. Two threads asking first at once both measure and store the same answer.
    /// A glyph id past the table counts as tall, so its line is measured rather than assumed.
    package func isTall(_ glyph: UInt32) -> Bool {
        let id = Int(glyph)
        guard id < inkClassCount else { return true }
        if let known = inkClasses?[id].load(ordering: .relaxed), known != 0 { return known == 2 }
        let tall: Bool
        if probedInside(glyph) {
            tall = false
        } else {
            tall = reachesPastMetrics(glyph: glyph)
            releaseOutline(of: glyph)
        }
        inkClasses?[id].store(tall ? 2 : 1, ordering: .relaxed)
        return tall
    }

    /// Design units by which a glyph's outline must stay inside the face's ascent and descent for
    /// ``probedInside(_:)`` to settle it: HarfBuzz rounds its extents to 1/1024 px at 64 px, a few
    /// hundredths of a unit, and ``reachesPastMetrics(glyph:)`` allows 0.01 px more.
    static let probeMargin = 2.0

    /// Whether the face's ``CFFInkProbe`` finds every point of `glyph`'s outline inside its ascent and
    /// descent by more than ``probeMargin`` design units, having read the charstring with `pread`: then
    /// HarfBuzz would find the ink inside too, and no page of the outline table was mapped to say so.
    /// False when there is no probe (a face without a large `CFF ` table) or it cannot follow the glyph:
    /// then HarfBuzz measures, so the answer of ``isTall(_:)`` is always HarfBuzz's.
    package func probedInside(_ glyph: UInt32) -> Bool {
        guard let box = probedExtent(of: glyph) else { return false }
        let m = metrics(size: 64)
        let px = 64 / Double(unitsPerEm)
        return (box.high + FontFace.probeMargin) * px <= m.ascent && (FontFace.probeMargin - box.low) * px <= m.descent
    }

    /// How far `glyph`'s outline reaches down and up as the face's ``CFFInkProbe`` reads it, design units
    /// (y up); nil without a probe or when it cannot follow the glyph.
    package func probedExtent(of glyph: UInt32) -> (low: Double, high: Double)? {
        inkProbe()?.verticalExtent(of: glyph)
    }

    /// The ink probe, opened on first use (its file descriptor and the table's structure).
    private func inkProbe() -> CFFInkProbe? {
        guard let table = cffTable else { return nil }
        lock.lock()
        defer { lock.unlock() }
        if !inkProbeTried {
            inkProbeTried = true
            inkProbeOpened = CFFInkProbe(path: source.path, tableStart: table.start, tableLength: table.length)
        }
        return inkProbeOpened
    }

    /// Glyphs whose ink is read between two hand-backs of a large outline table's whole pages. In
    /// between, each glyph's own outline blocks go back as soon as it is measured (``releaseOutline(of:)``);
    /// what stays is what glyphs share: the CharStrings offsets, the subroutines (1.5 MB of Noto Sans
    /// CJK's 15 MB CFF table), glyf's composite parts.
    static let wholeTableInterval = 32

    /// Hands back the pages `glyph`'s ink was just read from, and every ``wholeTableInterval`` glyphs the
    /// whole outline table's.
    ///
    /// Ink extents read a glyph's outline, which shaping never does; a CJK face's CFF charstrings are
    /// spread over 15 MB, and measuring each new glyph once kept 12 MB of them resident over the
    /// corpus (peak RSS 40 MiB where shaping alone needs 28). The mapping is private and read-only, so
    /// `MADV_DONTNEED` only unmaps the pages: the next read maps the file's unchanged page again, and a
    /// thread reading the table meanwhile takes a page fault, never other bytes.
    package func releaseOutline(of glyph: UInt32) {
        guard let table = outlineTable else { return }
        lock.lock()
        outlinesRead += 1
        let whole = outlinesRead >= FontFace.wholeTableInterval
        if whole { outlinesRead = 0 }
        lock.unlock()
        if !whole, let blocks = table.blocks(of: glyph) {
            _ = madvise(blocks.start, blocks.length, Int32(MADV_DONTNEED))
        } else {
            releaseOutlineTable()
        }
    }

    /// Hands the whole outline table's pages back.
    package func releaseOutlineTable() {
        guard let table = outlineTable else { return }
        _ = madvise(table.pages, table.length, Int32(MADV_DONTNEED))
    }

    /// Where `glyph`'s outline lies in Bubble's mapping of the file (nil when unknown, or the table is small).
    package func outlineBytes(of glyph: UInt32) -> UnsafeRawBufferPointer? { outlineTable?.outline(of: glyph) }

    /// Bytes of outline pages ``releaseOutline(of:)`` hands back (0: the table is small, or the file was
    /// not mapped by Bubble).
    package var releasableOutlineBytes: Int { outlineTable?.length ?? 0 }

    /// HarfBuzz units per px: positions come back in 1/1024 px, finer than Pango's 1/1024 pt grid needs.
    static let unitsPerPixel: Double = 1024
    /// The HarfBuzz scale of `size` px: never below 1 (a zero scale would make every advance a division by
    /// zero) nor above 2²⁴ (HarfBuzz multiplies it by design units in 32 bits); NaN is 1. Total: no size traps.
    @inline(__always)
    package static func scale(_ size: Double) -> Int32 {
        let units = (size * unitsPerPixel).rounded()
        return units >= 1 ? Int32(min(units, Double(1 << 24))) : 1
    }

    /// HarfBuzz fonts kept per face (a font is about 0.5 KB plus HarfBuzz's per-font caches). Sizes are
    /// quantised by ``scale(_:)`` (1/1024 px); a message rarely uses more than three.
    static let sizedFontCapacity = 8
    /// Sizes whose vertical metrics are kept per face.
    static let metricsCapacity = 256

    /// The HarfBuzz font of this face at `size` px, with a reference the caller owns: call
    /// `hb_font_destroy` when done. Fonts are kept in a small LRU by scale, so a font evicted while
    /// another thread shapes with it lives until that thread lets it go.
    func hbFont(size: Double) -> OpaquePointer {
        let key = FontFace.scale(size)
        lock.lock()
        if lastSized.pointee.key == key, let font = lastSized.pointee.font {
            defer { lock.unlock() }
            return hb_font_reference(font.pointer)
        }
        lock.unlock()
        let font = sizedFonts.value(for: key)
            ?? sizedFonts.value(for: key, orInsert: HarfBuzzFont(face, scale: key, slanted: syntheticItalic), bytes: 0)
        lock.withLock { lastSized.pointee = (key, font) }
        return hb_font_reference(font.pointer)
    }

    /// A HarfBuzz font at one scale, destroyed when the last holder lets it go (the per-size cache, or a
    /// thread still shaping with it after its eviction).
    private final class HarfBuzzFont: @unchecked Sendable {
        let pointer: OpaquePointer

        init(_ face: OpaquePointer, scale: Int32, slanted: Bool) {
            pointer = hb_font_create(face)!
            hb_font_set_scale(pointer, scale, scale)
            if slanted { hb_font_set_synthetic_slant(pointer, 0.2) }
            hb_font_make_immutable(pointer)
        }

        deinit { hb_font_destroy(pointer) }
    }

    /// HarfBuzz fonts held now (at most ``sizedFontCapacity``).
    package var sizedFontCount: Int { sizedFonts.count }
    /// Sizes whose vertical metrics are kept now (at most ``metricsCapacity``).
    package var metricsSizeCount: Int { metricsBySize.count }

    private static func name(_ face: OpaquePointer, _ id: hb_ot_name_id_t) -> String? {
        var length: UInt32 = 0
        let count = hb_ot_name_get_utf8(face, id, hb_language_from_string("en", -1), &length, nil)
        guard count > 0 else { return nil }
        var buffer = [CChar](repeating: 0, count: Int(count) + 1)
        length = UInt32(buffer.count)
        hb_ot_name_get_utf8(face, id, hb_language_from_string("en", -1), &length, &buffer)
        let s = String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        return s.isEmpty ? nil : s
    }

    /// Bytes hashed between two hand-backs of their pages (``contentHash``).
    static let hashChunk = 1 << 20

    /// Hands the whole pages of `range` (bytes of the file) back to the kernel, when the file is Bubble's
    /// mapping and large: hashing a 19 MB CJK file once kept all of it resident (the CLI's peak RSS went
    /// from 37 to 56 MB for one CJK message). As with ``releaseOutline(of:)``, a page read
    /// again is mapped again from the unchanged file.
    private func releasePages(_ range: Range<Int>) {
        guard let mapping, mapping.length >= OutlineTable.releaseThreshold else { return }
        let page = Int(sysconf(Int32(_SC_PAGESIZE)))
        guard page > 0 else { return }
        let lo = (range.lowerBound + page - 1) / page * page, hi = min(range.upperBound, mapping.length) / page * page
        if hi > lo { _ = madvise(mapping.base + lo, hi - lo, Int32(MADV_DONTNEED)) }
    }

    /// A 64-bit FNV-1a hash of the font file's bytes, hex: tells two servers whether they use the same file.
    package var contentHash: String { String(contentHashValue, radix: 16) }

    /// ``contentHash`` as a number (0 for an empty file), made on first use by one thread while any other
    /// asking waits (``hashing``); the value is stored before it is marked made, and read with no lock after.
    package var contentHashValue: UInt64 {
        if hashMade.load(ordering: .acquiring) { return fileHash.load(ordering: .relaxed) }
        return hashing.withLock { hashMade.load(ordering: .acquiring) ? fileHash.load(ordering: .relaxed) : makeHash() }
    }

    /// Hashes the file (under ``hashing``), stores the value and marks it made.
    private func makeHash() -> UInt64 {
        var length: UInt32 = 0
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        if let data = hb_blob_get_data(blob, &length) {
            let bytes = UnsafeRawBufferPointer(start: data, count: Int(length))
            var start = 0
            while start < bytes.count {
                let end = min(start + FontFace.hashChunk, bytes.count)
                for byte in UnsafeRawBufferPointer(rebasing: bytes[start..<end]) { hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3 }
                releasePages(start..<end)
                start = end
            }
        }
        let value = length == 0 ? 0 : hash
        timesHashed += 1
        fileHash.store(value, ordering: .relaxed)
        hashMade.store(true, ordering: .releasing)
        return value
    }

    public var description: String { "\(family) \(style) (\(source))" }
    public static func == (a: FontFace, b: FontFace) -> Bool { a === b }
    public func hash(into hasher: inout Hasher) { hasher.combine(ObjectIdentifier(self)) }
}

/// Vertical metrics of a face at a size, in px (CSS px; ascent above, descent below the baseline).
package struct FontMetrics: Sendable, Equatable {
    package var ascent: Double
    package var descent: Double
    package var lineGap: Double
    package var xHeight: Double
    package var capHeight: Double
    /// The x-height Blink centres `vertical-align: middle` on: OS/2's, else the hinted `x`'s top.
    package var webXHeight: Double = 0
}
