import Foundation
import Redux

/// Writes one line naming the action and the error to standard error: what
/// ``asyncActionMiddleware(dependencies:onError:)`` does with errors when given no handler, so that no error is
/// dropped silently.
func writeAsyncActionErrorToStandardError(_ error: any Error, _ action: any Action) {
    let line = "swift-redux: \(type(of: action)) failed: \(error)\n"
    FileHandle.standardError.write(Data(line.utf8))
}

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
/// - Parameters:
///   - dependencies: The app's dependencies (API clients, a clock), which the actions' work reads
///     with ``AsyncAction/dependencies(_:)``; tests pass test doubles.
///   - onError: Receives errors that the action did not turn into an action. When `nil`
///     (the default), each is written to standard error as one line naming the action.
/// - Returns: The middleware.
@inlinable
public func asyncActionMiddleware<State>(
    dependencies: (any Sendable)? = nil,
    onError: WorkErrorHandler? = nil
) -> Middleware<State> {
    let report = onError ?? defaultWorkErrorHandler
    return { dispatch, getState in
        let effects = Effects.current(for: "asyncActionMiddleware()")
        return { next in
            FilteringLink.dispatch(next: next) { action, next in
                handleAsyncAction(
                    action, next: next, effects: effects, dispatch: dispatch, getState: getState,
                    dependencies: dependencies, onError: report)
            }
        }
    }
}

/// What ``asyncActionMiddleware(dependencies:onError:)`` does with errors when given no handler.
@usableFromInline
let defaultWorkErrorHandler: WorkErrorHandler = { error, action in
    writeAsyncActionErrorToStandardError(error, action)
}

/// The slow path of ``asyncActionMiddleware(dependencies:onError:)``, for the first action of each type: cancels
/// or starts work, passing the action on, and answers `true`; answers `false` for an action of
/// another type, which the link then passes on and remembers. Inlinable, so the casts are
/// specialised for the app's state type.
@inlinable
@MainActor
func handleAsyncAction<State>(
    _ action: any Action,
    next: Dispatch,
    effects: Effects,
    dispatch: @escaping Dispatch,
    getState: @escaping @MainActor () -> State,
    dependencies: (any Sendable)?,
    onError: @escaping WorkErrorHandler
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
    start(
        asyncAction, effects: effects, dispatch: dispatch, getState: getState, dependencies: dependencies,
        onError: onError)
    return true
}

/// Starts an async action's work in a task tracked by `effects`.
@MainActor
@usableFromInline
func start<State>(
    _ asyncAction: any AsyncAction<State>,
    effects: Effects,
    dispatch: @escaping Dispatch,
    getState: @escaping @MainActor () -> State,
    dependencies: (any Sendable)?,
    onError: @escaping WorkErrorHandler
) {
    let id = asyncAction.cancellationID.map { AnyHashable($0) }
    // What a cancelled run dispatches is dropped: it was told to stop, and its results are stale
    // (search-as-you-type must never show an older query's results) — as `Send` does for commands.
    let send: Dispatch = { action in
        guard !Task.isCancelled else { return }
        dispatch(action)
    }
    effects.run(id: id, cancelInFlight: asyncAction.cancelsInFlight) {
        do {
            try await AsyncActionDependencies.$current.withValue(dependencies) {
                try await asyncAction.run(dispatch: send, getState: getState)
            }
        } catch {
            if error is CancellationError || Task.isCancelled { return }
            if let failure = asyncAction.failureAction(for: error) {
                dispatch(failure)
            } else {
                onError(error, asyncAction)
            }
        }
    }
}
