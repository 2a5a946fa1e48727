// Over ~600 lines, on purpose (issue 66): the store's dispatch path — the machine, the reduction, the
// notification pass and its queue — reads private state that no other file may touch, and the
// instruction counts `.ci/perf-guard` holds were measured with it in one piece. Its rules for
// reducers are `ReducerRules.swift`; its observation and subscriptions are in `Observation/`.

import Observation

/// The engine behind a ``Store``: the state, the dispatch pipeline, the queue, the subscribers and
/// the observation registrar.
///
/// The pipeline's closures (the middleware's `dispatch`, `getState` and final `next`) capture the
/// core strongly rather than the store weakly: a weak reference moves the store's reference count
/// to a side table and makes every retain slow, and each weak load is a runtime call. The cycle
/// core → pipeline → core is broken by ``shutDown()``, which the store's `deinit` runs on the main
/// actor; from the moment the store is released — on any thread — ``released`` is set, and a
/// `Dispatch` that outlived the store does nothing.
///
/// The state and the dispatch machinery are stored properties. Their accesses skip the dynamic
/// exclusivity check in release builds (`@exclusivity(unchecked)`: the reducer mutates the state in
/// place on every dispatch, and a check is a runtime call each time); debug builds keep the check,
/// so tests catch any overlapping access that re-entrant dispatch could cause. Every access is on
/// the main actor.
@MainActor
@usableFromInline
final class StoreCore<State>: Observable {
    /// Set the moment the store is released, from whichever thread releases it: from then on,
    /// every entry into the pipeline does nothing.
    @usableFromInline nonisolated let released = ReleaseFlag()
    #if DEBUG
        @usableFromInline var state: State
        @usableFromInline var machine = Machine<State>()
        @usableFromInline var work = ReducerWork()
    #else
        @exclusivity(unchecked) @usableFromInline var state: State
        @exclusivity(unchecked) @usableFromInline var machine = Machine<State>()
        @exclusivity(unchecked) @usableFromInline var work = ReducerWork()
    #endif
    // `work` is apart from `machine` so that the reducer, which writes it, holds no access to the
    // machine: what a reducer does to its own store is checked there (`DispatchRules.isInReducer`).
    /// The store's dispatch compiled for its state type in the app's module: made by `Store`'s
    /// initializers, which are inlined there. Scopes and rows dispatch through it: from the
    /// library's generic scope code, `dispatch(_:)` runs unspecialised and looks up the metadata of
    /// the store's arrays on every action (`scope, depth 1, an action sent through the scope`:
    /// ~2,500 instructions of 2,653).
    ///
    /// A constant that captures nothing and is handed the core: a closure capturing the core, kept
    /// in a variable (set once the core existed, cleared on shut-down to break the cycle), cost
    /// each action a scope sends an exclusivity check on the variable and a retain and release of
    /// the core — on the runtime's slow path once anything referenced the core weakly (a row's
    /// scope does): ~250 instructions (`scope, a row of 1000, an action sent through the row`
    /// 2,429 → 2,151; `scope, depth 1, an action sent through the scope` 293 → 145).
    @usableFromInline let specializedDispatch: @MainActor (StoreCore<State>, any Action) -> Void
    /// How long the running work of elements lives (``LivenessProbe``): asked after each reduction
    /// while not empty — only stores whose reducer returns work, and only while elements' work runs.
    /// Not read on the dispatch path: while it is not empty, `work` is seeded with a
    /// ``LivenessCheck`` after each delivery, so the next reduction takes the work path, which asks
    /// the probes (reading it on every dispatch cost 4 instructions, 86 with its exclusivity check).
    @usableFromInline var liveness: [LivenessProbe<State>] = []
    /// The same for work a row's scope started (an async action, a thunk dispatched through a
    /// stack screen's scope): asked with the state's address, on the main actor.
    @usableFromInline var scopeLiveness: [ScopeLiveness<State>] = []
    @usableFromInline let reduceBody: @Sendable (inout State, any Action) -> Void
    /// The reconciliation of the state's ``SharedValues`` after each reduction, when they live
    /// where versions tell an untouched action (``SharedValuesTracker``); `nil` otherwise (a state
    /// declaring none pays nothing; one whose copies live in members has its reducer wrapped).
    @usableFromInline let sharedValues: SharedValuesTracker<State>?
    /// The store's persisted shared keys (`SharedState`), checked after each reduction: loaded into
    /// copies that appear, saved when they change (see ``SharedPersistenceSync``); `nil` when the
    /// state holds none, and in a test store (fresh storage).
    @usableFromInline let persistedKeys: SharedPersistenceSync<State>?
    /// Whether something follows the reducer in the reduction: the tracker of shared values, or
    /// persisted keys.
    @usableFromInline let finishesReductions: Bool
    /// Whether the reducer is more than its plain body: work to collect, shared values to
    /// reconcile, persisted keys to check. The one test a plain store's reduction makes
    /// (``runReducer(_:)``).
    @usableFromInline let reducesFully: Bool
    /// The reducer's body that also collects the work it returns; a no-op, never called, for plain
    /// reducers. Not optional: binding an optional closure copies it (a retain and a release per
    /// dispatch), calling a stored one does not.
    @usableFromInline let reduceWithWork: @Sendable (inout State, any Action, inout ReducerWork) -> Void
    /// Whether the reducer can return work: which body to call.
    @usableFromInline let collectsWork: Bool
    @usableFromInline let registrar = ObservationRegistrar()
    /// The in-flight work started by this store's middleware.
    @usableFromInline let effects: Effects
    /// The scopes and identified-array watchers made for this store.
    @usableFromInline let scopes = ScopeRegistry()
    /// Cached once: forming a key path into a generic class allocates.
    @usableFromInline let stateKeyPath: KeyPath<StoreCore<State>, State>

