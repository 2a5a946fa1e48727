#if canImport(Darwin)
    import Darwin
#elseif canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Android)
    import Android
#endif

/// A value behind a lock: the package's one lock-protected box. A type whose mutable state is shared
/// across threads keeps it in a `Locked` and is then `Sendable` as the compiler checks it — instead
/// of a small class per use with a lock, its fields and an `@unchecked Sendable` of its own (issue
/// 66: the generators' counters, the known files of a file storage, a timer's grid, the in-memory
/// storage and the test clock each had one).
///
/// `Synchronization.Mutex` does this job from macOS 15 / iOS 18; this package supports macOS 14 /
/// iOS 17, and `Redux` does not import Foundation (`NSLock`), so this holds a `pthread_mutex_t`
/// it allocates, as swift-nio's lock does: a mutex must not move, and a stored property of a
/// class has no address that stays put when passed to C. Not on any dispatch path (its users are
/// generators, storages, a timer and the test clock), so no speed is claimed for it.
///
/// `@unchecked Sendable`: `value` is read and written only inside ``withLock(_:)``, with the mutex
/// held; the mutex is created in `init`, destroyed in `deinit`, and never exposed. The thread
/// sanitizer run (`swift test --sanitize=thread`, CI) covers its users
/// (`ReducerDependenciesTests.anIncrementingGeneratorCountsOnceEachFromManyThreads`, the test
/// clock's tests, `DocumentTests`).
package final class Locked<Value>: @unchecked Sendable {
    private let mutex: UnsafeMutablePointer<pthread_mutex_t>
    private var value: Value

    /// A box holding `value`.
    package init(_ value: Value) {
        self.value = value
        mutex = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)
        mutex.initialize(to: pthread_mutex_t())
        let status = pthread_mutex_init(mutex, nil)
        precondition(status == 0, "pthread_mutex_init failed: \(status)")
    }

    deinit {
        pthread_mutex_destroy(mutex)
        mutex.deinitialize(count: 1)
        mutex.deallocate()
    }

    /// Runs `body` with the value, the lock held; what `body` returns is returned.
    package func withLock<Result>(_ body: (inout Value) throws -> Result) rethrows -> Result {
        pthread_mutex_lock(mutex)
        defer { pthread_mutex_unlock(mutex) }
        return try body(&value)
    }
}

extension Locked where Value: Sendable {
    /// The value, read with the lock held.
    package var current: Value { withLock { $0 } }
}
