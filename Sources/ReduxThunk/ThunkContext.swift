import Redux

/// What a thunk receives: the store's `dispatch` and `getState`, and the extra argument given to
/// ``thunkMiddleware(extra:)`` — the app's dependencies.
@MainActor
public struct ThunkContext<State, Extra: Sendable> {
    /// Sends an action — or another thunk — through the store's whole middleware chain.
    public let dispatch: Dispatch
    /// Returns the store's current state.
    public let getState: @MainActor () -> State
    /// The dependencies given to the thunk middleware (an API client, a clock, …).
    public let extra: Extra

    @usableFromInline
    init(dispatch: @escaping Dispatch, getState: @escaping @MainActor () -> State, extra: Extra) {
        self.dispatch = dispatch
        self.getState = getState
        self.extra = extra
    }

    /// The store's current state; the same as `getState()`.
    public var state: State { getState() }

    /// Dispatches an async thunk from inside this thunk and waits for its value.
    ///
    /// - Parameter thunk: The thunk to run.
    /// - Returns: The thunk's value.
    /// - Throws: What the thunk threw, `CancellationError` if it was cancelled, or a ``ThunkError``.
    @discardableResult
    public func run<Value>(_ thunk: AsyncThunk<State, Extra, Value>) async throws -> Value {
        try await ThunkRunner.run(thunk, dispatch: dispatch)
    }
}
