import Redux

/// Reducers that return work: `Reducer.commands(…)`, beside the plain `Reducer(_:)` and `on(_:_:)`.
///
/// They have a name of their own rather than overloading the plain forms: with an overload, a
/// reducer closure whose body returns nothing became ambiguous once this module was imported, and a
/// single-expression closure returning a ``Command`` could bind to the plain form and drop the work.
extension Reducer {
    /// A reducer that returns work beside the new state, for every action: Point-Free's `(inout State, Action) ->
    /// [Effect]`, with the effects merged into one ``Command``.
    ///
    /// It composes with plain reducers in `Reducer.combine`, through `pullback` and in the store,
    /// which runs the work after the reduction.
    ///
    /// ```swift
    /// let reducer = Reducer<AppState>.commands { state, action in
    ///     guard action is Refresh else { return .none }
    ///     state.isLoading = true
    ///     return .run { send in send(Loaded(items: try await API.items())) }
    /// }
    /// ```
    ///
    /// - Parameter reduce: Applies the action to the state in place and returns the work to do next
    ///   (``Command/none`` for none).
    /// - Returns: The reducer.
    @inlinable
    public static func commands(_ reduce: @escaping @Sendable (inout State, any Action) -> Command) -> Reducer {
        Reducer(work: { state, action, work in
            let command = reduce(&state, action)
            if !command.isNone { work.append(command) }
        })
    }

    /// A reducer that returns the next state and, optionally, a command: PokeMaster's
    /// `reduce(state:action:) -> (AppState, AppCommand?)`, ported unchanged but for the command type.
    ///
    /// Returning a new state copies it; prefer ``commands(_:)`` for large states.
    ///
    /// - Parameter reduce: Returns the state after the action and the work to do next, if any.
    /// - Returns: The reducer.
    @inlinable
    public static func commands(returning reduce: @escaping @Sendable (State, any Action) -> (State, Command?))
        -> Reducer
    {
        Reducer(work: { state, action, work in
            let (next, command) = reduce(state, action)
            state = next
            if let command, !command.isNone { work.append(command) }
        })
    }

    /// A reducer that sees only actions of one type and returns work for them.
    ///
    /// ```swift
    /// .commands(on: LogIn.self) { state, action in
    ///     state.isLoggingIn = true
    ///     return .run(using: AppDependencies.self) { send, dependencies in
    ///         send(LoggedIn(user: try await dependencies.auth.logIn(action.email, action.password)))
    ///     } catch: { error, send in
    ///         send(LoginFailed(message: "\(error)"))
    ///     }
    /// }
    /// ```
    ///
    /// - Parameters:
    ///   - type: The action type this reducer handles.
    ///   - reduce: Applies an action of that type to the state and returns the work to do next.
    /// - Returns: A reducer that calls `reduce` for actions of type `A` and does nothing otherwise.
    @inlinable
    public static func commands<A: Action>(
        on type: A.Type,
        _ reduce: @escaping @Sendable (inout State, A) -> Command
    ) -> Reducer {
        // Exact type match is a pointer comparison; subclasses of a class action fall back to `as?`.
        if ActionCast.isClass(A.self) {
            return Reducer(work: { state, action, work in
                guard let action = ActionCast.cast(action, to: A.self) ?? (action as? A) else { return }
                let command = reduce(&state, action)
                if !command.isNone { work.append(command) }
            })
        }
        return Reducer(work: { state, action, work in
            guard let action = ActionCast.cast(action, to: A.self) else { return }
            let command = reduce(&state, action)
            if !command.isNone { work.append(command) }
        })
    }

    /// Runs the reducer on a state and returns the work it returned, without a store — for testing
    /// a reducer alone.
    ///
    /// ```swift
    /// var state = AppState()
    /// let command = appReducer.reduceWithCommands(&state, LogIn(email: "a@b.c", password: "x"))
    /// #expect(state.isLoggingIn)
    /// #expect(!command.isNone)
    /// ```
    ///
    /// - Parameters:
    ///   - state: The state to update.
    ///   - action: The action to apply.
    /// - Returns: The work the reducers returned, merged in order; ``Command/none`` if none.
    public func reduceWithCommands(_ state: inout State, _ action: any Action) -> Command {
        var work = ReducerWork()
        reduce(&state, action, work: &work)
        return .merge(work.items.compactMap { $0 as? Command })
    }
}
