/// The stored values a store loaded for persisted shared keys (`ReduxPersistence`'s
/// `SharedMember.fileStorage`, `.appStorage`) whose copies appeared where its state held none of
/// their key — a sheet presented, a screen pushed, a row added to an empty list.
///
/// The store dispatches it right after the action that made the copies appear, so that every copy
/// of the key shows the stored value (the value this store last loaded or saved, else the
/// storage's) rather than the default its new state was made with — as the Composable
/// Architecture's `@Shared` uses its default only when nothing is stored — and nothing stored is
/// overwritten by that default. Being an action, the load is recorded with the other steps, so a
/// replay, a jump or an exported file shows what the live store showed; a `TestStore`, which
/// neither loads nor saves (fresh storage), never dispatches it. Any reducer over a state holding
/// such keys applies it (the store's reconciliation of shared values does); the app's own reducers
/// may ignore it.
///
/// ```swift
/// store.dispatch(ShowSettings())  // settings.volume: 7, as stored — not the state's default 0
/// ```
public struct SharedValuesLoaded: Action, Codable, Equatable, CustomStringConvertible {
    /// Each key's stored value as JSON text, by the key as its member declares it
    /// (`defaults::volume:Int`, `file:/path/stats.json:Stats`).
    public let values: [String: String]

    /// The values `values` (JSON text by key) for the copies of those keys.
    ///
    /// - Parameter values: Each key's value, as its persistence encodes it.
    public init(values: [String: String]) {
        self.values = values
    }

    /// `SharedValuesLoaded(defaults::volume:Int = 7)`, the keys in order.
    public var description: String {
        "SharedValuesLoaded("
            + values.keys.sorted().map { "\($0) = \(values[$0] ?? "")" }.joined(separator: ", ") + ")"
    }
}

/// The action that replaces a store's state with another computed elsewhere — time travel's
/// (`ReduxHistory`'s recorder dispatches and reduces it): a store's persisted shared keys are
/// neither loaded nor saved for it (the state shown is a step's, not an edit). One type, not
/// generic, so a store of any state tells it by exact comparison (``ActionCast``); the state is
/// read back as the recorder's type once per travel.
package struct StateReplacement: Action {
    package let state: any Sendable

    package init(state: any Sendable) {
        self.state = state
    }
}
