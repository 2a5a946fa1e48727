import Observation

/// The single source of truth: holds the state, runs actions through the middleware and the
/// reducer, and tells subscribers and observers about every change.
///
/// ```swift
/// struct Counter: Equatable { var count = 0 }
/// struct Increment: Action {}
///
/// let store = Store(
///     initialState: Counter(),
///     reducer: .on(Increment.self) { state, _ in state.count += 1 }
/// )
/// store.dispatch(Increment())
/// print(store.count)  // 1
/// ```
///
/// ## Dispatch
/// The store builds its dispatch function once, in the initializer, by reversing the middleware
/// array and reducing it over the final dispatch that runs the reducer; the first middleware in the
/// array is the outermost. An action dispatched while the store is reducing or notifying — or after
/// the current action reached the reducer, while middleware are still unwinding — is queued and
/// reduced afterwards, in FIFO order: reductions never nest. See `docs/architecture.md`.
///
/// ## Observation
/// `Store` is `Observable`. Reading ``state`` in observation tracking (a SwiftUI `body`,
/// `withObservationTracking`) is invalidated by every reduction; reading an `Equatable` member
/// through dynamic member lookup (`store.count`) only when that member's value changes.
///
/// ## Isolation
/// `Store` is `@MainActor` and therefore `Sendable`. From another actor or task, dispatch with
/// `await store.dispatch(action)`.
@MainActor
@dynamicMemberLookup
public final class Store<State>: Observable {
    @usableFromInline let core: StoreCore<State>

    /// Creates a store and builds its dispatch pipeline.
    ///
    /// Each middleware factory runs once, here, in array order. Actions that a factory dispatches
    /// while the pipeline is being built are delivered, in order, once it is ready.
    ///
    /// - Parameters:
    ///   - initialState: The state before any action.
    ///   - reducer: Computes the next state for each action.
    ///   - middleware: Stages between ``dispatch(_:)`` and the reducer, outermost first.
    @inlinable
    public init(initialState: State, reducer: Reducer<State>, middleware: [Middleware<State>] = []) {
        MainActorCheck.install()
        core = StoreCore(initialState: initialState, reducer: reducer, specializedDispatch: StoreCore.dispatchForScopes)
        core.start(middleware: middleware)
    }

    /// Creates a store given the app's dependencies — the one place every effect style reads them
    /// from — and builds its dispatch pipeline.
    ///
    /// ```swift
    /// let store = Store(
    ///     initialState: AppState(),
    ///     reducer: appReducer,
    ///     middleware: [asyncActionMiddleware(), thunkMiddleware()],
    ///     dependencies: AppDependencies.live      // a test passes its doubles
    /// )
    /// ```
    ///
    /// Commands read them with `Command.run(using:)`, async actions with `dependencies(_:)`, thunks as
    /// their context's `extra`. Work that asks for another type gets a ``DependenciesMismatch`` error.
    ///
    /// - Parameters:
    ///   - initialState: The state before any action.
    ///   - reducer: Computes the next state for each action.
    ///   - middleware: Stages between ``dispatch(_:)`` and the reducer, outermost first.
    ///   - dependencies: The app's dependencies (API clients, a clock, storage); `nil` for none.
    ///   - onError: Receives errors that work (commands, async actions) did not handle, with the
    ///     action it was started for. When `nil`, each is written to standard error as one line.
    ///     Cancellation is never an error.
    @inlinable
    public init(
        initialState: State, reducer: Reducer<State>, middleware: [Middleware<State>] = [],
        dependencies: (any Sendable)? = nil,
        onError: (@MainActor @Sendable (_ error: any Error, _ action: any Action) -> Void)? = nil
    ) {
        MainActorCheck.install()
        core = StoreCore(
            initialState: initialState, reducer: reducer, dependencies: dependencies, onError: onError,
            specializedDispatch: StoreCore.dispatchForScopes)
        core.start(middleware: middleware)
    }

    /// Creates a store whose middleware are listed one per line, outermost first, and builds its
    /// dispatch pipeline: each stage calls the next directly (see ``MiddlewareBuilder``).
    ///
    /// ```swift
    /// let store = Store(initialState: AppState(), reducer: appReducer, dependencies: AppDependencies.live) {
    ///     loggingMiddleware()
    ///     thunkMiddleware()
    ///     asyncActionMiddleware()
    /// }
    /// ```
    ///
    /// The pipeline is the one ``init(initialState:reducer:middleware:dependencies:onError:)`` builds
    /// from the same middleware in an array: factories run once, in order; the first is outermost.
    ///
    /// - Parameters:
    ///   - initialState: The state before any action.
    ///   - reducer: Computes the next state for each action.
    ///   - dependencies: The app's dependencies; `nil` for none.
    ///   - onError: Receives errors that work did not handle, with the action it was started for.
    ///     When `nil`, each is written to standard error as one line.
    ///   - middleware: The middleware, outermost first.
    @inlinable
    public init(
        initialState: State, reducer: Reducer<State>,
        dependencies: (any Sendable)? = nil,
        onError: (@MainActor @Sendable (_ error: any Error, _ action: any Action) -> Void)? = nil,
        @MiddlewareBuilder<State> middleware: () -> MiddlewareList<State>
    ) {
        MainActorCheck.install()
        core = StoreCore(
            initialState: initialState, reducer: reducer, dependencies: dependencies, onError: onError,
            specializedDispatch: StoreCore.dispatchForScopes)
        core.start(stages: middleware().stages)
    }

    deinit {
        // The middleware may keep `dispatch` closures (in tasks, say) that reference the core.
        // They do nothing from this moment, whichever thread releases the store; the rest of the
        // shutdown (cancelling effects, releasing the pipeline) runs on the main actor.
        let core = core
        core.released.set()
        MainActorCheck.runOnMainActor { core.shutDown() }
    }

    /// The asynchronous work in flight on behalf of this store: tasks its middleware started.
    ///
    /// Await ``Effects/waitForAll()`` to let that work finish (in tests, say). Everything in it is
    /// cancelled when the store is released.
    public var effects: Effects { core.effects }

    /// The current state.
    ///
    /// Reading it inside observation tracking registers a dependency on the whole state: any
    /// reduction invalidates it. Read members through dynamic member lookup (`store.count`) to
    /// depend on one member only.
    public var state: State {
        if core.machine.rules.isInReducer { ReducerRules.refuseRead(storeState: State.self) }
        core.accessState()
        return core.state
    }

    /// Sends an action through the middleware and the reducer.
    ///
    /// When called while the store is free, the action — and every action queued because of it —
    /// has been reduced and delivered to subscribers when this returns. When called while the store
    /// is busy (from a subscriber, an observer, a middleware after `next`), the action is queued and
    /// reduced after the current one, in FIFO order.
    ///
    /// - Parameter action: The action to dispatch.
    @inlinable
    public func dispatch(_ action: any Action) {
        core.dispatch(action)
    }
}
