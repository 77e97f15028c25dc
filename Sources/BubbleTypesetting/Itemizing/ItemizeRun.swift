import BubbleFonts
import BubbleMapping

/// The run ``Typesetter/itemize(_:_:into:cache:_:)`` is growing: where it starts, and the face, style,
/// bidi level and script every grapheme in it shares.
struct ItemizeRun {
    var start: Int
    /// The run's face (nil: none yet).
    var itemFace: ItemizeFace? = nil
    /// The chain index of `face` when it came from the per-unit table unstyled, else -1: lets a run grow
    /// without touching the face object.
    var faceIndex = -1
    var style = -1
    var level: UInt8 = 0
    /// 0: not yet known (neutral so far).
    var script: UInt32 = 0

    init(start: Int) { self.start = start }

    /// The run's face, retained: for the paths that are not per character.
    var face: FontFace? { itemFace?.object }

    /// Whether the run has a face and it is `face`.
    @inline(__always)
    func isIn(_ face: ItemizeFace) -> Bool { itemFace?.reference.toOpaque() == face.reference.toOpaque() }

    /// Sets the run's face to `face` (nil: none yet), held by the run.
    mutating func setFace(_ face: FontFace?) { itemFace = face.map(ItemizeFace.init(held:)) }

    /// Whether a grapheme of chain face `k`, unstyled, of `style`, `level` and `script` (0 when neutral)
    /// continues this run as it is.
    @inline(__always)
    func continues(chainFace k: Int, style: Int, level: UInt8, script: UInt32) -> Bool {
        k == faceIndex && style == self.style && level == self.level && !(script != 0 && self.script != 0 && script != self.script)
    }

    /// Whether a script of `script` (0 when neutral) is another than the run's.
    @inline(__always)
    func changesScript(_ script: UInt32) -> Bool { script != 0 && self.script != 0 && script != self.script }
}

/// A grapheme's face as the itemizer passes it on: a face of the typesetter's chain unretained (the chain
/// holds it), any other (a fallback, a styled face) held. Every thread lays out with the chain's faces, so
/// a retain of one per run was an atomic write to a cache line the cores passed back and forth (see
/// `ShapingRequest.faceReference`). One value, so that whatever holds the reference holds the face.
struct ItemizeFace {
    let reference: Unmanaged<FontFace>
    private let held: FontFace?

    /// Face `k` of `chain`, not retained.
    @inline(__always)
    init(_ chain: FallbackChain, _ k: Int) {
        reference = chain.faces.withUnsafeBufferPointer { Unmanaged.passUnretained($0[k]) }
        held = nil
    }

    init(held face: FontFace) {
        reference = Unmanaged.passUnretained(face)
        held = face
    }

    /// The face, retained: for the paths that are not per character.
    var object: FontFace { held ?? reference.takeUnretainedValue() }
}

extension Typesetter {
    /// Appends `run`, ended at `end`, to `shaped.runs` (nothing when it is empty or has no face yet).
    /// Out of line, as the rare paths of the itemizer: one copy, so the per-character loop stays small.
    @inline(never)
    func close(_ run: ItemizeRun, at end: Int, into shaped: inout ShapedText.Content, _ ws: inout Workspace) {
        guard end > run.start, let face = run.itemFace?.reference else { return }
        let size = shaped.styles[run.style].fontSize ?? shaped.style.fontSize
        let m = face._withUnsafeGuaranteedRef { ws.metrics(of: $0, size: size) }
        let index: Int
        let id = face.toOpaque()
        if let known = shaped.faces.firstIndex(where: { Unmanaged.passUnretained($0).toOpaque() == id }) {
            index = known
        } else {
            index = shaped.faces.count
            shaped.faces.append(face.takeUnretainedValue())  // the shaped text holds its faces
        }
        shaped.runs.append(ShapedRun(range: run.start..<end, glyphRange: 0..<0, faceIndex: Int32(index), fontSize: size,
                                     level: run.level, script: run.script == 0 ? commonScript : run.script, style: run.style,
                                     placeholder: nil, ascent: m.ascent, descent: m.descent))
    }

    /// Closes `run` at `i` and opens one at `i` in `face`, `style`, `level` and `script` when the grapheme
    /// there does not continue it; else the run takes the grapheme's script if it had none.
    @inline(__always)
    func continueOrOpen(_ run: inout ItemizeRun, at i: Int, face: ItemizeFace, faceIndex: Int, style: Int, level: UInt8,
                        script: UInt32, into shaped: inout ShapedText.Content, _ ws: inout Workspace) {
        if !run.isIn(face) || style != run.style || level != run.level || run.changesScript(script) {
            close(run, at: i, into: &shaped, &ws)
            run.start = i
            run.itemFace = face
            run.style = style
            run.level = level
            run.script = script
            run.faceIndex = faceIndex
        } else if run.script == 0 {
            run.script = script
        }
    }

    /// A tab at `i..<end` (no face has one, so never on the fast path): a run of its own, in its
    /// neighbours' face, shaped as nothing; the next grapheme opens a new run.
    @inline(never)
    func appendTab(at i: Int, end: Int, style: Int, level: UInt8, after run: inout ItemizeRun,
                   into shaped: inout ShapedText.Content, _ ws: inout Workspace) {
        let face = run.face ?? fonts.faces[0]
        close(run, at: i, into: &shaped, &ws)
        run.start = i; run.setFace(face); run.style = style; run.level = level; run.script = 0
        close(run, at: end, into: &shaped, &ws)
        shaped.runs[shaped.runs.count - 1].isTab = true
        shaped.tabs.append(i)
        run.setFace(nil)
        run.faceIndex = -1
        run.start = end
    }

    /// The placeholder `shaped.placeholders[index]` at `i` (its U+FFFC): a run of its own, with the
    /// placeholder's ascent and descent; the next grapheme opens a new run.
    @inline(never)
    func appendPlaceholder(_ index: Int, at i: Int, style: Int, level: UInt8, after run: inout ItemizeRun,
                           into shaped: inout ShapedText.Content, _ ws: inout Workspace) {
        close(run, at: i, into: &shaped, &ws)
        let p = shaped.placeholders[index]
        shaped.runs.append(ShapedRun(range: i..<i + 1, glyphRange: 0..<0, faceIndex: -1,
                                     fontSize: shaped.styles[style].fontSize ?? shaped.style.fontSize,
                                     level: level, script: commonScript, style: style, placeholder: index,
                                     ascent: p.ascent, descent: p.descent))
        run.setFace(nil)
        run.faceIndex = -1
        run.start = i + 1
    }
}
