#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// A mutual-exclusion lock over `pthread_mutex_t`, used like `NSLock` (`lock`, `unlock`, `withLock`).
///
/// Bubble's modules guard their caches with it instead of `NSLock`, so they need not link Foundation
/// (several MB of resident memory in every process using the library).
///
/// Public and inlinable, though only this package uses it (`import Bubble` does not re-export it): this
/// compiler inlines and specializes a `package` declaration's `@inlinable` body only inside its own
/// module, so `withLock` ran unspecialized (through its type arguments' metadata) everywhere else.
public final class Lock: @unchecked Sendable {
    /// Heap-allocated: a pthread mutex must not move once initialised.
    private let mutex: UnsafeMutablePointer<pthread_mutex_t>

    public init() {
        mutex = .allocate(capacity: 1)
        mutex.initialize(to: pthread_mutex_t())
        let error = pthread_mutex_init(mutex, nil)
        precondition(error == 0, "pthread_mutex_init failed (\(error))")
    }

    deinit {
        pthread_mutex_destroy(mutex)
        mutex.deinitialize(count: 1)
        mutex.deallocate()
    }

    public func lock() {
        let error = pthread_mutex_lock(mutex)
        precondition(error == 0, "pthread_mutex_lock failed (\(error))")
    }

    public func unlock() {
        let error = pthread_mutex_unlock(mutex)
        precondition(error == 0, "pthread_mutex_unlock failed (\(error))")
    }

    /// Runs `body` holding the lock.
    @inlinable
    public func withLock<T, E: Error>(_ body: () throws(E) -> T) throws(E) -> T {
        lock()
        defer { unlock() }
        return try body()
    }
}
