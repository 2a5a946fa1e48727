/// A feature's dependencies type that says its own live and test values — the Composable
/// Architecture's `liveValue`/`testValue` — so that nobody has to hand it to a store:
///
/// ```swift
/// struct CounterDependencies: FeatureDependencies {
///     var fact: FactClient
///     var clock: any Clock<Duration>
///
///     static var liveValue: Self { Self(fact: .live, clock: ContinuousClock()) }
///     static var testValue: Self { Self(fact: .unimplemented, clock: UnimplementedClock()) }
/// }
///
/// let store = Store(initialState: Counter(), reducer: counterReducer)          // runs on liveValue
/// let test = TestStore(initialState: Counter(), reducer: counterReducer) {      // runs on testValue,
///     (dependencies: inout CounterDependencies) in dependencies.clock = clock   // changed where the test says
/// }
/// ```
///
/// A reducer, a command, an async action or a thunk that asks for this type (`Reducer(using:)`,
/// `Command.run(using:)`, …) gets, in order: the store's dependencies when they are this type or have
/// a part of it (``DependencyParts``) — what an app or a test gave still wins —; otherwise, in a
/// `TestStore`, ``testValue`` (made once per test store, then changed only by the test), and in any
/// other store ``liveValue`` (made once per process, so a live client's state is one).
///
/// Code called while a reducer runs — a state's initializer, a helper — reads the same value with
/// ``current``. Values made by generators (`UUIDGenerator`, `DateGenerator`) during a reduction are
/// recorded with the step by a store that records them (a `TestStore`, a store given dependencies
/// and a `HistoryRecorder`), wherever in the reduction they are read.
public protocol FeatureDependencies: Sendable {
    /// The value a store runs on when nobody gave one: the real clients.
    static var liveValue: Self { get }
    /// The value a `TestStore` runs on unless the test gives one: endpoints that fail the test when
    /// called (ReduxTesting's `unimplemented(_:)`), deterministic generators.
    static var testValue: Self { get }
}

extension FeatureDependencies {
    /// The value in force: while a store's reducer runs, what that reducer reads — the store's
    /// dependencies (or their part of this type), a test's values, a reducer's override
    /// (``Reducer/dependency(_:_:)``) — so that a state's initializer called by the reducer
    /// (`Nested(id: NestedDependencies.current.uuid())`) reads the same generators; outside any
    /// reduction, ``liveValue``.
    public static var current: Self {
        guard MainActorCheck.isOnMainQueue else { return LiveDependencies.value(Self.self) ?? liveValue }
        let inForce = MainActor.assumeIsolated { ReducerDependencies.current }
        return resolvedDependencies(inForce, as: Self.self) ?? liveValue
    }
}

/// The live values of ``FeatureDependencies`` types, made once per process on first use.
enum LiveDependencies {
    private static let made = Locked<[ObjectIdentifier: any Sendable]>([:])

    /// `T`'s live value when it is a ``FeatureDependencies`` type; `nil` otherwise.
    static func value<T>(_: T.Type) -> T? {
        guard let type = T.self as? any FeatureDependencies.Type else { return nil }
        if let found = made.withLock({ $0[ObjectIdentifier(T.self)] }) as? T { return found }
        // Made outside the lock: a live value may read others.
        let value: any Sendable = type.liveValue
        return made.withLock { made in
            if let first = made[ObjectIdentifier(T.self)] { return first as? T }
            made[ObjectIdentifier(T.self)] = value
            return value as? T
        }
    }
}

/// A `TestStore`'s dependencies: what the test gave (`base`, possibly nothing) and, for each
/// ``FeatureDependencies`` type it did not give, that type's test value — made on first use, kept
/// for the test store's life (an incrementing generator keeps counting), changed by the test.
package final class TestDependencies: Sendable {
    /// What the test gave, as it gave it.
    package let base: (any Sendable)?
    private let values: Locked<[ObjectIdentifier: any Sendable]>

    package init(base: (any Sendable)?) {
        self.base = base
        values = Locked([:])
    }

    private init(base: (any Sendable)?, values: [ObjectIdentifier: any Sendable]) {
        self.base = base
        self.values = Locked(values)
    }

    /// The same test values around another `base` (a test replacing what it gave).
    package func replacingBase(with base: (any Sendable)?) -> TestDependencies {
        TestDependencies(base: base, values: values.withLock { $0 })
    }

    /// `T` as the test has it: from what it gave, else its test value (when `T` is a
    /// ``FeatureDependencies`` type).
    package func value<T>(_: T.Type) -> T? {
        if let given = resolvedGivenDependencies(base, as: T.self) { return given }
        guard let type = T.self as? any FeatureDependencies.Type else { return nil }
        if let found = values.withLock({ $0[ObjectIdentifier(T.self)] }) as? T { return found }
        let value: any Sendable = type.testValue
        return values.withLock { values in
            if let first = values[ObjectIdentifier(T.self)] { return first as? T }
            values[ObjectIdentifier(T.self)] = value
            return value as? T
        }
    }

    /// Replaces the test value of `T` (a test changing it: `updateDependencies`).
    package func set<T: Sendable>(_ value: T) {
        values.withLock { $0[ObjectIdentifier(T.self)] = value }
    }

    /// The type of what the test gave, for messages.
    package var givenDescription: String? { base.map { "\(type(of: $0))" } }
}