    @usableFromInline
    init(
        initialState: State, reducer: Reducer<State>, dependencies: (any Sendable)? = nil,
        onError: WorkErrorHandler? = nil,
        specializedDispatch: @escaping @MainActor (StoreCore<State>, any Action) -> Void
    ) {
        // Persisted shared keys (`SharedState`): loaded now into every copy; a test store's start
        // from its initial state, and are neither loaded nor saved (fresh storage).
        var initialState = initialState
        persistedKeys =
            dependencies is TestDependencies ? nil : SharedPersistenceSync.start(with: &initialState)
        state = initialState
        self.specializedDispatch = specializedDispatch
        // A state declaring shared values has its copies reconciled after each reduction: by the
        // store itself, from the versions it keeps, where it can; by a wrapping reducer otherwise.
        // Others pay nothing.
        sharedValues = SharedValuesTracker.make(from: initialState)
        let reducer = sharedValues == nil ? reducer.reconcilingSharedValues() : reducer
        var generatedTaping: GeneratedTaping?
        let box = DependenciesBox(dependencies)
        if dependencies != nil {
            // Readable by the reducer while it runs (`Reducer(using:)`); a store given none pays nothing.
            let taping = GeneratedTaping()
            generatedTaping = taping
            reduceBody = ReducerDependencies.wrapping(reducer.body, with: box, taping: taping)
            if let workBody = reducer.workBody {
                reduceWithWork = ReducerDependencies.wrapping(workBody, with: box, taping: taping)
            } else {
                reduceWithWork = { _, _, _ in }
            }
        } else {
            reduceBody = reducer.body
            // `if let`, not `??`: a closure through the generic `??` is called behind two thunks.
            if let workBody = reducer.workBody {
                reduceWithWork = workBody
            } else {
                reduceWithWork = { _, _, _ in }
            }
        }
        collectsWork = reducer.workBody != nil
        finishesReductions = sharedValues != nil || persistedKeys != nil
        reducesFully = collectsWork || finishesReductions
        effects = Effects(dependencies: box, onError: onError)
        effects.generatedTaping = generatedTaping
        stateKeyPath = \StoreCore<State>.state
    }

