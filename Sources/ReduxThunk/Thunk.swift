import Redux

/// A function dispatched in place of an action, run synchronously by ``thunkMiddleware()``.
///
/// The thunk middleware runs it at dispatch with the store's `dispatch`, `getState` and extra
/// argument, and never passes it to the reducer.
///
/// ```swift
/// let incrementIfOdd = Thunk<AppState, Dependencies> { context in
///     if context.state.count % 2 == 1 { context.dispatch(Increment()) }
/// }
/// store.dispatch(incrementIfOdd)
/// ```
public struct Thunk<State, Extra: Sendable>: Action {
    @usableFromInline let body: @MainActor @Sendable (ThunkContext<State, Extra>) -> Void

    /// Creates a thunk.
    ///
    /// - Parameter body: The work; runs on the main actor when the thunk is dispatched.
    public init(_ body: @escaping @MainActor @Sendable (ThunkContext<State, Extra>) -> Void) {
        self.body = body
    }
}

/// An asynchronous function dispatched in place of an action; ``thunkMiddleware()`` runs it
/// in a task tracked by the store's `Effects`, and it can return a value.
///
/// Dispatch it to fire and forget, or run it to wait for its value:
///
/// ```swift
/// let loadUser = AsyncThunk<AppState, Dependencies, User> { context in
///     try await context.extra.api.user(id: context.state.userID)
/// }
/// let user = try await store.run(loadUser)
/// ```
///
/// For the pending / fulfilled / rejected lifecycle of Redux Toolkit's `createAsyncThunk`, build it
/// with ``lifecycle(_:id:condition:_:)``.
public struct AsyncThunk<State, Extra: Sendable, Value: Sendable>: Action {
    let id: (any Hashable & Sendable)?
    let body: @MainActor @Sendable (ThunkContext<State, Extra>) async throws -> Value
    /// Runs synchronously at dispatch; returning `false` skips the thunk (lifecycle condition).
    let prepare: (@MainActor @Sendable (ThunkContext<State, Extra>, ThunkLifecycle.RequestID) -> Bool)?
    /// Runs when the work ended, before the awaiting caller resumes (lifecycle actions).
    let finish:
        (@MainActor @Sendable (ThunkContext<State, Extra>, ThunkLifecycle.RequestID, ThunkOutcome<Value>) -> Void)?
    /// Set by ``Store/run(_:)``: where the middleware reports the task it started.
    let reporter: ThunkReporter<Value>?

    /// Creates an async thunk.
    ///
    /// - Parameters:
    ///   - id: Identifies the work so it can be cancelled with `store.effects.cancel(id:)`.
    ///   - body: The work; runs on the main actor in a new task. Its value is returned to whoever
    ///     awaits the thunk with `Store/run(_:)` or ``ThunkContext/run(_:)``.
    public init(
        id: (any Hashable & Sendable)? = nil,
        _ body: @escaping @MainActor @Sendable (ThunkContext<State, Extra>) async throws -> Value
    ) {
        self.init(id: id, body: body, prepare: nil, finish: nil, reporter: nil)
    }

    init(
        id: (any Hashable & Sendable)?,
        body: @escaping @MainActor @Sendable (ThunkContext<State, Extra>) async throws -> Value,
        prepare: (@MainActor @Sendable (ThunkContext<State, Extra>, ThunkLifecycle.RequestID) -> Bool)?,
        finish: (
            @MainActor @Sendable (ThunkContext<State, Extra>, ThunkLifecycle.RequestID, ThunkOutcome<Value>) -> Void
        )?,
        reporter: ThunkReporter<Value>?
    ) {
        self.id = id
        self.body = body
        self.prepare = prepare
        self.finish = finish
        self.reporter = reporter
    }

    /// A copy that reports its task to `reporter`.
    func reporting(to reporter: ThunkReporter<Value>) -> AsyncThunk {
        AsyncThunk(id: id, body: body, prepare: prepare, finish: finish, reporter: reporter)
    }
}

/// Errors of running thunks.
public enum ThunkError: Error, Equatable, CustomStringConvertible {
    /// No thunk middleware for the thunk's `State` type saw it: the store has no
    /// ``thunkMiddleware()``, or the store was released. Names the thunk's type.
    case notStarted(thunk: String)
    /// The store's thunk middleware are built for another state type than the thunk's: a thunk typed
    /// `AsyncThunk<AppState, Dependencies, User>` needs `thunkMiddleware()` in a `Store<AppState>`.
    /// Names the thunk's type and each middleware's. (A thunk whose `Extra` is not the store's
    /// dependencies throws `DependenciesMismatch`.)
    case typeMismatch(thunk: String, middleware: [String])
    /// The lifecycle thunk's condition returned `false`: nothing was dispatched.
    case skippedByCondition

    /// What went wrong, naming the types involved.
    public var description: String {
        switch self {
        case .notStarted(let thunk):
            return "\(thunk) did not start: no thunk middleware for its state type saw it (the store has no "
                + "thunkMiddleware(), or was released)"
        case .typeMismatch(let thunk, let middleware):
            return "\(thunk) did not start: the store's thunk middleware expect other types ("
                + middleware.joined(separator: "; ") + ")"
        case .skippedByCondition:
            return "the lifecycle thunk's condition returned false: nothing was dispatched"
        }
    }
}

/// How an async thunk's work ended.
enum ThunkOutcome<Value: Sendable>: Sendable {
    case fulfilled(Value)
    case failed(any Error)
    case cancelled
}

/// Receives the task a thunk middleware started for an awaited thunk, or why none did.
@MainActor
final class ThunkReporter<Value: Sendable>: Sendable {
    var task: Task<Value, any Error>?
    var skipped = false
    /// The thunk middleware of other types that saw the thunk pass.
    var mismatchedMiddleware: [String] = []
    /// Why the middleware could not start it: its extra is not the store's dependencies.
    var failure: (any Error)?
}
