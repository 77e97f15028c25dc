// bubble-fuzz-markup: LibraryTargets.markup under libFuzzer.
import BubbleFuzzTargets

@main
enum Fuzzer {
    static func main() { FuzzEntry.main(prepare: LibraryTargets.prepare, target: LibraryTargets.markup) }
}