    /// Registers a dependency on the whole state with the current observation tracking, if any.
    func accessState() {
        machine.isStateObserved = true
        registrar.access(self, keyPath: stateKeyPath)
    }

    /// The key path under which a tracked member is registered with the observation registrar:
    /// one per member, told apart by the member's slot number. The registrar hashes it on every
    /// registration and change, so it carries an `Int` rather than the member's own key path
    /// (hashing a key path whose argument is a key path cost ~4,000 instructions a time).
    @usableFromInline
    subscript(observedMember slot: Int) -> Int {
        slot
    }
}

/// The mutable dispatch machinery of a store.
@usableFromInline
struct Machine<State> {
    /// The outermost middleware's dispatch, owned; `nil` when there is no middleware, so a dispatch
    /// goes straight to the reducer without a closure call.
    @usableFromInline var head: PipelineHead? {
        didSet { headCall = head.map(Unmanaged.passUnretained) }
    }
    /// ``head``, unretained: what a dispatch calls. Copied out of the store and retained around the
    /// call, the head cost every dispatch through middleware a retain and a release, and the
    /// dispatch a larger frame: `store, 1 middleware, listed` 332 instructions against 279 unretained,
    /// `store, 1 middleware` 349 against 294 (held by `.ci/perf-guard`). Sound
    /// because the head outlives every call to it: it is set once, before the first dispatch
    /// through it, and released only by ``StoreCore/shutDown()`` — which, when dispatch frames are
    /// on the stack (a middleware let the store go), hands it to ``retiredHead`` instead — or by
    /// the core's deinit, which cannot run while a method of the core does.
    /// `LifetimeTests.aStoreReleasedByItsOwnMiddlewareMidDispatchKeepsThePipelineUntilTheDispatchReturns`
    /// runs that case; it fails in a release build (CI runs one) if the head is released at
    /// shut-down whatever the frames — a debug build copies the closure it calls, so passes anyway.
    @usableFromInline var headCall: Unmanaged<PipelineHead>?
    /// The head of a store shut down while dispatch frames were calling it: released when the last
    /// of them returns (``StoreCore/releaseRetiredHead()``).
    @usableFromInline var retiredHead: PipelineHead?
    /// When to reduce now and when to queue (SPEC §4.5).
    @usableFromInline var rules = DispatchRules()
    /// Set when the whole state is read through the registrar (``Store/state`` or a non-`Equatable`
    /// member), cleared when a reduction tells the registrar about a change. Observation is one-shot
    /// (SwiftUI and `withObservationTracking` register again on every read), so while it is clear
    /// nobody depends on the whole state, and a reduction skips the registrar's `willSet`/`didSet` —
    /// a lock and a lookup each.
    @usableFromInline var isStateObserved = false
    /// What the final dispatch tells of each reduction (``Effects/observeReductions(_:)``), for the
    /// actions reduced later from the queue (`next` called while a reduction ran).
    @usableFromInline var reductionObserver: (@MainActor (any Action) -> Void)?
    @usableFromInline var subscribers = SubscriberList<State>()
    @usableFromInline var members = MemberTracker<State>()
    @usableFromInline nonisolated init() {}
}

extension StoreCore {
    /// Builds the pipeline — each factory runs once, in array order, then the reversed stages are
    /// reduced over the final dispatch — and delivers what was dispatched meanwhile.
    @inlinable
    func start(middleware: [Middleware<State>]) {
        if !middleware.isEmpty || effects.hasReductionObservers {
            let dispatch: Dispatch = { action in self.dispatch(action) }
            let getState: @MainActor () -> State = { self.state }
            var observer: (@MainActor (any Action) -> Void)?
            let head = Effects.withCurrent(effects) {
                buildChain(middleware, dispatch: dispatch, getState: getState) {
                    // Made after the factories ran: what they asked to be told of each reduction
                    // is held by the final dispatch itself, a constant of its context — read from
                    // the store instead, it was retained and released on every dispatch.
                    observer = self.effects.takeReductionObservers()
                    if let observer {
                        return { action in self.reduce(action, then: observer) }
                    }
                    return { action in self.reduce(action, then: nil) }
                }
            }
            machine.head = PipelineHead(head)
            machine.reductionObserver = observer
        }
        if machine.rules.finishSetup() {
            drain()
        }
    }

