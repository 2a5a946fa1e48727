import Redux

/// A middleware that logs every action with the state before and after it, a diff of what changed
/// and how long it took — the way redux-logger does.
///
/// Put it **last** in the store's middleware, so that it logs exactly the actions that reach the
/// reducer, in the order they are reduced (thunks, which never reach the reducer, are then not
/// logged as actions; what they dispatch is).
///
/// ```swift
/// let store = Store(initialState: AppState(), reducer: appReducer,
///                   middleware: [thunkMiddleware(), loggingMiddleware()])
/// ```
///
/// ```
/// action Rename @ 14:02:07.431 (in 0.02 ms)
///   prev state  AppState(count: 1, name: "a")
///   action      Rename(name: "b")
///   next state  AppState(count: 1, name: "b")
///   diff        name: "a" → "b"
/// ```
///
/// When the predicate returns `false`, the action passes on with nothing else computed; parts that
/// are hidden are not computed either.
///
/// - Parameter options: What to log and how.
/// - Returns: The middleware.
@inlinable
public func loggingMiddleware<State>(_ options: LoggingOptions<State> = LoggingOptions()) -> Middleware<State> {
    { _, getState in
        let formatter = LogFormatter(options)
        let filters = options.predicate != nil
        let predicate = options.predicate ?? { _, _ in true }
        let keepsBefore = !options.parts.isDisjoint(with: [.previousState, .diff])
        let keepsAfter = !options.parts.isDisjoint(with: [.nextState, .diff])
        let timesIt = options.parts.contains(.duration)
        return { next in
            { action in
                if filters, !predicate(action, getState) {
                    return next(action)
                }
                let before = keepsBefore ? getState() : nil
                let start = timesIt ? ContinuousClock.now : nil
                next(action)
                let elapsed = start.map { ContinuousClock.now - $0 }
                let after = keepsAfter ? getState() : nil
                formatter.log(action: action, before: before, after: after, elapsed: elapsed)
            }
        }
    }
}
