import Redux

/// What a thunk receives: the store's `dispatch` and `getState`, and the app's dependencies — the
/// value given once to the store (`Store(initialState:reducer:middleware:dependencies:onError:)`) —
/// as `extra`.
@MainActor
public struct ThunkContext<State, Extra: Sendable> {
    /// Sends an action — or another thunk — through the store's whole middleware chain.
    public let dispatch: Dispatch
    /// Returns the store's current state.
    public let getState: @MainActor () -> State
    /// The dependencies given to the thunk middleware (an API client, a clock, …).
    public let extra: Extra

    /// The store's dispatch, unguarded: for ``run(_:)``, which must reach the middleware even from
    /// a cancelled run (to be told it is cancelled).
    let storeDispatch: Dispatch

    init(dispatch: @escaping Dispatch, getState: @escaping @MainActor () -> State, extra: Extra) {
        self.dispatch = dispatch
        self.storeDispatch = dispatch
        self.getState = getState
        self.extra = extra
    }

    /// The context of a thunk that the middleware of a store with `effects` runs: its extra is the
    /// store's dependencies.
    ///
    /// - Throws: `DependenciesMismatch` naming `thunk` when they are not an `Extra`.
    init(dispatch: @escaping Dispatch, getState: @escaping @MainActor () -> State, effects: Effects, thunk: any Action)
        throws
    {
        let extra = try effects.dependencies(as: Extra.self, for: "\(type(of: thunk))")
        self.init(dispatch: dispatch, getState: getState, extra: extra)
    }

    private init(guarding context: ThunkContext) {
        let dispatch = context.storeDispatch
        self.dispatch = { action in
            guard !Task.isCancelled else { return }
            dispatch(action)
        }
        self.storeDispatch = dispatch
        self.getState = context.getState
        self.extra = context.extra
    }

    /// This context, with a ``dispatch`` that drops what a cancelled run sends: an async thunk's
    /// work gets it, so that a cancelled request's results never arrive (as with what commands send).
    func droppingAfterCancellation() -> ThunkContext { ThunkContext(guarding: self) }

    /// The store's current state; the same as `getState()`.
    public var state: State { getState() }

    /// Dispatches an async thunk from inside this thunk and waits for its value.
    ///
    /// - Parameter thunk: The thunk to run.
    /// - Returns: The thunk's value.
    /// - Throws: What the thunk threw, `CancellationError` if it was cancelled, or a ``ThunkError``.
    @discardableResult
    public func run<Value>(_ thunk: AsyncThunk<State, Extra, Value>) async throws -> Value {
        try await ThunkRunner.run(thunk, dispatch: storeDispatch)
    }
}
