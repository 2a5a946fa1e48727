import Foundation
import Redux

/// Dispatched by a ``Persister`` when it restores stored data into a store that already exists —
/// the `REHYDRATE` action of redux-persist.
///
/// The persister's ``Persister/reducer`` applies it by calling the persister's `restore` closure on
/// the live state, so whatever was dispatched before the restore is merged with the restored value
/// as `restore` says (by default the persisted part is replaced, the rest is kept). Your own
/// reducers can also react to it, for example to hide a "restoring…" indicator:
///
/// ```swift
/// let appReducer = Reducer<AppState>.combine(
///     persister.reducer,
///     .on(Rehydrate<Settings>.self) { state, _ in state.isRestoring = false },
///     featureReducer
/// )
/// ```
///
/// `value` is `nil` when nothing usable was stored (no data, corrupt data kept aside, data this
/// version cannot read); the reason is in the persister's ``Persister/lastError``.
public struct Rehydrate<Persisted: Sendable>: Action {
    /// The storage key of the persister that dispatched it.
    public let key: String
    /// The restored value, or `nil` when nothing usable was stored.
    public let value: Persisted?
    /// Which persister dispatched it, and whether a reducer applied it.
    let receipt: RehydrationReceipt
}

/// Identifies one persister's ``Rehydrate`` actions and records whether a reducer applied one.
///
/// Written by the reducer and read by the persister's middleware, both on the store's main actor
/// in practice; a lock keeps it correct wherever a reducer runs.
final class RehydrationReceipt: @unchecked Sendable {
    /// The persister whose actions these are.
    let owner: ObjectIdentifier
    /// The store's state when the persister's middleware was built (a `State`), and the actions
    /// reduced since, before the restore: what ``Persister/reducer(replayingOnto:)`` rebuilds the
    /// state from. Set once, before the action is dispatched; never written afterwards.
    let replayBase: Any?
    let replayActions: [any Action]
    private let lock = NSLock()
    private var applied = false

    init(owner: ObjectIdentifier, replayBase: Any? = nil, replayActions: [any Action] = []) {
        self.owner = owner
        self.replayBase = replayBase
        self.replayActions = replayActions
    }

    /// Whether a reducer applied the restored value.
    var isApplied: Bool { lock.withLock { applied } }

    func markApplied() {
        lock.withLock { applied = true }
    }
}
