import Foundation

/// A mutex with several condition variables on it (pthreads), so each kind of waiter is woken
/// only by the event it waits for — `NSCondition` ties one condition to each lock.
final class Monitor: @unchecked Sendable {
    private let mutex = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)
    private let conditions: UnsafeMutablePointer<pthread_cond_t>
    private let count: Int

    /// A monitor with `conditions` condition variables, numbered from 0.
    init(conditions: Int) {
        count = conditions
        self.conditions = .allocate(capacity: conditions)
        pthread_mutex_init(mutex, nil)
        for i in 0..<conditions { pthread_cond_init(self.conditions + i, nil) }
    }

    deinit {
        for i in 0..<count { pthread_cond_destroy(conditions + i) }
        pthread_mutex_destroy(mutex)
        conditions.deallocate()
        mutex.deallocate()
    }

    func lock() { pthread_mutex_lock(mutex) }
    func unlock() { pthread_mutex_unlock(mutex) }
    /// Waits on condition `i`; the mutex must be held.
    func wait(_ i: Int) { pthread_cond_wait(conditions + i, mutex) }
    func signal(_ i: Int) { pthread_cond_signal(conditions + i) }
    func broadcast(_ i: Int) { pthread_cond_broadcast(conditions + i) }
}
