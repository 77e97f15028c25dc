// bubble-fuzz-options: LibraryTargets.options under libFuzzer.
import BubbleFuzzTargets

@main
enum Fuzzer {
    static func main() { FuzzEntry.main(prepare: { _ = FuzzState.engine }, target: LibraryTargets.options) }
}
