internal import CFuzzLeaks
#if canImport(Glibc)
import Glibc
#endif

@_silgen_name("LLVMFuzzerRunDriver")
func LLVMFuzzerRunDriver(_ argc: UnsafeMutablePointer<CInt>,
                         _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>>,
                         _ test: @convention(c) (UnsafePointer<UInt8>?, Int) -> CInt) -> CInt

/// The whole of a target's executable (`Fuzz/Sources/bubble-fuzz-TARGET`): its `@main` calls ``main(prepare:target:)``,
/// which hands the command line to libFuzzer (libclang_rt.fuzzer, linked by the build's `-sanitize=fuzzer`).
/// The executable's own `main` rather than libFuzzer's: SwiftPM links every executable's `main` to its module's
/// entry point, which a module without one lacks.
public enum FuzzEntry {
    /// The target of this process: set once, before libFuzzer starts.
    nonisolated(unsafe) static var target: ([UInt8]) -> Void = { _ in }

    /// Builds the target's engine or service before the first input (`prepare`), so its start is not an
    /// input's cost, then runs libFuzzer with `target` on every input; failures trap. fontconfig's parse of
    /// its configuration leaks a few blocks once (FcInitLoadConfigAndFonts); what the engine allocates while
    /// it starts is not the inputs' doing, so LeakSanitizer, when the build has it, ignores it.
    public static func main(prepare: () -> Void, target: @escaping ([UInt8]) -> Void) -> Never {
        self.target = target
        bubble_fuzz_leaks_off()
        prepare()
        bubble_fuzz_leaks_on()
        // libFuzzer keeps pointers into argv for the whole run: the copies live until exit.
        var argv: [UnsafeMutablePointer<CChar>?] = CommandLine.arguments.map { strdup($0) } + [nil]
        var argc = CInt(CommandLine.arguments.count)
        let status = argv.withUnsafeMutableBufferPointer { buffer in
            var base = buffer.baseAddress!
            return LLVMFuzzerRunDriver(&argc, &base) { data, size in
                FuzzEntry.target(data.map { Array(UnsafeBufferPointer(start: $0, count: size)) } ?? [])
                return 0
            }
        }
        exit(status)
    }
}
