// bubble-fuzz-batch: LibraryTargets.batch under libFuzzer.
import BubbleFuzzTargets

@main
enum Fuzzer {
    static func main() { FuzzEntry.main(prepare: { _ = FuzzState.engine }, target: LibraryTargets.batch) }
}
