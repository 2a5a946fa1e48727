import Observation

/// The engine behind a ``Store``: the state, the dispatch pipeline, the queue, the subscribers and
/// the observation registrar.
///
/// The pipeline's closures (the middleware's `dispatch`, `getState` and final `next`) capture the
/// core strongly rather than the store weakly: a weak reference moves the store's reference count
/// to a side table and makes every retain slow, and each weak load is a runtime call. The cycle
/// core → pipeline → core is broken by ``shutDown()``, which the store's `deinit` runs on the main
/// actor; after that, a `Dispatch` that outlived the store does nothing.
///
/// State and flags live behind pointers at stable addresses: the reducer mutates the state in place
/// and no access pays a dynamic exclusivity check, which a class's stored `var` would.
///
/// All methods run on the main actor; the class is `@unchecked Sendable` only so that the store's
/// nonisolated `deinit` can hand it to the main actor.
@usableFromInline
final class StoreCore<State>: Observable, @unchecked Sendable {
    @usableFromInline let state: UnsafeMutablePointer<State>
    @usableFromInline let machine: UnsafeMutablePointer<Machine<State>>
    @usableFromInline let reduceBody: @Sendable (inout State, any Action) -> Void
    @usableFromInline let registrar = ObservationRegistrar()
    /// The in-flight work started by this store's middleware.
    @usableFromInline let effects: Effects
    /// Cached once: forming a key path into a generic class allocates.
    @usableFromInline let stateKeyPath: KeyPath<StoreCore<State>, State>
    /// Set the moment the store is released, from whichever thread releases it: from then on,
    /// every entry into the pipeline does nothing.
    @usableFromInline let released = ReleaseFlag()

    @usableFromInline
    @MainActor
    init(initialState: State, reducer: Reducer<State>) {
        state = .allocate(capacity: 1)
        state.initialize(to: initialState)
        machine = .allocate(capacity: 1)
        machine.initialize(to: Machine())
        reduceBody = reducer.body
        effects = Effects()
        stateKeyPath = \StoreCore<State>.currentState
    }

    deinit {
        machine.deinitialize(count: 1)
        machine.deallocate()
        state.deinitialize(count: 1)
        state.deallocate()
    }

    /// Registers a dependency on the whole state with the current observation tracking, if any.
    @MainActor
    func accessState() {
        machine.pointee.isStateObserved = true
        registrar.access(self, keyPath: stateKeyPath)
    }

    /// The state, as an observable property of the core.
    @usableFromInline
    var currentState: State { state.pointee }

    /// The key path under which a member is registered with the observation registrar.
    @usableFromInline
    subscript<Value>(observedMember keyPath: KeyPath<State, Value>) -> Value {
        state.pointee[keyPath: keyPath]
    }
}

/// The mutable dispatch machinery of a store.
@usableFromInline
struct Machine<State> {
    /// The outermost middleware's dispatch; `nil` when there is no middleware, so a dispatch goes
    /// straight to the reducer without a closure call.
    @usableFromInline var head: Dispatch?
    /// Set from the moment an action reaches the reducer until the dispatch that reduced it
    /// returns, and during setup: a dispatch made now is queued instead of nesting.
    @usableFromInline var isBusy = true
    /// Set while the reducer and the observers run.
    @usableFromInline var isReducing = false
    /// Set, for good, the first time the whole state is read through the registrar (``Store/state``
    /// or a non-`Equatable` member). Until then no observer can depend on the whole state, so a
    /// reduction skips the registrar's `willSet`/`didSet` — a lock and a lookup each. It is never
    /// reset, so no observer registered later can miss a change.
    @usableFromInline var isStateObserved = false
    /// How many dispatch frames are on the stack.
    @usableFromInline var depth = 0
    @usableFromInline var queue = ActionQueue()
    @usableFromInline var subscribers = SubscriberList<State>()
    @usableFromInline var members = MemberTracker<State>()

    init() {}
}

