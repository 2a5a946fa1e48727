import CReduxAtomics

/// Set, from any thread, the moment a store is released; read on the main actor by every entry
/// into its pipeline, so that a `Dispatch` that outlived the store does nothing from that moment
/// on — even while the rest of the shutdown waits for the main actor.
///
/// The flag is atomic (see `CReduxAtomics.h` for why it is C), so `Sendable` holds; the class owns
/// its storage, which must stay at one address for the atomic operations.
///
/// A presentation's end is latched in one too (``Presentation``): its subscription holds the flag
/// and reads it after every reduction, a load. So is a shared-values reconciler's first whole walk
/// (``SharedWalk/reconciler(for:)``), read after every action.
///
/// Cost, measured with callgrind: +4 to +10 instructions per dispatch (a load per pipeline entry;
/// store with no middleware 340 → 350 when it was introduced). `.ci/perf-guard`'s thresholds hold
/// the dispatch counts that include it.
@usableFromInline
final class ReleaseFlag: @unchecked Sendable {
    @usableFromInline let storage: UnsafeMutablePointer<c_redux_atomic_flag>

    init() {
        storage = .allocate(capacity: 1)
        c_redux_atomic_flag_init(storage)
    }

    deinit {
        storage.deallocate()
    }

    /// Marks the store released. Any thread.
    func set() {
        c_redux_atomic_flag_set(storage)
    }

    /// Whether the store was released. Any thread; one load.
    @inlinable
    var isSet: Bool {
        @inline(__always) get { c_redux_atomic_flag_is_set(storage) }
    }
}
