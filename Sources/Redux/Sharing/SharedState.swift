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
/// initial state. Persisted keys (`ReduxPersistence`: a file, user defaults) are loaded when a store
/// starts — every copy shows the stored value from the first read — and saved when they change; a
/// `TestStore` neither loads nor saves them (a test starts from fresh storage: its initial state).
public protocol SharedState: SendableMetatype {
    /// The members of this state that are the shared value of a key.
    static var shared: [SharedMember<Self>] { get }
}

/// One member of a ``SharedState`` that is the shared value of a key.
public struct SharedMember<State>: Sendable {
    /// The key, with its kind (`inMemory:stats`).
    @usableFromInline let key: String
    @usableFromInline let read: @Sendable (State) -> any Sendable
    @usableFromInline let write: @Sendable (inout State, any Sendable) -> Void
    @usableFromInline let equal: @Sendable (any Sendable, any Sendable) -> Bool
    /// Whether the member differs between two states — compared as its own type, with no value
    /// boxed (what the walks' in-step comparison asks of every copy it enters).
    @usableFromInline let differsBetween: @Sendable (State, State) -> Bool
    /// Where a persisted key's value is loaded from and saved to (`ReduxPersistence`); `nil` in memory.
    @usableFromInline let persistence: SharedPersistence?
    /// Given the value every copy is to show, the member's check and write for it, typed: what
    /// the walk that writes an edit into every copy runs on each copy (see ``SharedAgreement``);
    /// `nil` when the value is not of the member's type.
    @usableFromInline let agreeing: @Sendable (any Sendable) -> SharedAgreement<State>?

    /// A member declared by `ReduxPersistence` (a file, user defaults). Inlinable, as
    /// ``inMemory(_:_:)``: its closures are compiled for the app's types (run from the library,
    /// every comparison of two copies asked the runtime for the metadata of `Value?`).
    @inlinable
    package init<Value: Equatable & Sendable>(
        key: String, _ keyPath: WritableKeyPath<State, Value> & Sendable, persistence: SharedPersistence?
    ) {
        self.key = key
        // The member read at its offset when the key path allows (``SharedGraph/SharedPlace``): the
        // runtime's key-path projection cost ~500 instructions a copy, and the walks read every copy.
        let member = SharedGraph.SharedPlace(keyPath)
        read = { member.read($0) }
        write = { state, value in
            if let value = value as? Value { state[keyPath: keyPath] = value }
        }
        equal = { lhs, rhs in (lhs as? Value) == (rhs as? Value) }
        differsBetween = { old, new in member.read(old) != member.read(new) }
        self.persistence = persistence
        agreeing = { agreed in
            guard let value = agreed as? Value else { return nil }
            return SharedAgreement(
                differs: { state in member.read(state) != value },
                write: { state in state[keyPath: keyPath] = value })
        }
    }

    /// The member at `keyPath` is the value of the in-memory key `key`: every copy of the key in
    /// the store's state is one value.
    ///
    /// - Parameters:
    ///   - key: The key; copies with the same key (and value type) are one value.
    ///   - keyPath: The member.
    /// - Returns: The declaration.
    @inlinable
    public static func inMemory<Value: Equatable & Sendable>(
        _ key: String, _ keyPath: WritableKeyPath<State, Value> & Sendable
    ) -> SharedMember {
        SharedMember(key: "inMemory:\(key):\(Value.self)", keyPath, persistence: nil)
    }
}

/// How a persisted shared key's value is loaded when a store starts and saved when it changes:
/// made by `ReduxPersistence` (`SharedMember.fileStorage`, `.appStorage`).
@usableFromInline
package struct SharedPersistence: Sendable {
    /// The stored value, or `nil` when nothing is stored (or it cannot be read: said by `load`).
    package let load: @Sendable () -> (any Sendable)?
    /// Stores the value (coalesced and atomic as the storage does it).
    package let save: @Sendable (any Sendable) -> Void
    /// The value as JSON text, for the ``SharedValuesLoaded`` a store dispatches; `nil` when it is
    /// not the member's type or does not encode.
    package let encode: @Sendable (any Sendable) -> String?
    /// A value from its JSON text (``encode``); `nil` when it does not decode as the member's type.
    package let decode: @Sendable (String) -> (any Sendable)?

    package init(
        load: @escaping @Sendable () -> (any Sendable)?, save: @escaping @Sendable (any Sendable) -> Void,
        encode: @escaping @Sendable (any Sendable) -> String?, decode: @escaping @Sendable (String) -> (any Sendable)?
    ) {
        self.load = load
        self.save = save
        self.encode = encode
        self.decode = decode
    }
}

/// One shared member's check and write for the value every copy of its key is to show, typed for
/// the member (made by ``SharedMember/agreeing`` once per walk, from the agreed value): a copy is
/// compared with one `!=`, with no cast from `any Sendable` on either side.
@usableFromInline
struct SharedAgreement<State> {
    /// Whether the copy in a state differs from the agreed value.
    @usableFromInline let differs: (State) -> Bool
    /// Writes the agreed value into a state's copy.
    @usableFromInline let write: (inout State) -> Void

    @usableFromInline
    init(differs: @escaping (State) -> Bool, write: @escaping (inout State) -> Void) {
        self.differs = differs
        self.write = write
    }
}
