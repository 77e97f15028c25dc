package import Foundation

/// The built `bubble` binary, beside the test bundle.
package func bubbleExecutable() -> URL {
    let build = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
    let executable = build.appendingPathComponent("bubble")
    if FileManager.default.fileExists(atPath: executable.path) { return executable }
    return build.deletingLastPathComponent().appendingPathComponent("bubble")  // inside the .xctest bundle on some layouts
}

/// Runs the built `bubble` binary as a user would, with `environment` set over the test's own.
package func runBubble(_ arguments: [String], stdin: [UInt8] = [], environment: [String: String] = [:]) throws -> (status: Int32, stdout: String, stderr: String) {
    let process = Process()
    process.executableURL = bubbleExecutable()
    process.arguments = arguments
    if !environment.isEmpty { process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 } }
    let input = Pipe(), output = Pipe(), error = Pipe()
    process.standardInput = input
    process.standardOutput = output
    process.standardError = error
    try process.run()
    // Feed standard input and drain standard error on their own threads, so neither pipe can fill
    // up while the other is waited on.
    let writer = input.fileHandleForWriting
    let fed = DispatchSemaphore(value: 0)
    let stdinData = Data(stdin)
    Thread {
        signal(SIGPIPE, SIG_IGN)
        try? writer.write(contentsOf: stdinData)
        try? writer.close()
        fed.signal()
    }.start()
    let errBox = ErrBox()
    let drained = DispatchSemaphore(value: 0)
    let errHandle = error.fileHandleForReading
    Thread { errBox.data = errHandle.readDataToEndOfFile(); drained.signal() }.start()
    let out = output.fileHandleForReading.readDataToEndOfFile()
    drained.wait()
    fed.wait()
    let err = errBox.data
    process.waitUntilExit()
    return (process.terminationStatus, String(decoding: out, as: UTF8.self), String(decoding: err, as: UTF8.self))
}

/// Standard error's bytes, filled by the thread that drains the pipe.
private final class ErrBox: @unchecked Sendable { var data = Data() }
