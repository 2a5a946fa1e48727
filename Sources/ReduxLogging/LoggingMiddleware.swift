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
public func loggingMiddleware<State>(_ options: LoggingOptions<State> = LoggingOptions()) -> Middleware<State> {
    { _, getState in
        let formatter = LogFormatter(options)
        return { next in
            let link = LoggingLink(next: next, getState: getState, formatter: formatter)
            return { action in link.dispatch(action) }
        }
    }
}

/// The logging middleware's link in the chain: everything the per-action path reads, in one
/// object, so the `Dispatch` closure over it captures a single reference.
///
/// Deliberately not specialised for the app's state type: in generic code, `getState` and the
/// predicate already have the same abstraction, so handing one to the other costs no conversion.
final class LoggingLink<State> {
    let next: Dispatch
    let getState: @MainActor () -> State
    /// The predicate, or one that says yes; `filters` tells which. Not optional, because binding an
    /// optional closure retains it on every call.
    let predicate: @MainActor @Sendable (_ action: any Action, _ state: () -> State) -> Bool
    let filters: Bool
    let formatter: LogFormatter<State>
    let keepsBefore: Bool
    let keepsAfter: Bool
    let timesIt: Bool
    /// `==` for an `Equatable` state: then the previous entry's next state, when equal to this
    /// entry's previous state, is shown again without reflecting and describing it anew.
    let isEqual: ((State, State) -> Bool)?
    /// The last entry's next state, as shown; cleared when an action is not logged (the state may
    /// have changed without an entry).
    var lastAfter: (state: State, shown: ShownState)?
    /// Whether `lastAfter` is set: a `Bool` to test on the filtered-out path, where testing the
    /// optional itself would copy the state in this unspecialised code (~800 instructions).
    var hasLastAfter = false

    init(next: @escaping Dispatch, getState: @escaping @MainActor () -> State, formatter: LogFormatter<State>) {
        self.next = next
        self.getState = getState
        self.formatter = formatter
        let options = formatter.options
        // `if let`, not `??`: a closure through the generic `??` is called behind two reabstraction
        // thunks (33 instructions an action, `logging, filtered out`).
        if let given = options.predicate {
            predicate = given
            filters = true
        } else {
            predicate = { _, _ in true }
            filters = false
        }
        keepsBefore = !options.parts.isDisjoint(with: [.previousState, .diff])
        keepsAfter = !options.parts.isDisjoint(with: [.nextState, .diff])
        timesIt = options.parts.contains(.duration)
        isEqual = Self.equality()
    }

    /// `==` on `State` when it is `Equatable`.
    static func equality() -> ((State, State) -> Bool)? {
        guard let equatable = State.self as? any Equatable.Type else { return nil }
        func equal<Value: Equatable>(_: Value.Type) -> (State, State) -> Bool {
            { lhs, rhs in
                guard let lhs = lhs as? Value, let rhs = rhs as? Value else { return false }
                return lhs == rhs
            }
        }
        return equal(equatable)
    }

    /// Passes `action` on, and logs it unless the predicate says no.
    @MainActor
    func dispatch(_ action: any Action) {
        if filters, !predicate(action, getState) {
            if hasLastAfter { forgetLastAfter() }
            return next(action)
        }
        passOnAndLog(action)
    }

    /// Out of line: code that mentions `lastAfter`'s type looks up its metadata on entry (~500
    /// instructions), which the filtered-out path must not pay.
    @inline(never)
    func forgetLastAfter() {
        lastAfter = nil
        hasLastAfter = false
    }

    /// Records what the entry needs around passing the action on, then writes the entry.
    @MainActor
    @inline(never)
    func passOnAndLog(_ action: any Action) {
        let before = keepsBefore ? getState() : nil
        let start = timesIt ? ContinuousClock.now : nil
        next(action)
        let elapsed = start.map { ContinuousClock.now - $0 }
        let after = keepsAfter ? getState() : nil
        let shownBefore = before.map { before in
            if let lastAfter, let isEqual, isEqual(lastAfter.state, before) { return lastAfter.shown }
            return formatter.shown(before)
        }
        let shownAfter = after.map(formatter.shown)
        if let after, let shownAfter, isEqual != nil {
            lastAfter = (after, shownAfter)
            hasLastAfter = true
        }
        formatter.log(action: action, before: shownBefore, after: shownAfter, elapsed: elapsed)
    }
}