    /// ``start(middleware:)`` for a ``MiddlewareList``: the same pipeline, built where each stage
    /// calls the next directly (``buildDirectChain``). The head is held in its own form
    /// (``PipelineHead``). Kept apart from
    /// `start(middleware:)`, though the steps are the same: each makes its final dispatch as a
    /// closure literal in the form its chain holds; a helper returning a `Dispatch` would be
    /// converted at the chain's end, a thunk on every dispatch.
    @inlinable
    func start(stages: [MiddlewareStage<State>]) {
        if !stages.isEmpty || effects.hasReductionObservers {
            let dispatch: Dispatch = { action in self.dispatch(action) }
            let getState: @MainActor () -> State = { self.state }
            var observer: (@MainActor (any Action) -> Void)?
            let head = Effects.withCurrent(effects) {
                buildDirectChain(stages, dispatch: dispatch, getState: getState) {
                    observer = self.effects.takeReductionObservers()
                    if let observer {
                        return ChainLink { action in self.reduce(action, then: observer) }
                    }
                    return ChainLink { action in self.reduce(action, then: nil) }
                }
            }
            machine.head = PipelineHead(direct: head.dispatch)
            machine.reductionObserver = observer
        }
        if machine.rules.finishSetup() {
            drain()
        }
    }

    /// The dispatch scopes call, as ``specializedDispatch`` holds it: inlinable, so that `Store`'s
    /// initializers, inlined in the app's module, make it there for the store's state type.
    @inlinable
    static var dispatchForScopes: @MainActor (StoreCore<State>, any Action) -> Void {
        { core, action in core.dispatch(action) }
    }

    /// Dispatches `action` for a scope: through ``specializedDispatch``.
    func dispatchFromScope(_ action: any Action) {
        specializedDispatch(self, action)
    }

    /// Breaks the core → pipeline → core cycle and turns every later dispatch into a no-op.
    func shutDown() {
        released.set()
        effects.close()
        // Swap everything out first and release it last: releasing the pipeline or an observer
        // runs arbitrary deinitializers, which may call back into the core.
        let head = machine.head
        machine.head = nil
        // Dispatch frames still on the stack call the head unretained (``Machine/headCall``): it
        // lives until the last of them returns.
        if machine.rules.depth > 0 {
            machine.retiredHead = head
        }
        let reductionObserver = machine.reductionObserver
        machine.reductionObserver = nil
        let rules = machine.rules
        machine.rules = DispatchRules()
        // The frames on the stack still leave through the rules: their count is kept.
        machine.rules.depth = rules.depth
        let observers = machine.subscribers.removeAll()
        let members = machine.members
        machine.members = MemberTracker()
        let scopes = scopes.removeAll()
        // A scope's liveness check holds its scope, which holds this core: the cycle ends here.
        let liveness = scopeLiveness
        scopeLiveness = []
        withExtendedLifetime((head, reductionObserver, rules, observers, members, scopes, liveness)) {}
    }

    /// Sends an action through the pipeline, or queues it while the store is busy.
    ///
    /// Always inlined: the body is ``dispatchBody(_:)``, which throws an ``Unthrown`` — a type with
    /// no values — so that the optimizer's existential specializer leaves it alone (see
    /// `Unthrown.swift`). Nothing is ever caught here.
    @inlinable @inline(__always)
    func dispatch(_ action: any Action) {
        do { try dispatchBody(action) } catch _ {}
    }

