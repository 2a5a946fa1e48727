/// The store's dependencies, readable by a reducer while the store runs it: the same value its
/// work reads with `Command.run(using:)`, async actions and thunks.
///
/// The store that was given dependencies (`Store(…, dependencies:)`) sets them here around each
/// run of its reducer; a store given none pays nothing. Read through ``Reducer/init(using:_:)`` and
/// ``Reducer/on(_:using:_:)``.
@MainActor
package enum ReducerDependencies {
    /// The dependencies of the store whose reducer runs now; `nil` outside a reduction, or in a store
    /// given none.
    package static var current: (any Sendable)?

    /// `body`, run with `dependencies` current: what a store given dependencies runs as its reducer.
    nonisolated static func wrapping<State>(
        _ body: @escaping @Sendable (inout State, any Action) -> Void, with dependencies: any Sendable
    ) -> @Sendable (inout State, any Action) -> Void {
        { state, action in
            // A store runs its reducer on the main actor (`StoreCore` is main-actor isolated); the
            // runtime checks it again here.
            let previous = MainActor.assumeIsolated { swap(dependencies) }
            body(&state, action)
            MainActor.assumeIsolated { _ = swap(previous) }
        }
    }

    /// The same, for a reducer that returns work.
    nonisolated static func wrapping<State>(
        _ body: @escaping @Sendable (inout State, any Action, inout ReducerWork) -> Void,
        with dependencies: any Sendable
    ) -> @Sendable (inout State, any Action, inout ReducerWork) -> Void {
        { state, action, work in
            let previous = MainActor.assumeIsolated { swap(dependencies) }
            body(&state, action, &work)
            MainActor.assumeIsolated { _ = swap(previous) }
        }
    }

    private static func swap(_ dependencies: (any Sendable)?) -> (any Sendable)? {
        defer { current = dependencies }
        return current
    }

    /// The current dependencies as a `D`, or the mismatch (reported once, naming both types).
    package nonisolated static func read<D: Sendable>(_: D.Type, by requester: @autoclosure () -> String) -> D? {
        guard MainActorCheck.isOnMainQueue else {
            report(DependenciesMismatch(requester: requester(), expected: "\(D.self)", found: nil), outsideStore: true)
            return nil
        }
        let current = MainActor.assumeIsolated { ReducerDependencies.current }
        if let dependencies = current as? D { return dependencies }
        report(
            DependenciesMismatch(
                requester: requester(), expected: "\(D.self)", found: current.map { "\(type(of: $0))" }),
            outsideStore: false)
        return nil
    }

    private nonisolated static func report(_ mismatch: DependenciesMismatch, outsideStore: Bool) {
        let message = "swift-redux: error: \(mismatch); the reducer did not run for this action"
        guard !outsideStore else {
            // Off the main actor (a reducer called directly on another thread): said now, every time.
            return Diagnostics.writeToStandardError(message + " (it ran outside a store, off the main actor)")
        }
        MainActor.assumeIsolated { Diagnostics.warnOnce("reducer-dependencies:\(mismatch)", message) }
    }
}

extension Reducer {
    /// A reducer that reads the store's dependencies while it reduces — a fresh identifier for a new
    /// item, the current date, which alert to show — the same value the store's work reads:
    ///
    /// ```swift
    /// let listReducer = Reducer<ListState>(using: AppDependencies.self) { state, action, dependencies in
    ///     if action is AddTapped { state.items.append(Item(id: dependencies.uuid())) }
    /// }
    /// ```
    ///
    /// A test gives other values with `TestStore(…, dependencies:)`. A store given dependencies of
    /// another type, or none, does not run `reduce` for the action: a debug build reports the
    /// mismatch once, naming the type asked for and the type given.
    ///
    /// - Parameters:
    ///   - type: The type of the dependencies, as given to `Store(…, dependencies:)`.
    ///   - reduce: Applies an action to the state, reading the dependencies.
    public init<Dependencies: Sendable>(
        using type: Dependencies.Type,
        _ reduce: @escaping @Sendable (inout State, any Action, Dependencies) -> Void
    ) {
        self.init { state, action in
            guard let dependencies = ReducerDependencies.read(type, by: "Reducer<\(State.self)>(using:)") else {
                return
            }
            reduce(&state, action, dependencies)
        }
    }

    /// A reducer for actions of type `A` that reads the store's dependencies while it reduces; see
    /// ``init(using:_:)``.
    ///
    /// - Parameters:
    ///   - actionType: The action type this reducer handles.
    ///   - type: The type of the dependencies, as given to `Store(…, dependencies:)`.
    ///   - reduce: Applies an action of that type to the state, reading the dependencies.
    /// - Returns: The reducer.
    public static func on<A: Action, Dependencies: Sendable>(
        _ actionType: A.Type,
        using type: Dependencies.Type,
        _ reduce: @escaping @Sendable (inout State, A, Dependencies) -> Void
    ) -> Reducer {
        Reducer { state, action in
            guard let action = ActionCast.cast(action, to: A.self) ?? (action as? A),
                let dependencies = ReducerDependencies.read(
                    type, by: "Reducer<\(State.self)>.on(\(A.self).self, using:)")
            else { return }
            reduce(&state, action, dependencies)
        }
    }
}
