/// A feature's state that declares which of its members are the shared value of a key — the
/// Composable Architecture's `@Shared(.inMemory("stats")) var stats` — with no list in any parent:
///
/// ```swift
/// struct CounterTab: Equatable, SharedState {
///     var stats = Stats()
///     var alert: AlertState<Never>?
///     static let shared: [SharedMember<Self>] = [.inMemory("stats", \.stats)]
/// }
/// ```
///
/// Wherever a store's state holds such a feature — a member composed with `pullback` or
/// ``Reducer/scope(_:_:)``, a presented child (`ifLet`), a row (`forEach`), a stack screen, an enum
/// destination's case — every copy of a key is one value after every action: a copy the action
/// changed is written to every other copy (the last changed wins when several were), and a copy that
/// appeared (a sheet presented, a row added, a screen pushed) shows the value the others hold. The
/// copies are found by walking the places the reducers were composed with, so the feature's reducer
/// reads and writes its member as any other; a parent lists nothing.
///
/// Still values: recorded, replayed, travelled, exported and asserted in a `TestStore` (a test
/// asserts a change once, on any copy: its expected state is reconciled the same way) as today.
/// In-memory keys live in the store's state: two stores share nothing, and a test starts from its
/// initial state.
public protocol SharedState: SendableMetatype {
    /// The members of this state that are the shared value of a key.
    static var shared: [SharedMember<Self>] { get }
}

/// One member of a ``SharedState`` that is the shared value of a key.
public struct SharedMember<State>: Sendable {
    /// The key, with its kind (`inMemory:stats`).
    let key: String
    let read: @Sendable (State) -> any Sendable
    let write: @Sendable (inout State, any Sendable) -> Void
    let equal: @Sendable (any Sendable, any Sendable) -> Bool

    /// The member at `keyPath` is the value of the in-memory key `key`: every copy of the key in
    /// the store's state is one value.
    ///
    /// - Parameters:
    ///   - key: The key; copies with the same key (and value type) are one value.
    ///   - keyPath: The member.
    /// - Returns: The declaration.
    public static func inMemory<Value: Equatable & Sendable>(
        _ key: String, _ keyPath: WritableKeyPath<State, Value> & Sendable
    ) -> SharedMember {
        SharedMember(
            key: "inMemory:\(key):\(Value.self)",
            read: { $0[keyPath: keyPath] },
            write: { state, value in
                if let value = value as? Value { state[keyPath: keyPath] = value }
            },
            equal: { lhs, rhs in (lhs as? Value) == (rhs as? Value) })
    }
}