    /// The body of ``dispatch(_:)``: never throws (``Unthrown`` has no values).
    @inlinable
    func dispatchBody(_ action: any Action) throws(Unthrown) {
        if released.isSet || machine.rules.shouldQueue(action) { return }
        if let head = machine.headCall {
            machine.rules.enterDispatch()
            head.withGuaranteedObject { $0.call(action) }
            if machine.rules.leaveDispatch() {
                drain()
            }
            if _slowPath(machine.retiredHead != nil) {
                releaseRetiredHead()
            }
        } else {
            // No middleware: this dispatch is the reduction, and no `next` can be kept to reduce
            // later, so the frame is not counted (4 instructions a dispatch).
            reduce(action, then: nil, checkingRelease: false, inUncountedDispatch: true)
            if machine.rules.leaveDispatchOfReduction() {
                drain()
            }
        }
    }

    /// The final dispatch: reduces, then tells observers and subscribers. Always inlined into
    /// `dispatch`, so a dispatch without middleware is one specialised function with no inner call,
    /// whatever the caller's inliner decides.
    ///
    /// `observer` is told of the action right after the reducer ran (``Effects/observeReductions(_:)``):
    /// the pipeline's final dispatch holds it when a middleware factory asked for it; everywhere
    /// else the argument is the constant `nil`, and the test is compiled away.
    ///
    /// `checkingRelease`: the final dispatch may be called by a middleware after the store was
    /// released, so it checks ``released``; the store's own calls (`dispatchBody` without middleware,
    /// `drain`) have just checked it, with nothing between that could release the store, and pass
    /// `false` (4 instructions a dispatch).
    ///
    /// `inUncountedDispatch`: `dispatchBody` without middleware reduces in a dispatch frame it does
    /// not count (``DispatchRules/leaveDispatchOfReduction()``), so the reduction is known to run
    /// inside a dispatch; everywhere else the argument is the constant `false`.
    @inlinable
    @inline(__always)
    func reduce(
        _ action: any Action, then observer: (@MainActor (any Action) -> Void)?, checkingRelease: Bool = true,
        inUncountedDispatch: Bool = false
    ) {
        if checkingRelease && released.isSet { return }
        if !machine.rules.beginReduction(action) { return }
        if machine.isStateObserved {
            // Observation is one-shot: this change ends every current tracking of the whole state,
            // so nobody observes it afterwards until it is read again (which sets the flag anew,
            // even from inside an observer's change handler).
            machine.isStateObserved = false
            // An observation callback runs in `willSet`, before the reducer: it reads the state as
            // it was, legitimately, so the reducer's mark is lifted around it.
            machine.rules.reducerReturned()
            registrar.willSet(self, keyPath: stateKeyPath)
            machine.rules.enterReducer()
            runReducer(action)
            registrar.didSet(self, keyPath: stateKeyPath)
        } else {
            runReducer(action)
        }
        #if DEBUG
            Diagnostics.checkReachedReducer(action, storeState: State.self)
        #endif
        observer?(action)
        if machine.members.hasArmedMembers {
            publishMemberChanges()
        }
        if !machine.subscribers.isEmpty {
            notifySubscribers()
        }
        if collectsWork, !work.isEmpty {
            deliverWork(after: action)
        }
        if inUncountedDispatch {
            machine.rules.endReductionInDispatch()
        } else if machine.rules.endReduction() {
            // `next` was called outside any dispatch (kept by a middleware and called later).
            drain()
        }
    }

    /// Calls the reducer: through the body that collects returned work when it has one, then the
    /// reconciliation of shared values when the state has a tracker. A plain store makes one test.
    @inlinable
    @inline(__always)
    func runReducer(_ action: any Action) {
        // `_slowPath`: the plain store's call falls through. Laid out after the other branch, it
        // cost a jump (`store, 0 middleware` 219; 217 with the hint, 218 before this branch
        // existed). Guarded by `.ci/perf-guard`'s store over the raw reducer (≤ 62; 58–59 with
        // the hint in CI).
        if _slowPath(reducesFully) {
            if !finishesReductions {
                reduceWithWork(&state, action, &work)
            } else {
                reduceAndReconcileSharedValues(action)
            }
        } else {
            reduceBody(&state, action)
        }
        machine.rules.reducerReturned()
    }

