import Redux

/// An action that also starts asynchronous work.
///
/// With ``asyncActionMiddleware()`` in the store, dispatching an async action passes it on
/// to the reducer first — so the reducer can mark loading state — and then runs ``run(dispatch:getState:)``
/// in a task tracked by the store's `Effects`.
///
/// ```swift
/// struct Search: AsyncAction {
///     var query: String
///     var cancellationID: (any Hashable & Sendable)? { "search" }
///     var cancelsInFlight: Bool { true }  // a new search cancels the previous one
///
///     func run(dispatch: @escaping Dispatch, getState: @escaping @MainActor () -> AppState) async throws {
///         let results = try await SearchAPI.results(for: query)
///         dispatch(SearchResults(query: query, results: results))
///     }
///
///     func failureAction(for error: any Error) -> (any Action)? {
///         SearchFailed(message: "\(error)")
///     }
/// }
/// ```
///
/// - Cancellation: give the action a ``cancellationID`` and dispatch ``CancelAsyncAction`` with it,
///   or set ``cancelsInFlight`` so each new one cancels the previous. When the store is released,
///   all its work is cancelled. Cancellation is never reported as a failure.
/// - Errors: a thrown error becomes the action ``failureAction(for:)`` returns, or, when that is
///   `nil`, goes to the store's error handler (`Store(…, onError:)`). Never dropped.
/// - Without the middleware: an async action that reaches the reducer without
///   ``asyncActionMiddleware()`` in a store of its `State` — none in the store, or the action
///   is typed for another state — starts no work; debug builds print a warning naming the
///   middleware it needs (see `HandledByMiddleware`).
public protocol AsyncAction<State>: HandledByMiddleware {
    /// The state of the store the action runs against.
    associatedtype State

    /// Identifies the work so it can be cancelled with ``CancelAsyncAction``. `nil` (the default)
    /// means it cannot be cancelled by identifier.
    var cancellationID: (any Hashable & Sendable)? { get }

    /// Whether starting this action cancels the work in flight with the same ``cancellationID``.
    /// The default is `false`.
    var cancelsInFlight: Bool { get }

    /// The work. Runs on the main actor in a new task; `await` other actors for heavy work.
    ///
    /// - Parameters:
    ///   - dispatch: Sends actions into the store; does nothing once the store is gone.
    ///   - getState: Returns the store's current state.
    @MainActor
    func run(dispatch: @escaping Dispatch, getState: @escaping @MainActor () -> State) async throws

    /// The action that reports `error`, or `nil` to hand the error to the middleware's error
    /// handler. The default returns `nil`.
    ///
    /// - Parameter error: What ``run(dispatch:getState:)`` threw (never a cancellation).
    /// - Returns: An action for the reducer, or `nil`.
    func failureAction(for error: any Error) -> (any Action)?
}

extension AsyncAction {
    /// No identifier: the work can only be cancelled by releasing the store.
    public var cancellationID: (any Hashable & Sendable)? { nil }

    /// Does not cancel work in flight.
    public var cancelsInFlight: Bool { false }

    /// Hands every error to the store's error handler.
    public func failureAction(for error: any Error) -> (any Action)? { nil }

    /// Names ``asyncActionMiddleware()`` and the state of the store it must be in.
    public static var requiredMiddleware: String { "asyncActionMiddleware() in a Store<\(State.self)>" }

    /// The store state this action is written for: `State`.
    public static var storeStateType: Any.Type? { State.self }
}

/// Cancels the async actions in flight with the given identifier.
///
/// The action is also passed on to the reducer, which can clear loading state.
///
/// ```swift
/// store.dispatch(CancelAsyncAction(id: "search"))
/// ```
public struct CancelAsyncAction: Action {
    /// The ``AsyncAction/cancellationID`` of the work to cancel.
    public var id: any Hashable & Sendable

    /// Creates a cancel action.
    ///
    /// - Parameter id: The ``AsyncAction/cancellationID`` of the work to cancel.
    public init(id: any Hashable & Sendable) {
        self.id = id
    }
}
