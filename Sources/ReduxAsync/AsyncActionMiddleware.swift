import Redux

/// A middleware that runs ``AsyncAction``s and handles ``CancelAsyncAction``.
///
/// Every action is passed on. For an async action, the middleware passes it on first (so reducers
/// can mark loading state), then starts its work in a task tracked by the store's
/// `Effects`; `await store.effects.waitForAll()` waits for it. Other actions pay one type
/// check, which is remembered per action type.
///
/// ```swift
/// let store = Store(initialState: AppState(), reducer: appReducer, middleware: [asyncActionMiddleware()])
/// store.dispatch(Search(query: "swift"))
/// ```
///
/// The work reads the dependencies given to the store with ``AsyncAction/dependencies(_:)``;
/// errors it does not turn into an action (``AsyncAction/failureAction(for:)``) go to the store's
/// error handler (`Store(…, onError:)`), standard error by default.
///
/// - Returns: The middleware.
@inlinable
public func asyncActionMiddleware<State>() -> Middleware<State> {
    { dispatch, getState in
        let effects = Effects.current(for: "asyncActionMiddleware()")
        return { next in
            FilteringLink.dispatch(next: next) { action, next in
                handleAsyncAction(action, next: next, effects: effects, dispatch: dispatch, getState: getState)
            }
        }
    }
}

/// Handles `action` when it is an async action or a ``CancelAsyncAction``; returns whether it did.
@inlinable
@MainActor
func handleAsyncAction<State>(
    _ action: any Action,
    next: Dispatch,
    effects: Effects,
    dispatch: @escaping Dispatch,
    getState: @escaping @MainActor () -> State
) -> Bool {
    if let cancel = action as? CancelAsyncAction {
        effects.cancel(id: AnyHashable(cancel.id))
        next(action)
        return true
    }
    guard let asyncAction = action as? any AsyncAction<State> else {
        return false
    }
    Diagnostics.markHandled(action)
    next(action)
    start(asyncAction, effects: effects, dispatch: dispatch, getState: getState)
    return true
}

/// Starts an async action's work in a task tracked by `effects`.
@MainActor
@usableFromInline
func start<State>(
    _ asyncAction: any AsyncAction<State>,
    effects: Effects,
    dispatch: @escaping Dispatch,
    getState: @escaping @MainActor () -> State
) {
    let id = asyncAction.cancellationID.map { AnyHashable($0) }
    // What a cancelled run dispatches is dropped: it was told to stop, and its results are stale
    // (search-as-you-type must never show an older query's results) — as commands do.
    let send: Dispatch = { action in
        guard !Task.isCancelled else { return }
        dispatch(action)
    }
    effects.run(id: id, cancelInFlight: asyncAction.cancelsInFlight) {
        do {
            try await AsyncActionDependencies.$current.withValue(effects) {
                try await asyncAction.run(dispatch: send, getState: getState)
            }
        } catch {
            if error is CancellationError || Task.isCancelled { return }
            if let failure = asyncAction.failureAction(for: error) {
                dispatch(failure)
            } else {
                effects.report(error, for: asyncAction)
            }
        }
    }
}
