import Foundation
import Testing

/// A failing server test shows the child's log: its tail, and the start of a crash report longer than it.
@Suite struct LogTailTests {
    @Test func aCrashReportsStartOutlivesTheTail() {
        let log = LogTail(limit: 100)
        log.append(Data(String(repeating: "request ok\n", count: 50).utf8))
        #expect(!log.text.contains("crash report"))
        log.append(Data("\n*** Program crashed: Bad pointer dereference at 0x2 ***\n".utf8))
        for _ in 0..<40 { log.append(Data("  frame in some function\n".utf8)) }
        #expect(log.text.hasPrefix("crash report begins:\n*** Program crashed: Bad pointer dereference"))
        #expect(log.text.hasSuffix("frame in some function\n"))
    }

    @Test func aMarkerSplitAcrossTwoReadsIsFound() {
        let log = LogTail(limit: 100)
        log.append(Data("ok\n*** Prog".utf8))
        log.append(Data("ram crashed: here\n".utf8))
        #expect(log.text.contains("crash report begins:\n*** Program crashed: here"))
    }
}
