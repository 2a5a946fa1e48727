import CReduxAtomics

/// A lock that never waits: ``tryTake()`` takes it when it is free and says so, else returns
/// `false` at once. For caches, which skip an entry another thread is using rather than wait (the
/// ``CaseMemo``), and for a value written once by whichever thread gets there first (a case
/// reader's learned name). C11 atomics (see `CReduxAtomics.h`): acquire on take, release on free.
///
/// `@unchecked Sendable`: the flag is atomic and its storage is owned here, at one address.
final class TryLock: @unchecked Sendable {
    private let flag: UnsafeMutablePointer<c_redux_atomic_flag>

    init() {
        flag = .allocate(capacity: 1)
        c_redux_atomic_flag_init(flag)
    }

    deinit {
        flag.deallocate()
    }

    /// Takes the lock when it is free: `true` then (what the last holder wrote before freeing it
    /// is visible), `false` when another holds it.
    func tryTake() -> Bool {
        c_redux_atomic_flag_try_take(flag)
    }

    /// Frees the lock (what the holder wrote is visible to the next taker).
    func free() {
        c_redux_atomic_flag_clear(flag)
    }
}
