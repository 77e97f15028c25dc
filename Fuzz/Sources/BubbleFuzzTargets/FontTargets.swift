import BubbleFonts
#if canImport(Glibc)
import Glibc
#endif

/// The font data Bubble reads with its own code rather than HarfBuzz's or FreeType's (which OSS-Fuzz
/// fuzzes in their own projects): `CFFInkProbe`, which runs the Type 2 charstrings of a `CFF ` table to tell
/// whether a glyph's ink stays inside the face's metrics. A font is named by path (the CLI's `--font`, a
/// service's configuration), so its bytes are whatever that file holds.
public enum FontTargets {
    /// The file each input is written to before the probe opens it (the probe reads by path, with
    /// `pread`): one file for the run, rewritten in place, in `/dev/shm` when there is one (no disk).
    /// Its name is removed as soon as it is open and the probe opens it as `/proc/self/fd/N`, so a run
    /// that ends in a crash leaves no file behind.
    nonisolated(unsafe) static var path = ""
    nonisolated(unsafe) static var file: Int32 = -1

    /// Creates the file.
    public static func prepare() {
        let folder = access("/dev/shm", W_OK) == 0 ? "/dev/shm" : (getenv("TMPDIR").map { String(cString: $0) } ?? "/tmp")
        let name = "\(folder)/bubble-fuzz-cff-\(getpid())"
        file = open(name, O_RDWR | O_CREAT | O_TRUNC | O_CLOEXEC, 0o600)
        precondition(file >= 0, "bubble-fuzz-cff: cannot create \(name)")
        unlink(name)
        path = "/proc/self/fd/\(file)"
    }

    /// The input as a whole `CFF ` table, read by the probe as it reads a face's, checked by
    /// ``CFFReference/problem(table:at:glyphs:)`` for its first eight glyphs and one the input's last two
    /// bytes name: the same answer twice, finite, and holding HarfBuzz's extent where HarfBuzz reads the
    /// glyph too (an extent that fell short would let a tall glyph's ink out of its line).
    public static func cff(_ bytes: [UInt8]) {
        precondition(ftruncate(file, 0) == 0 && bytes.withUnsafeBytes { pwrite(file, $0.baseAddress, $0.count, 0) } == bytes.count,
                     "bubble-fuzz-cff: cannot write \(path)")
        let named = bytes.count >= 2 ? UInt32(bytes[bytes.count - 2]) << 8 | UInt32(bytes[bytes.count - 1]) : 0
        if let problem = CFFReference.problem(table: bytes, at: path, glyphs: Array(0..<8) + [named]) { preconditionFailure(problem) }
    }
}
