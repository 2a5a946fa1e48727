import Redux

/// A middleware that runs ``Thunk``s and ``AsyncThunk``s dispatched to the store, handing them
/// `dispatch`, `getState` and `extra`, and forwards every other action untouched.
///
/// Thunks never reach the reducer. Async thunks run in tasks tracked by the store's
/// `Effects`: `await store.effects.waitForAll()` waits for them, and releasing the store
/// cancels them. Other actions pay one type check, remembered per action type.
///
/// ```swift
/// struct Dependencies: Sendable { var api: APIClient }
/// let store = Store(
///     initialState: AppState(), reducer: appReducer,
///     middleware: [thunkMiddleware(extra: Dependencies(api: .live))]
/// )
/// ```
///
/// Thunks are matched by their `State` and `Extra` types: a `Thunk<AppState, Dependencies>` needs
/// `thunkMiddleware(extra:)` given a `Dependencies`.
///
/// - Parameter extra: The dependencies every thunk receives as ``ThunkContext/extra``.
/// - Returns: The middleware.
@inlinable
public func thunkMiddleware<State, Extra: Sendable>(extra: Extra) -> Middleware<State> {
    { dispatch, getState in
        let effects = Effects.current ?? Effects()
        let context = ThunkContext<State, Extra>(dispatch: dispatch, getState: getState, extra: extra)
        return { next in
            FilteringLink.dispatch(next: next) { action, _ in
                handleThunk(action, context: context, effects: effects)
            }
        }
    }
}

/// The slow path of ``thunkMiddleware(extra:)``, for the first action of each type: runs a thunk
/// and answers `true`, or answers `false` for an action of another type, which the link then passes
/// on and remembers. Inlinable, so the casts are specialised for the app's types: unspecialised,
/// each would look up `Thunk<State, Extra>`'s metadata at run time.
@inlinable
@MainActor
func handleThunk<State, Extra: Sendable>(
    _ action: any Action,
    context: ThunkContext<State, Extra>,
    effects: Effects
) -> Bool {
    if let thunk = action as? Thunk<State, Extra> {
        thunk.body(context)
        return true
    }
    if let thunk = action as? any AsyncThunkStarting<State, Extra> {
        thunk.start(context: context, effects: effects)
        return true
    }
    return false
}

/// A thunk middleware without dependencies: thunks of type `Thunk<State, Void>` and
/// `AsyncThunk<State, Void, Value>`.
///
/// - Returns: The middleware.
public func thunkMiddleware<State>() -> Middleware<State> {
    thunkMiddleware(extra: ())
}

extension Store {
    /// Dispatches an async thunk and waits for its value.
    ///
    /// Cancelling the calling task cancels the thunk's work.
    ///
    /// ```swift
    /// let user = try await store.run(loadUser)
    /// ```
    ///
    /// - Parameter thunk: The thunk to run.
    /// - Returns: The thunk's value.
    /// - Throws: What the thunk threw; `CancellationError` if it was cancelled; a ``ThunkError`` if
    ///   it did not start.
    @discardableResult
    public func run<Extra, Value>(_ thunk: AsyncThunk<State, Extra, Value>) async throws -> Value {
        try await ThunkRunner.run(thunk) { action in self.dispatch(action) }
    }
}

/// Type-erases ``AsyncThunk`` over its value, so the middleware recognises every async thunk for
/// its state and extra types.
@usableFromInline
protocol AsyncThunkStarting<State, Extra>: Action {
    associatedtype State
    associatedtype Extra: Sendable

    @MainActor
    func start(context: ThunkContext<State, Extra>, effects: Effects)
}

extension AsyncThunk: AsyncThunkStarting {
    @MainActor
    @usableFromInline
    func start(context: ThunkContext<State, Extra>, effects: Effects) {
        let requestID = RequestIDs.next()
        if let prepare, !prepare(context, requestID) {
            reporter?.skipped = true
            return
        }
        let body = self.body
        let finish = self.finish
        let task = Task<Value, any Error> { @MainActor in
            let outcome: ThunkOutcome<Value>
            do {
                let value = try await body(context)
                // A cancelled run is rejected even when the work ignored cancellation.
                outcome = Task.isCancelled ? .cancelled : .fulfilled(value)
            } catch {
                outcome = error is CancellationError || Task.isCancelled ? .cancelled : .failed(error)
            }
            finish?(context, requestID, outcome)
            switch outcome {
            case .fulfilled(let value): return value
            case .failed(let error): throw error
            case .cancelled: throw CancellationError()
            }
        }
        reporter?.task = task
        effects.run(id: id.map { AnyHashable($0) }) {
            await withTaskCancellationHandler {
                _ = await task.result
            } onCancel: {
                task.cancel()
            }
        }
    }
}

extension Thunk: RequiresMiddleware {
    package static var requiredMiddleware: String { "thunkMiddleware(extra:) with an extra of type \(Extra.self)" }
}

extension AsyncThunk: RequiresMiddleware {
    package static var requiredMiddleware: String { "thunkMiddleware(extra:) with an extra of type \(Extra.self)" }
}

enum ThunkRunner {
    /// Dispatches `thunk` with a reporter, then awaits the task the middleware started.
    @MainActor
    static func run<State, Extra, Value>(
        _ thunk: AsyncThunk<State, Extra, Value>,
        dispatch: Dispatch
    ) async throws -> Value {
        let reporter = ThunkReporter<Value>()
        dispatch(thunk.reporting(to: reporter))
        if reporter.skipped {
            throw ThunkError.skippedByCondition
        }
        guard let task = reporter.task else {
            throw ThunkError.notStarted
        }
        return try await withTaskCancellationHandler {
            try await task.value
        } onCancel: {
            task.cancel()
        }
    }
}
