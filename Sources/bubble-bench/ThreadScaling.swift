import Bubble
import Synchronization
#if canImport(Glibc)
import Glibc
#endif

/// `bubble-bench --threads CORPUS [ROUNDS]`: how much faster one engine lays the corpus out on two threads
/// than on one, in one process (what `bubble batch --jobs 2`, the service and Python's `layout_many` rest on).
///
/// Under the peer configuration, each message laid out and written as JSON (as `bubble batch` does), with a
/// warm word cache. Every round times a pass on one thread, then a pass on two threads that take the next
/// message no thread has taken, so a shared machine's load falls on both alike. Prints the median µs/message
/// of each, the median over rounds of each round's speedup (one thread's time ÷ two threads'), and the two
/// threads' CPU time per message against one thread's (1.0 when a second thread costs nothing but a core).
/// With `enginePerThread`, the second thread lays out with an engine of its own (its own faces, caches and
/// typesetters, warmed like the first): what sharing one engine costs is the difference between the two runs.
func threadScaling(corpusPath: String, rounds: Int, enginePerThread: Bool) {
    let messages = loadCorpus(corpusPath).map { Message(text: $0.text) }
    let first = peerEngine(), json = JSONRenderer()
    let second = enginePerThread ? peerEngine() : first
    let next = Atomic<Int>(0), sink = Atomic<Int>(0)
    /// Lays out messages with `engine` until none is left: what each thread of a pass runs.
    func work(_ engine: BubbleEngine) {
        var bytes = 0
        while true {
            let i = next.wrappingAdd(1, ordering: .relaxed).oldValue
            guard i < messages.count else { break }
            do { bytes &+= json.render(try engine.layout(messages[i])).utf8.count } catch { fail("\(error)") }
        }
        sink.wrappingAdd(bytes, ordering: .relaxed)
    }
    /// One pass over the corpus on `threads` threads: its wall and CPU seconds.
    func pass(threads: Int) -> (wall: Double, cpu: Double) {
        next.store(0, ordering: .relaxed)
        let wall0 = now(CLOCK_MONOTONIC), cpu0 = now(CLOCK_PROCESS_CPUTIME_ID)
        var others: [pthread_t] = []
        for _ in 1..<threads {
            let box = Unmanaged.passRetained(Work({ work(second) }))
            var thread = pthread_t()
            guard pthread_create(&thread, nil, { context in
                let w = Unmanaged<Work>.fromOpaque(context!).takeRetainedValue()
                w.body()
                return nil
            }, box.toOpaque()) == 0 else { fail("pthread_create failed") }
            others.append(thread)
        }
        work(first)
        for thread in others { pthread_join(thread, nil) }
        return (now(CLOCK_MONOTONIC) - wall0, now(CLOCK_PROCESS_CPUTIME_ID) - cpu0)
    }
    _ = pass(threads: 1)  // warms the word cache, the fonts and a second typesetter, untimed
    _ = pass(threads: 2)
    if enginePerThread {  // the second engine meets every message once too
        next.store(0, ordering: .relaxed)
        work(second)
    }
    var one: [(wall: Double, cpu: Double)] = [], two: [(wall: Double, cpu: Double)] = []
    for _ in 0..<max(rounds, 1) {
        one.append(pass(threads: 1))
        two.append(pass(threads: 2))
    }
    func median(_ v: [Double]) -> Double { v.sorted()[v.count / 2] }
    let n = Double(messages.count)
    let speedup = median(zip(one, two).map { $0.wall / $1.wall })
    let cpuRatio = median(zip(one, two).map { $1.cpu / $0.cpu })
    print("{\"n\": \(messages.count), \"rounds\": \(one.count), \"usOneThread\": \(fixed(median(one.map(\.wall)) / n * 1e6, 2)), "
          + "\"usTwoThreads\": \(fixed(median(two.map(\.wall)) / n * 1e6, 2)), \"speedup\": \(fixed(speedup, 3)), "
          + "\"cpuTwoOverOne\": \(fixed(cpuRatio, 3)), \"enginePerThread\": \(enginePerThread), "
          + "\"checksum\": \(sink.load(ordering: .relaxed))}")
}

/// A thread's body, handed to `pthread_create` through an unmanaged reference.
private final class Work {
    let body: () -> Void
    init(_ body: @escaping () -> Void) { self.body = body }
}
