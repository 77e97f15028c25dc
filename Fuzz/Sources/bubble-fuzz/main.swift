// bubble-fuzz TARGET [libFuzzer flags] [corpus folders]: one of FuzzTarget's entry points under libFuzzer.
// The target can also come from $BUBBLE_FUZZ_TARGET, which libFuzzer's -fork and -jobs children inherit.
#if canImport(Glibc)
import Glibc
#endif

@_silgen_name("LLVMFuzzerRunDriver")
func LLVMFuzzerRunDriver(_ argc: UnsafeMutablePointer<CInt>,
                         _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>>,
                         _ test: @convention(c) (UnsafePointer<UInt8>?, Int) -> CInt) -> CInt

@_silgen_name("__lsan_disable") func __lsan_disable()
@_silgen_name("__lsan_enable") func __lsan_enable()

var arguments = CommandLine.arguments
if arguments.count > 1, let named = FuzzTarget(rawValue: arguments[1]) {
    setenv("BUBBLE_FUZZ_TARGET", named.rawValue, 1)
    arguments.remove(at: 1)
}
guard let name = getenv("BUBBLE_FUZZ_TARGET").map({ String(cString: $0) }), let target = FuzzTarget(rawValue: name) else {
    let names = FuzzTarget.allCases.map(\.rawValue).joined(separator: " | ")
    print("usage: bubble-fuzz (\(names)) [libFuzzer flags] [corpus folders]")
    exit(2)
}
FuzzTarget.selected = target
// fontconfig's parse of its configuration leaks a few blocks once, at start (FcInitLoadConfigAndFonts);
// what the engine allocates while it starts is not the inputs' doing, so LeakSanitizer ignores it.
__lsan_disable()
target.prepare()
__lsan_enable()

// libFuzzer keeps pointers into argv for the whole run: the copies live until exit.
var argv: [UnsafeMutablePointer<CChar>?] = arguments.map { strdup($0) } + [nil]
var argc = CInt(arguments.count)
let status = argv.withUnsafeMutableBufferPointer { buffer in
    var base = buffer.baseAddress!
    return LLVMFuzzerRunDriver(&argc, &base) { data, size in
        FuzzTarget.selected.run(data.map { Array(UnsafeBufferPointer(start: $0, count: size)) } ?? [])
        return 0
    }
}
exit(status)
