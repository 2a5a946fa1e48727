import Redux

/// A middleware that runs ``Thunk``s and ``AsyncThunk``s dispatched to the store, handing them
/// `dispatch`, `getState` and the app's dependencies as `extra`, and forwards every other action
/// untouched.
///
/// Thunks never reach the reducer. Async thunks run in tasks tracked by the store's
/// `Effects`: `await store.effects.waitForAll()` waits for them, and releasing the store
/// cancels them. Other actions pay one type check, remembered per action type.
///
/// ```swift
/// struct Dependencies: Sendable { var api: APIClient }
/// let store = Store(
///     initialState: AppState(), reducer: appReducer,
///     middleware: [thunkMiddleware()],
///     dependencies: Dependencies(api: .live)
/// )
/// ```
///
/// A thunk's `Extra` type is the type of the dependencies given to the store
/// (`Store(initialState:reducer:middleware:dependencies:onError:)`) — `Void` when it needs none. A
/// thunk that asks for another type does not run: an awaited one throws `DependenciesMismatch`,
/// others report it to the store's error handler. Thunks are matched by their `State` type.
///
/// - Returns: The middleware.
@inlinable
public func thunkMiddleware<State>() -> Middleware<State> {
    { dispatch, getState in
        let effects = Effects.current(for: "thunkMiddleware()")
        return { next in
            FilteringLink.dispatch(next: next) { action, next in
                handleThunk(action, next: next, dispatch: dispatch, getState: getState, effects: effects)
            }
        }
    }
}

/// The slow path of ``thunkMiddleware()``, for the first action of each type: runs a thunk
/// and answers `true`, or answers `false` for an action of another type, which the link then passes
/// on and remembers. A thunk of another `State` type is passed on too — not remembered, so that
/// each one is reported: to an awaiting caller, and once in a debug-build warning. Inlinable, so
/// the casts are specialised for the app's state type.
@inlinable
@MainActor
func handleThunk<State>(
    _ action: any Action,
    next: Dispatch,
    dispatch: @escaping Dispatch,
    getState: @escaping @MainActor () -> State,
    effects: Effects
) -> Bool {
    if let thunk = action as? any StoreThunk<State> {
        thunk.start(dispatch: dispatch, getState: getState, effects: effects)
        return true
    }
    if let other = action as? any ThunkTyped {
        other.passedThrough(middlewareState: State.self)
        next(action)
        return true
    }
    return false
}

/// A thunk the middleware of a `Store<State>` runs, whatever its `Extra` type: it reads its extra
/// from the store's dependencies itself.
@usableFromInline
protocol StoreThunk<State>: Action {
    associatedtype State

    /// Runs the thunk with the store's dependencies as its extra, or reports why it cannot.
    @MainActor
    func start(dispatch: @escaping Dispatch, getState: @escaping @MainActor () -> State, effects: Effects)
}

extension Thunk: StoreThunk {
    @MainActor
    @usableFromInline
    func start(dispatch: @escaping Dispatch, getState: @escaping @MainActor () -> State, effects: Effects) {
        do {
            body(try ThunkContext(dispatch: dispatch, getState: getState, effects: effects, thunk: self))
        } catch {
            effects.report(error, for: self)
        }
    }
}

@usableFromInline
protocol ThunkTyped: Action {
    /// Reports that a middleware for another state type let the thunk pass.
    @MainActor
    func passedThrough(middlewareState: Any.Type)
}

/// How a thunk middleware is described in errors and warnings.
func describeMiddleware(state: Any.Type) -> String {
    "thunkMiddleware() in a Store<\(state)>"
}

extension Thunk: ThunkTyped {
    @MainActor
    @usableFromInline
    func passedThrough(middlewareState: Any.Type) {
        Diagnostics.warnOnce(
            "thunk:\(Self.self):\(middlewareState)",
            "swift-redux: warning: \(Self.self) was not run by "
                + describeMiddleware(state: middlewareState)
                + "; it needs " + describeMiddleware(state: State.self) + ".")
    }
}

extension AsyncThunk: ThunkTyped {
    @MainActor
    @usableFromInline
    func passedThrough(middlewareState: Any.Type) {
        let middleware = describeMiddleware(state: middlewareState)
        reporter?.mismatchedMiddleware.append(middleware)
        Diagnostics.warnOnce(
            "thunk:\(Self.self):\(middlewareState)",
            "swift-redux: warning: \(Self.self) was not run by \(middleware); it needs "
                + describeMiddleware(state: State.self) + ".")
    }
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

/// Type-erases ``AsyncThunk`` over its extra and value types, so the middleware recognises every
/// async thunk for its state type.
extension AsyncThunk: StoreThunk {
    @MainActor
    @usableFromInline
    func start(dispatch: @escaping Dispatch, getState: @escaping @MainActor () -> State, effects: Effects) {
        let context: ThunkContext<State, Extra>
        do {
            context = try ThunkContext(dispatch: dispatch, getState: getState, effects: effects, thunk: self)
        } catch {
            if let reporter {
                reporter.failure = error
            } else {
                effects.report(error, for: self)
            }
            return
        }
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
    public static var requiredMiddleware: String { describeMiddleware(state: State.self) }

    /// The store state this thunk is written for: `State`.
    public static var storeStateType: Any.Type? { State.self }
}

extension AsyncThunk: HandledByMiddleware {
    /// Names the thunk middleware this thunk needs: its `Extra` type and the store's `State`.
    public static var requiredMiddleware: String { describeMiddleware(state: State.self) }

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
        if let failure = reporter.failure {
            throw failure
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