extension StoreCore {
    /// Builds the pipeline: runs each factory once, in array order, then reduces the reversed
    /// stages over the final dispatch. Actions dispatched meanwhile are queued, then delivered.
    @inlinable
    @MainActor
    func start(middleware: [Middleware<State>]) {
        if !middleware.isEmpty {
            let dispatch: Dispatch = { action in self.dispatch(action) }
            let getState: @MainActor () -> State = { self.state.pointee }
            let reduceAtEnd: Dispatch = { action in self.reduce(action) }
            let head = Effects.withCurrent(effects) {
                buildChain(middleware, dispatch: dispatch, getState: getState, end: reduceAtEnd)
            }
            machine.pointee.head = head
        }
        machine.pointee.isBusy = false
        drain()
    }

    /// Breaks the core → pipeline → core cycle and turns every later dispatch into a no-op.
    @MainActor
    func shutDown() {
        released.set()
        effects.close()
        // Swap everything out first and release it last: releasing the pipeline or an observer
        // runs arbitrary deinitializers, which may call back into the core.
        let head = machine.pointee.head
        machine.pointee.head = nil
        let queue = machine.pointee.queue
        machine.pointee.queue = ActionQueue()
        let observers = machine.pointee.subscribers.removeAll()
        let members = machine.pointee.members
        machine.pointee.members = MemberTracker()
        withExtendedLifetime((head, queue, observers, members)) {}
    }

    @inlinable
    @MainActor
    func dispatch(_ action: any Action) {
        if released.isSet { return }
        let machine = self.machine
        if machine.pointee.isBusy {
            machine.pointee.queue.append(.dispatch(action))
            return
        }
        machine.pointee.depth &+= 1
        if let head = machine.pointee.head {
            head(action)
        } else {
            reduce(action)
        }
        machine.pointee.depth &-= 1
        if machine.pointee.isBusy {
            machine.pointee.isBusy = false
            if !machine.pointee.queue.isEmpty {
                drain()
            }
        }
    }

    /// The final dispatch: reduces, then tells observers and subscribers. Always inlined into
    /// `dispatch`, so a dispatch without middleware is one specialised function with no inner call,
    /// whatever the caller's inliner decides.
    @inlinable
    @inline(__always)
    @MainActor
    func reduce(_ action: any Action) {
        if released.isSet { return }
        let machine = self.machine
        if machine.pointee.isReducing {
            // `next` called from an observer: the reduction in progress must finish first.
            machine.pointee.queue.append(.reduce(action))
            return
        }
        machine.pointee.isBusy = true
        machine.pointee.isReducing = true
        if machine.pointee.isStateObserved {
            registrar.willSet(self, keyPath: stateKeyPath)
            reduceBody(&state.pointee, action)
            registrar.didSet(self, keyPath: stateKeyPath)
        } else {
            reduceBody(&state.pointee, action)
        }
        #if DEBUG
            Diagnostics.checkReachedReducer(action, storeState: State.self)
        #endif
        if machine.pointee.members.hasArmedMembers {
            publishMemberChanges()
        }
        if !machine.pointee.subscribers.isEmpty {
            notifySubscribers()
        }
        machine.pointee.isReducing = false
        if machine.pointee.depth == 0 {
            // `next` was called outside any dispatch (kept by a middleware and called later).
            machine.pointee.isBusy = false
            drain()
        }
    }

    /// Reduces the queued actions, one frame each, until the queue is empty. Iterative, so a long
    /// chain of actions queued by subscribers does not grow the stack.
    @usableFromInline
    @MainActor
    func drain() {
        let machine = self.machine
        while !released.isSet, let entry = machine.pointee.queue.popFirst() {
            machine.pointee.depth &+= 1
            switch entry {
            case .dispatch(let action):
                if let head = machine.pointee.head {
                    head(action)
                } else {
                    reduce(action)
                }
            case .reduce(let action):
                reduce(action)
            }
            machine.pointee.depth &-= 1
            machine.pointee.isBusy = false
        }
    }

    @inlinable
    @MainActor
    func notifySubscribers() {
        let entries = machine.pointee.subscribers.entries
        let current = state.pointee
        for subscriber in entries {
            if let observer = subscriber.observer {
                observer(current)
            }
        }
    }

    /// Runs `body` with the store marked busy, so that actions it dispatches are queued and
    /// reduced afterwards instead of nesting.
    @inlinable
    @MainActor
    func withBusyStore(_ body: () -> Void) {
        if machine.pointee.isBusy {
            body()
            return
        }
        machine.pointee.isBusy = true
        body()
        machine.pointee.isBusy = false
        drain()
    }
}
