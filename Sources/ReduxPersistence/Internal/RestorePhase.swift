import Redux

/// Where a persister is in restoring the stored data. Nothing is written before ``restored``.
///
/// ```text
/// notLoaded --load(into:)----------------------------------------------> restored
///     |  middleware built first (the store exists)
///     v
/// storeBeforeLoad --load / restore--> rehydrating --Rehydrate applied--> restored
///                                          |
///                                          +--Rehydrate not applied--> loaded (saving blocked)
/// notLoaded/storeBeforeLoad --restore(into:) with no middleware-----> loaded
/// ```
enum RestorePhase {
    /// Nothing was read and no store uses the persister yet.
    case notLoaded
    /// The store was built before the data was read: its state then and the actions reduced since,
    /// to replay onto the restored value (``Persister/reducer(replayingOnto:)``).
    case storeBeforeLoad(ReplayLog)
    /// The data was read and ``Rehydrate`` is on its way through the store; `changedBefore` tells
    /// whether actions were reduced before the restore, so the merged state must be written.
    case rehydrating(RehydrationReceipt, changedBefore: Bool)
    /// The data was read but the store's state does not hold it (no middleware, or the
    /// ``Rehydrate`` was not applied): nothing is written automatically.
    case loaded
    /// The store's state holds what was stored (or nothing was stored): changes are written.
    case restored

    /// Whether a restore may start: the data was not read yet.
    var canStartRestore: Bool {
        switch self {
        case .notLoaded, .storeBeforeLoad: true
        case .rehydrating, .loaded, .restored: false
        }
    }

    /// Whether the data was read (``Persister/isLoaded``).
    var isLoaded: Bool { !canStartRestore }

    /// Whether the store's state holds the stored data, so changes are written.
    var isRestored: Bool {
        if case .restored = self { return true }
        return false
    }

    /// Whether ``Persister/flush()`` may write: not while a store waits for its data.
    var allowsFlush: Bool {
        switch self {
        case .loaded, .restored: true
        case .notLoaded, .storeBeforeLoad, .rehydrating: false
        }
    }

    /// Records that an action was reduced while the ``Rehydrate`` was on its way.
    mutating func noteChangeBeforeRestore() {
        if case .rehydrating(let receipt, _) = self {
            self = .rehydrating(receipt, changedBefore: true)
        }
    }
}

/// The store's state when the persister's middleware was built, and what was reduced since,
/// before the data was restored. A class, so that each action is appended in place.
final class ReplayLog {
    let base: Any
    var actions: [any Action] = []
    var changed = false

    init(base: Any) {
        self.base = base
    }
}
