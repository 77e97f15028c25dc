// bubble-fuzz-cff: FontTargets.cff under libFuzzer.
import BubbleFuzzTargets

@main
enum Fuzzer {
    static func main() { FuzzEntry.main(prepare: FontTargets.prepare, target: FontTargets.cff) }
}
