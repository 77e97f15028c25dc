// bubble-fuzz-http: ServerTarget.run (a request body through the HTTP service) under libFuzzer.
import BubbleFuzzServer
import BubbleFuzzTargets

@main
enum Fuzzer {
    static func main() { FuzzEntry.main(prepare: { _ = ServerTarget.service }, target: ServerTarget.run) }
}
