import Bubble
import BubbleFonts
import BubbleTestSupport
import Foundation
import Testing

/// Goldens for scripts the shared corpus lacks, each checked to draw every cluster with a face that
/// covers all of it and to draw no `.notdef` (issue 15): Noto faces from Debian's fonts-noto-core.
@Suite struct ScriptGoldenTests {
    static let cases: [(name: String, text: String, family: String)] = [
        ("urdu", "ہیلو، آپ کیسے ہیں؟ میں ٹھیک ہوں۔ کل ملتے ہیں", "Noto Sans Arabic"),
        ("tamil", "வணக்கம், எப்படி இருக்கிறீர்கள்? ஸ்ரீ க்ஷ ஜெயா ஷோ நாளை சந்திப்போம்", "Noto Sans Tamil"),
        ("hindi", "नमस्ते, आप कैसे हैं? मैं ठीक हूँ। कल मिलते हैं। क्षत्रिय", "Noto Sans Devanagari"),
        ("bengali", "নমস্কার, আপনি কেমন আছেন? আমি ভালো আছি। কাল দেখা হবে।", "Noto Sans Bengali"),
        ("sinhala", "ආයුබෝවන්, ඔබට කොහොමද? ශ්‍රී ලංකාව හෙට හමුවෙමු", "Noto Sans Sinhala"),
        ("myanmar", "မင်္ဂလာပါ၊ နေကောင်းလား။ မနက်ဖြန် တွေ့ကြမယ်။", "Noto Sans Myanmar"),
        ("khmer", "សួស្តី តើអ្នកសុខសប្បាយទេ? ខ្ញុំសុខសប្បាយ។ ជួបគ្នាថ្ងៃស្អែក", "Noto Sans Khmer"),
    ]

    @Test(arguments: cases.map(\.name))
    func layoutMatchesItsGoldenAndDrawsEveryClusterWithAFaceThatCoversIt(name: String) throws {
        let c = Self.cases.first { $0.name == name }!
        let layout = try engine.layout(text: c.text)
        let json = JSONRenderer(includeFonts: false).render(layout)
        let mismatch = snapshotMismatch(json, named: "script-\(name).json")
        #expect(mismatch == nil, Comment(rawValue: mismatch ?? ""))

        let shaped = layout.shaped
        let used = Set(shaped.faces.map(\.family))
        #expect(used.contains(c.family), "\(name) should use \(c.family), used \(used)")
        #expect(!used.contains("Noto Sans Takri") && !used.contains("Noto Sans Grantha"), "\(name) used \(used)")
        #expect(shaped.unresolvedGlyphs == 0)
        #expect(!shaped.glyphs.contains { $0.id == 0 }, "\(name) draws a .notdef")
        let text = shaped.mapped.text
        for run in shaped.runs where run.placeholder == nil && !run.isTab {
            guard let face = shaped.face(of: run) else { continue }
            let scalars = String(decoding: text[run.range], as: UTF16.self).unicodeScalars
            for s in scalars where !FallbackChain.isIgnorable(s.value) {
                #expect(face.covers(s.value), "\(name): \(face.family) does not cover U+\(String(s.value, radix: 16, uppercase: true))")
            }
        }
    }

    /// With the browser's per-cluster fallback, the Urdu full stop after letters DejaVu Sans draws is
    /// in the face made for Arabic script (Noto Sans Arabic), not Noto Sans Hanifi Rohingya, whose other
    /// ascent and descent made the line taller than Chromium's.
    @Test func anUrduFullStopIsDrawnInAnArabicFace() throws {
        var options = BubbleOptions()
        options.fontFallback = .cluster
        for text in ["گریناڈا۔", "کل ملتے ہیں۔", "۔"] {
            let shaped = try engine.layout(text: text, options: options).shaped
            let stop = try #require(shaped.runs.first { run in shaped.mapped.text[run.range].contains(0x6D4) })
            let face = try #require(shaped.face(of: stop))
            #expect(face.family == "Noto Sans Arabic", "\(text): \(face.family)")
        }
    }

    /// A danda (Common, Script_Extensions of Devanagari and a dozen Indic scripts) after Latin text and
    /// digits is looked for in the script that follows it, so it is drawn in Noto Sans Devanagari, not
    /// in Noto Sans Takri (what fontconfig finds first with no language).
    @Test func aDandaAfterLatinTextTakesTheScriptThatFollows() throws {
        var options = BubbleOptions()
        options.fontFallback = .cluster
        for text in ["@nino $61.28। 232 कि॰ग्रा॰", "₹12,088.00। गई"] {
            let shaped = try engine.layout(text: text, options: options).shaped
            let danda = try #require(shaped.runs.first { run in shaped.mapped.text[run.range].contains(0x964) })
            #expect(try #require(shaped.face(of: danda)).family == "Noto Sans Devanagari", "\(text)")
        }
    }

    /// ہیلو joins: one face for the whole word, and the width of HarfBuzz shaping the word alone with it.
    @Test func urduJoinsLikeTheWholeWordShapedInOneFace() throws {
        let word = "ہیلو"
        let layout = try engine.layout(text: word)
        let shaped = layout.shaped
        #expect(shaped.runs.count == 1)
        let face = try #require(shaped.face(of: shaped.runs[0]))
        let units = Array(word.utf16)
        var glyphs = GlyphBuffer()
        let whole = units.withUnsafeBufferPointer { buffer in
            Shaper().shape(buffer, run: 0..<units.count, as: ShapingRequest(face: face, size: 16, script: 0x4172_6162, rightToLeft: true),
                           into: &glyphs)
        }
        #expect(abs(layout.lineLayout.lines[0].width - whole) < 0.01, "\(layout.lineLayout.lines[0].width) vs \(whole)")
        #expect(whole < 24, "isolated forms are about 27.6 px; joined ones about 22")
    }

    /// The danda is a Common character: it takes the Devanagari or Bengali face of its neighbours.
    @Test func theDandaTakesItsNeighboursFace() throws {
        for (text, family) in [("ठीक हूँ।", "Noto Sans Devanagari"), ("ভালো আছি।", "Noto Sans Bengali")] {
            let shaped = try engine.layout(text: text).shaped
            let danda = text.utf16.count - 1
            let run = try #require(shaped.runs.first { $0.range.contains(danda) })
            #expect(shaped.face(of: run)?.family == family)
        }
    }
}
