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
        let effects = Effects.current(for: "thunkMiddleware(extra:)")
        let context = ThunkContext<State, Extra>(dispatch: dispatch, getState: getState, extra: extra)
        return { next in
            FilteringLink.dispatch(next: next) { action, next in
                handleThunk(action, next: next, context: context, effects: effects)
            }
        }
    }
}

/// The slow path of ``thunkMiddleware(extra:)``, for the first action of each type: runs a thunk
/// and answers `true`, or answers `false` for an action of another type, which the link then passes
/// on and remembers. A thunk of other `State` or `Extra` types is passed on too — not remembered,
/// so that each one is reported: to an awaiting caller, and once in a debug-build warning.
/// Inlinable, so the casts are specialised for the app's types: unspecialised, each would look up
/// `Thunk<State, Extra>`'s metadata at run time.
@inlinable
@MainActor
func handleThunk<State, Extra: Sendable>(
    _ action: any Action,
    next: Dispatch,
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
    if let other = action as? any ThunkTyped {
        other.passedThrough(middlewareState: State.self, middlewareExtra: Extra.self)
        next(action)
        return true
    }
    return false
}

/// What every thunk type tells a thunk middleware of other types, so that the mismatch is named.
@usableFromInline
protocol ThunkTyped: Action {
    /// Reports that a middleware for other types let the thunk pass.
    @MainActor
    func passedThrough(middlewareState: Any.Type, middlewareExtra: Any.Type)
}

/// How a thunk middleware is described in errors and warnings.
func describeMiddleware(state: Any.Type, extra: Any.Type) -> String {
    "thunkMiddleware(extra:) with an extra of type \(extra) in a Store<\(state)>"
}

extension Thunk: ThunkTyped {
    @MainActor
    @usableFromInline
    func passedThrough(middlewareState: Any.Type, middlewareExtra: Any.Type) {
        Diagnostics.warnOnce(
            "thunk:\(Self.self):\(middlewareState):\(middlewareExtra)",
            "swift-redux: warning: \(Self.self) was not run by "
                + describeMiddleware(state: middlewareState, extra: middlewareExtra)
                + "; it needs " + describeMiddleware(state: State.self, extra: Extra.self) + ".")
    }
}

extension AsyncThunk: ThunkTyped {
    @MainActor
    @usableFromInline
    func passedThrough(middlewareState: Any.Type, middlewareExtra: Any.Type) {
        let middleware = describeMiddleware(state: middlewareState, extra: middlewareExtra)
        reporter?.mismatchedMiddleware.append(middleware)
        Diagnostics.warnOnce(
            "thunk:\(Self.self):\(middlewareState):\(middlewareExtra)",
            "swift-redux: warning: \(Self.self) was not run by \(middleware); it needs "
                + describeMiddleware(state: State.self, extra: Extra.self) + ".")
    }
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
        let workContext = context.droppingAfterCancellation()
        let task = Task<Value, any Error> { @MainActor in
            // The work runs in a task of its own, raced against cancellation: a cancelled run ends
            // now, as Redux Toolkit's does on abort, even when the work ignores cancellation. Its
            // later result is ignored.
            let race = OutcomeRace<Value>()
            let work = Task { @MainActor in
                do {
                    race.resolve(.fulfilled(try await body(workContext)))
                } catch {
                    race.resolve(error is CancellationError ? .cancelled : .failed(error))
                }
            }
            var outcome = await withTaskCancellationHandler {
                await race.outcome()
            } onCancel: {
                work.cancel()
                Task { @MainActor in race.resolve(.cancelled) }
            }
            // A cancelled run is rejected even when the work returned a value.
            if Task.isCancelled { outcome = .cancelled }
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

/// The first of an async thunk's work and its cancellation to report how the run ended.
@MainActor
final class OutcomeRace<Value: Sendable> {
    private var result: ThunkOutcome<Value>?
    private var waiter: CheckedContinuation<ThunkOutcome<Value>, Never>?

    /// Records the outcome, unless one was recorded already.
    func resolve(_ outcome: ThunkOutcome<Value>) {
        guard result == nil else { return }
        result = outcome
        waiter?.resume(returning: outcome)
        waiter = nil
    }

    /// The first outcome recorded; waits for one.
    func outcome() async -> ThunkOutcome<Value> {
        if let result { return result }
        return await withCheckedContinuation { continuation in
            if let result {
                continuation.resume(returning: result)
            } else {
                waiter = continuation
            }
        }
    }
}

extension Thunk: HandledByMiddleware {
    /// Names the thunk middleware this thunk needs: its `Extra` type and the store's `State`.
    public static var requiredMiddleware: String { describeMiddleware(state: State.self, extra: Extra.self) }

    /// The store state this thunk is written for: `State`.
    public static var storeStateType: Any.Type? { State.self }
}

extension AsyncThunk: HandledByMiddleware {
    /// Names the thunk middleware this thunk needs: its `Extra` type and the store's `State`.
    public static var requiredMiddleware: String { describeMiddleware(state: State.self, extra: Extra.self) }

    /// The store state this thunk is written for: `State`.
    public static var storeStateType: Any.Type? { State.self }
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
            let name = String(describing: AsyncThunk<State, Extra, Value>.self)
            if !reporter.mismatchedMiddleware.isEmpty {
                throw ThunkError.typeMismatch(thunk: name, middleware: reporter.mismatchedMiddleware)
            }
            throw ThunkError.notStarted(thunk: name)
        }
        return try await withTaskCancellationHandler {
            try await task.value
        } onCancel: {
            task.cancel()
        }
    }
}
