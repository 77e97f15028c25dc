import Bubble

/// What `bubble version --json` says without the fonts: `{"bubble": VERSION, "commit", "libraries": {…}}`.
/// Free it with `bubble_free`.
@c(bubble_version)
public func bubbleVersion() -> UnsafeMutablePointer<CChar> {
    CResult.copy(BubbleVersion.json(fonts: nil)).0
}

/// The fingerprint of the engine's default font set (16 hex digits, as `bubble version --json` reports
/// it under `fonts`): two hosts with the same one lay out the same bytes. It reads every font file once
/// per engine. Free it with `bubble_free`; NULL without an engine.
@c(bubble_font_fingerprint)
public func bubbleFontFingerprint(_ engine: OpaquePointer?) -> UnsafeMutablePointer<CChar>? {
    CEngine.from(engine).map { CResult.copy($0.answer.engine.fontFingerprint).0 }
}