    /// Reduces, then reconciles the state's shared values and checks its persisted keys: compiled
    /// for the state in the app's module, with the check of the versions inlined
    /// (``SharedValuesTracker/reconcile(_:)``), and
    /// apart from the dispatch (inlined there, it cost every store without shared values 3
    /// instructions a dispatch).
    @inlinable
    @inline(never)
    func reduceAndReconcileSharedValues(_ action: any Action) {
        if collectsWork {
            reduceWithWork(&state, action, &work)
        } else {
            reduceBody(&state, action)
        }
        // Bound here, in the function that reduces: bound by the caller and handed in, the
        // tracker was retained and released around the call (40 instructions).
        if let sharedValues {
            sharedValues.reconcile(&state)
        }
        if _slowPath(persistedKeys != nil) {
            checkPersistedKeys(after: action)
        }
    }

    /// Saves the persisted shared keys the reduction of `action` changed, and queues the
    /// ``SharedValuesLoaded`` of those whose copies appeared (see ``SharedPersistenceSync``). Out
    /// of line: inlined into the reduction, it cost a store with shared values but no persisted
    /// key 12 instructions a dispatch (`sharing, 10 copies, an action touching none` 146 → 158).
    @usableFromInline
    @inline(never)
    func checkPersistedKeys(after action: any Action) {
        guard let persistedKeys, let loaded = persistedKeys.afterReduction(state, of: action) else { return }
        // Reduced next, through the middleware as any action (the store is busy: queued).
        _ = machine.rules.shouldQueue(loaded)
    }

    /// Starts the work the reducer returned, after the observers and subscribers saw the new state.
    /// What it dispatches is queued (the store is busy) and reduced after this action, in order.
    @usableFromInline
    func deliverWork(after action: any Action) {
        var taken = work
        work = ReducerWork()
        if !liveness.isEmpty || !scopeLiveness.isEmpty {
            // Before this reduction's probes join: theirs are live, and their work not started yet.
            taken.items.removeAll { $0 is LivenessCheck }
            checkLiveness()
        }
        taken.settleCaseClaims(of: action)
        for probe in taken.takeProbes(of: State.self) {
            liveness.removeAll { OwnerStep.sameChain($0.chain, probe.chain) }
            liveness.append(probe)
        }
        if !liveness.isEmpty || !scopeLiveness.isEmpty {
            work.append(LivenessCheck())
        }
        guard !taken.isEmpty else { return }
        effects.deliverReducerWork(taken.items, after: action, storeState: State.self) { action in
            self.dispatch(action)
        }
    }

    /// After a reduction, while elements' work is running: cancels the work of each element that
    /// left the state — whichever reducer removed it — and forgets the probes of elements whose
    /// work has ended (see ``LivenessProbe``).
    @usableFromInline
    func checkLiveness() {
        var kept: [LivenessProbe<State>] = []
        for probe in liveness {
            if probe.isLive(&state) {
                if effects.hasWork(ownedBy: probe.chain) { kept.append(probe) }
            } else {
                effects.cancel(ownedBy: probe.chain)
            }
        }
        liveness = kept
        scopeLiveness.removeAll { entry in
            // A read of the state (not the in-place access `withStatePointer` holds): a scope's
            // check may read the state again through its scope chain (a case scope's presence),
            // and a read inside a modifying access stops the program (exclusivity).
            if withPointer(to: state, entry.isLive) {
                // Kept through the reduction of the action that starts the work (an async action's
                // work starts after the reducer saw it), then while the work runs.
                defer { entry.isFresh = false }
                return !entry.isFresh && !effects.hasWork(ownedBy: entry.chain)
            }
            effects.cancel(ownedBy: entry.chain)
            return true
        }
    }

