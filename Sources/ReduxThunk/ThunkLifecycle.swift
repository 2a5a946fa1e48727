import Redux

/// Identifies one run of a lifecycle thunk, so that reducers can match its pending, fulfilled and
/// rejected actions.
public struct ThunkRequestID: Hashable, Sendable, CustomStringConvertible {
    let rawValue: UInt64

    /// The identifier as text.
    public var description: String { "request-\(rawValue)" }
}

/// Dispatched by a lifecycle thunk before its work starts.
///
/// `Tag` is a type you choose to tell lifecycles apart: `Pending<LoadUser>`.
public struct Pending<Tag>: Action {
    /// This run of the thunk.
    public let requestID: ThunkRequestID
}

/// Dispatched by a lifecycle thunk when its work returned a value (and was not cancelled).
public struct Fulfilled<Tag, Value: Sendable>: Action {
    /// This run of the thunk.
    public let requestID: ThunkRequestID
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
    public let requestID: ThunkRequestID
    /// Why.
    public let reason: Reason

    /// Whether the thunk was cancelled rather than failed.
    public var isCancellation: Bool {
        if case .cancelled = reason { return true }
        return false
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
    /// Otherwise `Pending<Tag>` is dispatched at once, the operation runs, and then either
    /// `Fulfilled<Tag, Value>` with its value or `Rejected<Tag>` with the error. A cancelled run
    /// always ends in `Rejected<Tag>` with ``Rejected/Reason/cancelled`` — never in `Fulfilled`,
    /// even if the operation ignored cancellation and returned.
    ///
    /// ```swift
    /// enum Login {}
    /// let login = AsyncThunk<AppState, Dependencies, Session>.lifecycle(Login.self, id: "login",
    ///     condition: { state, _ in !state.isLoggingIn }
    /// ) { context in
    ///     try await context.extra.auth.logIn(context.state.credentials)
    /// }
    /// // Reducers: .on(Pending<Login>.self), .on(Fulfilled<Login, Session>.self), .on(Rejected<Login>.self)
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
                context.dispatch(Pending<Tag>(requestID: requestID))
                return true
            },
            finish: { context, requestID, outcome in
                switch outcome {
                case .fulfilled(let value):
                    context.dispatch(Fulfilled<Tag, Value>(requestID: requestID, value: value))
                case .failed(let error):
                    context.dispatch(Rejected<Tag>(requestID: requestID, reason: .failed(error)))
                case .cancelled:
                    context.dispatch(Rejected<Tag>(requestID: requestID, reason: .cancelled))
                }
            },
            reporter: nil
        )
    }
}

enum RequestIDs {
    @MainActor
    static func next() -> ThunkRequestID {
        nextRequestID &+= 1
        return ThunkRequestID(rawValue: nextRequestID)
    }
}
