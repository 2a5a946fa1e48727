import Redux

/// The actions of a lifecycle thunk (``AsyncThunk/lifecycle(_:id:condition:_:)``), as Redux
/// Toolkit's `createAsyncThunk` names them: pending, then fulfilled or rejected.
///
/// `Tag` is a type you choose to tell lifecycles apart:
///
/// ```swift
/// enum Login {}
/// let reducer = Reducer<AppState>.combine(
///     .on(ThunkLifecycle.Pending<Login>.self) { state, _ in state.isLoggingIn = true },
///     .on(ThunkLifecycle.Fulfilled<Login, Session>.self) { state, action in state.session = action.value },
///     .on(ThunkLifecycle.Rejected<Login>.self) { state, action in state.isLoggingIn = false }
/// )
/// ```
public enum ThunkLifecycle {
    /// Identifies one run of a lifecycle thunk, so that reducers can match its pending,
    /// fulfilled and rejected actions.
    public struct RequestID: Hashable, Sendable, CustomStringConvertible {
        let rawValue: UInt64

        /// The identifier as text.
        public var description: String { "request-\(rawValue)" }
    }

    /// Dispatched by a lifecycle thunk before its work starts.
    public struct Pending<Tag>: Action {
        /// This run of the thunk.
        public let requestID: RequestID
    }

    /// Dispatched by a lifecycle thunk when its work returned a value (and was not cancelled).
    public struct Fulfilled<Tag, Value: Sendable>: Action {
        /// This run of the thunk.
        public let requestID: RequestID
        /// What the work returned.
        public let value: Value
    }

    /// Dispatched by a lifecycle thunk when its work threw or was cancelled.
    public struct Rejected<Tag>: Action {
        /// Why the thunk was rejected.
        public enum Reason: Sendable {
            /// The work threw this error.
            case failed(any Error)
            /// The work was cancelled (even if it went on to return a value).
            case cancelled
        }

        /// This run of the thunk.
        public let requestID: RequestID
        /// Why.
        public let reason: Reason

        /// Whether the thunk was cancelled rather than failed.
        public var isCancellation: Bool {
            if case .cancelled = reason { return true }
            return false
        }
    }
}

@MainActor
private var nextRequestID: UInt64 = 0

extension AsyncThunk {
    /// An async thunk with the pending / fulfilled / rejected lifecycle of Redux Toolkit's
    /// `createAsyncThunk`.
    ///
    /// At dispatch, `condition` (if any) decides whether to run at all: when it returns `false`,
    /// nothing is dispatched and an awaiting caller gets ``ThunkError/skippedByCondition``.
    /// Otherwise ``ThunkLifecycle/Pending`` is dispatched at once, the operation runs, and then
    /// either ``ThunkLifecycle/Fulfilled`` with its value or ``ThunkLifecycle/Rejected`` with the
    /// error. A cancelled run always ends in `Rejected` with
    /// ``ThunkLifecycle/Rejected/Reason/cancelled`` — never in `Fulfilled`, even if the operation
    /// ignored cancellation and returned — and ends at once: the caller resumes without waiting for
    /// an operation that ignores cancellation, whose later result is ignored.
    ///
    /// ```swift
    /// enum Login {}
    /// let login = AsyncThunk<AppState, Dependencies, Session>.lifecycle(Login.self, id: "login",
    ///     condition: { state, _ in !state.isLoggingIn }
    /// ) { context in
    ///     try await context.extra.auth.logIn(context.state.credentials)
    /// }
    /// // Reducers: .on(ThunkLifecycle.Pending<Login>.self), .on(ThunkLifecycle.Fulfilled<Login, Session>.self),
    /// // .on(ThunkLifecycle.Rejected<Login>.self)
    /// ```
    ///
    /// - Parameters:
    ///   - tag: A type naming this lifecycle in its actions.
    ///   - id: Identifies the work so it can be cancelled with `store.effects.cancel(id:)`.
    ///   - condition: Decides, from the state and the extra argument, whether to run.
    ///   - operation: The work.
    /// - Returns: The thunk.
    public static func lifecycle<Tag>(
        _ tag: Tag.Type,
        id: (any Hashable & Sendable)? = nil,
        condition: (@MainActor @Sendable (State, Extra) -> Bool)? = nil,
        _ operation: @escaping @MainActor @Sendable (ThunkContext<State, Extra>) async throws -> Value
    ) -> AsyncThunk {
        AsyncThunk(
            id: id,
            body: operation,
            prepare: { context, requestID in
                if let condition, !condition(context.state, context.extra) { return false }
                context.dispatch(ThunkLifecycle.Pending<Tag>(requestID: requestID))
                return true
            },
            finish: { context, requestID, outcome in
                switch outcome {
                case .fulfilled(let value):
                    context.dispatch(ThunkLifecycle.Fulfilled<Tag, Value>(requestID: requestID, value: value))
                case .failed(let error):
                    context.dispatch(ThunkLifecycle.Rejected<Tag>(requestID: requestID, reason: .failed(error)))
                case .cancelled:
                    context.dispatch(ThunkLifecycle.Rejected<Tag>(requestID: requestID, reason: .cancelled))
                }
            },
            reporter: nil
        )
    }
}

enum RequestIDs {
    @MainActor
    static func next() -> ThunkLifecycle.RequestID {
        nextRequestID &+= 1
        return ThunkLifecycle.RequestID(rawValue: nextRequestID)
    }
}