    /// Asks, after each reduction while `chain` has work, whether the row that owns it is still in
    /// the state (`isLive`), and cancels its work when it is not: for work a row's scope starts.
    func watchLiveness(of chain: [OwnerStep], _ isLive: @escaping @MainActor (UnsafePointer<State>) -> Bool) {
        guard collectsWork else { return }  // only element reducers (forEach) make rows' actions reach them
        scopeLiveness.removeAll { OwnerStep.sameChain($0.chain, chain) }
        scopeLiveness.append(ScopeLiveness(chain: chain, isLive: isLive))
        if work.isEmpty { work.append(LivenessCheck()) }
    }

    /// Calls `body` with the address of the state itself, without copying it. Only for reads that
    /// run none of the app's code: the access lasts for the call (checked in debug builds).
    @inlinable
    func withStatePointer<Result>(_ body: (UnsafePointer<State>) -> Result) -> Result {
        withMutablePointer(to: &state) { body(UnsafePointer($0)) }
    }

    /// Reduces the queued actions, one frame each, until the queue is empty. Iterative, so a long
    /// chain of actions queued by subscribers does not grow the stack.
    @usableFromInline
    func drain() {
        while !released.isSet, let entry = machine.rules.nextQueued() {
            machine.rules.enterDispatch()
            switch entry {
            case .dispatch(let action):
                if let head = machine.headCall {
                    head.withGuaranteedObject { $0.call(action) }
                } else {
                    reduce(action, then: nil, checkingRelease: false)
                }
            case .reduce(let action):
                reduce(action, then: machine.reductionObserver, checkingRelease: false)
            }
            machine.rules.leaveDrainedDispatch()
        }
        if machine.retiredHead != nil {
            releaseRetiredHead()
        }
    }

    /// Releases the head of a store shut down mid-dispatch once no dispatch frame is calling it.
    @usableFromInline
    func releaseRetiredHead() {
        guard machine.rules.depth == 0 else { return }
        // Released after it is swapped out: its deinitializers may call back into the core.
        let retired = machine.retiredHead
        machine.retiredHead = nil
        withExtendedLifetime(retired) {}
    }

    @inlinable
    func notifySubscribers() {
        // The local array keeps every subscriber alive for the pass (see `deliver(to:state:at:)`).
        // Cancelling during the pass clears `isActive` at once. Watched members are compared first,
        // once each; when none changed and every subscriber is a key-path subscriber, nobody is called.
        let current = state
        if !machine.subscribers.channels.isEmpty {
            let channels = machine.subscribers.channels
            let anyChanged = withPointer(to: current) { pointer in Self.update(channels, at: pointer) }
            guard anyChanged || machine.subscribers.unchanneled > 0 else { return }
        }
        let entries = machine.subscribers.entries
        withBuffer(of: entries) { subscribers in
            withPointer(to: current) { pointer in
                deliver(to: subscribers, state: current, at: pointer)
            }
        }
    }

    /// Compares each watched member once; returns whether any changed.
    @inlinable
    static func update(_ channels: [MemberChannel<State>], at pointer: UnsafePointer<State>) -> Bool {
        var anyChanged = false
        withBuffer(of: channels) { channels in
            for index in channels.indices {
                let changed = channels[index].update(pointer)
                channels[index].changed = changed
                anyChanged = anyChanged || changed
            }
        }
        return anyChanged
    }

    /// Subscribes `observer` to the member at `keyPath`, through the member's channel (made on the
    /// first subscription to it).
    @inlinable
    func subscribe<Value: Equatable>(
        to keyPath: KeyPath<State, Value>, _ observer: @escaping @MainActor (Value) -> Void
    ) -> Subscription {
        let channel: MemberChannel<State>
        let last: LastValue<Value>
        if let existing = machine.subscribers.channel(for: keyPath), let typed = existing.box as? LastValue<Value> {
            channel = existing
            last = typed
        } else {
            let reader = MemberReader(keyPath)
            let box = LastValue(withPointer(to: state) { reader.read($0) })
            channel = MemberChannel(keyPath: keyPath, box: box) { state in box.replace(with: reader.read(state)) }
            machine.subscribers.add(channel)
            last = box
        }
        return subscribe(Subscriber(reading: { _ in observer(last.value) }, channel: channel))
    }

