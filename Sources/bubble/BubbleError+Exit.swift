import ArgumentParser
import Bubble
import Foundation

extension BubbleError {
    /// Runs `body`; a ``BubbleError`` is printed as `bubble: code: message` and ends the process
    /// with exit code 2 (usage and fatal errors, as PRODUCT.md says).
    static func exiting<T>(_ body: () throws(BubbleError) -> T) throws -> T {
        do { return try body() } catch {
            Diagnostics.say("\(error.code): \(error.message)")
            throw ExitCode(2)
        }
    }
}
