import Redux

/// Records every action that reached the reducer, with the state right after it.
///
/// Put its ``middleware`` **last** in the store's array, so that what it sees is exactly what
/// reaches the reducer (an earlier middleware may swallow or transform actions):
///
/// ```swift
/// let recorder = RecordingMiddleware<AppState>()
/// let store = Store(initialState: AppState(), reducer: appReducer,
///                   middleware: [thunkMiddleware(), recorder.middleware])
/// store.dispatch(Increment())
/// print(recorder.entries.map(\.action))  // [Increment()]
/// ```
///
/// Not `Sendable`: it is main-actor isolated and meant to be read on the main actor.
@MainActor
public final class RecordingMiddleware<State> {
    /// One action that reached the reducer.
    public struct Entry {
        /// The action.
        public let action: any Action
        /// The state right after the reducer applied it.
        public let state: State
    }

    /// Every action recorded so far, in the order they were reduced.
    public private(set) var entries: [Entry] = []

    /// Called after each recorded entry (the TestStore uses it to wake up a waiting `receive`).
    var onRecord: (@MainActor (Entry) -> Void)?

    /// Creates an empty recorder.
    public init() {}

    /// The actions recorded so far.
    public var actions: [any Action] { entries.map(\.action) }

    /// The middleware that records; put it last in the store's middleware.
    public var middleware: Middleware<State> {
        { [self] _, getState in
            { next in
                { action in
                    next(action)
                    self.record(Entry(action: action, state: getState()))
                }
            }
        }
    }

    /// Forgets what was recorded.
    public func removeAll() {
        entries = []
    }

    private func record(_ entry: Entry) {
        entries.append(entry)
        onRecord?(entry)
    }
}