    /// Registers `subscriber`, delivers the current state to it at once, and returns the handle
    /// that cancels it.
    @inlinable
    func subscribe(_ subscriber: Subscriber<State>) -> Subscription {
        if machine.rules.isInReducer {
            // The reducer is writing the state: its first value would be half-written. Refused.
            ReducerRules.refused("subscribed to", storeState: State.self)
            subscriber.isActive = false
            return Subscription {}
        }
        machine.subscribers.append(subscriber)
        // The handle holds the subscriber weakly: once the store drops it (cancelled, or the store
        // shut down), its observer — and what that captured, such as a stream's continuation — is
        // released even while the handle lives on.
        let subscription = Subscription { [self, weak subscriber] in
            guard let subscriber else { return }
            if machine.rules.isInReducer {
                // The reducer holds the store's machinery: stop the subscriber now (it is never
                // called again) and take it out of the list once the reducer has returned.
                removeAfterReduction(subscriber)
                return
            }
            let removed = machine.subscribers.remove(subscriber)
            withExtendedLifetime(removed) {}
        }
        let current = state
        withBusyStore {
            if let observer = subscriber.pointerObserver {
                withPointer(to: current) { observer($0) }
            } else {
                subscriber.observer(current)
            }
        }
        return subscription
    }

    /// Runs `body` with the store marked busy, so that actions it dispatches are queued and
    /// reduced afterwards instead of nesting.
    @inlinable
    func withBusyStore(_ body: () -> Void) {
        guard machine.rules.beginBusyPeriod() else {
            body()
            return
        }
        body()
        machine.rules.endBusyPeriod()
        drain()
    }
}

extension StoreCore {
    /// Stops with a message naming the cause when the reducer is running (its state is
    /// half-written); returns otherwise. Out of line: inlined, the check cost a member read ~600
    /// instructions (it kept the read from being specialised).
    @usableFromInline
    @inline(never)
    func refuseReadInReducer() {
        if machine.rules.isInReducer { ReducerRules.refuseRead(storeState: State.self) }
    }

    /// A subscription cancelled by the reducer: the subscriber is stopped now (never called again)
    /// and leaves the list once the reducer has returned.
    @usableFromInline
    @inline(never)
    func removeAfterReduction(_ subscriber: Subscriber<State>) {
        ReducerRules.refused("cancelled a subscription of", storeState: State.self)
        subscriber.isActive = false
        Task { @MainActor [weak self, weak subscriber] in
            guard let self, let subscriber else { return }
            withExtendedLifetime(self.machine.subscribers.remove(subscriber)) {}
        }
    }

    /// Whether no subscriber is registered (tests).
    var hasNoSubscribers: Bool { machine.subscribers.isEmpty }
}

/// Calls `body` with the array's storage. The notification pass calls this rather than the
/// standard library's method directly: a main-actor closure passed straight to the standard
/// library gets a runtime isolation check on every call (~60 instructions per pass).
@inlinable
func withBuffer<Element, Result>(of array: [Element], _ body: (UnsafeBufferPointer<Element>) -> Result) -> Result {
    array.withUnsafeBufferPointer(body)
}

/// Calls `body` with the address of `value` itself, for reads that must not copy it (see
/// ``withBuffer(of:_:)``).
@inlinable
func withMutablePointer<Value, Result>(to value: inout Value, _ body: (UnsafeMutablePointer<Value>) -> Result) -> Result
{
    withUnsafeMutablePointer(to: &value, body)
}

/// Calls `body` with the address of a copy of `value` (see ``withBuffer(of:_:)``).
@inlinable
func withPointer<Value, Result>(to value: Value, _ body: (UnsafePointer<Value>) -> Result) -> Result {
    withUnsafePointer(to: value, body)
}
