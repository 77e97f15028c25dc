import BubbleFonts
import BubbleLock

/// The font chains an engine has resolved, by the `fonts` list that named them.
final class FontChains: @unchecked Sendable {
    /// The chain of the engine's default options, resolved at start (most calls use it).
    let defaultChain: FallbackChain
    let defaultFamilies: [String]
    private let lock = Lock()
    private var chains: [[String]: FallbackChain] = [:]

    init(defaultFamilies: [String]) throws(BubbleError) {
        self.defaultFamilies = defaultFamilies
        do { defaultChain = try FallbackChain(families: defaultFamilies) } catch { throw BubbleError(error) }
    }

    /// The chain for `families`, resolved on first use.
    func chain(for families: [String]) throws(BubbleError) -> FallbackChain {
        if families == defaultFamilies { return defaultChain }
        if let chain = lock.withLock({ chains[families] }) { return chain }
        let chain: FallbackChain
        do { chain = try FallbackChain(families: families) } catch { throw BubbleError(error) }
        return lock.withLock {
            if let existing = chains[families] { return existing }
            chains[families] = chain
            return chain
        }
    }
}
