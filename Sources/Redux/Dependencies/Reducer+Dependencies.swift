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
