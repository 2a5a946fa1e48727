#if canImport(Darwin)
    import Darwin
#elseif canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#endif

/// The asynchronous work in flight on behalf of one store.
///
/// Middleware that start tasks (async actions, thunks, commands) register them here, so that:
/// - the store cancels them all when it is released;
/// - tests and apps can wait for them: `await store.effects.waitForAll()`;
/// - work can be cancelled by identifier, or replace the work in flight with the same identifier.
///
/// A middleware factory gets its store's registry from ``current(for:)`` while the store builds its
/// pipeline:
///
/// ```swift
/// let loader: Middleware<AppState> = { dispatch, getState in
///     let effects = Effects.current(for: "loader")
///     return { next in
///         { action in
///             next(action)
///             guard action is Refresh else { return }
///             effects.run(id: "refresh", cancelInFlight: true) {
///                 let items = await api.items()
///                 dispatch(Loaded(items: items))
///             }
///         }
///     }
/// }
/// ```
///
/// Persistence does not run its writes here — a write must finish even when the store is released
/// (cancelling it would lose the change) — but registers the write it holds back to coalesce
/// changes (`addFlusher`): ``waitForAll()`` and `TestStore.finish()` do it at once, and releasing
/// the store does it too.
///
/// `Effects` is main-actor isolated and therefore `Sendable`.
@MainActor
public final class Effects {
    private struct Entry {
        var id: AnyHashable?
        var task: Task<Void, Never>
        /// The element the work belongs to (see ``OwnerStep``); empty for the store's own work.
        var owner: [OwnerStep] = []
        /// The awaited dispatch (``StoreProtocol/send(_:)``) whose tree of work this is, if any.
        var origin: UInt64?
        /// Set when cancelled through this registry: the task may still be unwinding.
        var isCancelled = false
    }

    private var entries: [UInt64: Entry] = [:]
    private var nextToken: UInt64 = 0

    /// The registry of the store whose middleware factories are running right now, or `nil`
    /// outside a store's initializer.
    package private(set) static var current: Effects?

    /// The registry a middleware factory should start its work in: the registry of the store
    /// that is running the factory.
    ///
    /// Outside a store's initializer — a factory called by hand, in a test say — there is no
    /// store to cancel the work when it goes away or to wait for it, so this returns a new,
    /// standalone registry, and debug builds print a warning naming `middleware`: its work is then
    /// the caller's to wait for and cancel, and `TestStore` does not see it.
    ///
    /// ```swift
    /// let loader: Middleware<AppState> = { dispatch, getState in
    ///     let effects = Effects.current(for: "loader")
    ///     // …
    /// }
    /// ```
    ///
    /// - Parameter middleware: The middleware asking, as its users write it, for the warning.
    /// - Returns: The current store's registry, or a new standalone one.
    public static func current(for middleware: @autoclosure () -> String) -> Effects {
        if let current { return current }
        let name = middleware()
        Diagnostics.warnOnce(
            "effects:\(name)",
            "swift-redux: warning: \(name) was built outside a store's initializer, so the work it starts is in a "
                + "standalone Effects registry: no store cancels it when released, waitForAll() and TestStore do not "
                + "see it. Pass the middleware to Store(initialState:reducer:middleware:).")
        return Effects()
    }

    /// Creates an empty registry. Stores create their own; ``current(for:)`` makes a standalone one
    /// for middleware built outside a store. Not public API.
    ///
    /// - Parameters:
    ///   - dependencies: The app's dependencies, given to the store once, that every effect style reads.
    ///   - onError: Receives the errors work did not handle; `nil` writes each to standard error.
    package convenience init(dependencies: (any Sendable)? = nil, onError: WorkErrorHandler? = nil) {
        self.init(dependencies: DependenciesBox(dependencies), onError: onError)
    }

    /// Creates the registry of a store whose reducers read `dependencies` too.
    ///
    /// - Parameters:
    ///   - dependencies: The store's dependencies.
    ///   - onError: Receives the errors work did not handle.
    package init(dependencies: DependenciesBox, onError: WorkErrorHandler? = nil) {
        self.dependenciesBox = dependencies
        self.errorHandler = onError
    }

    private let dependenciesBox: DependenciesBox

    /// The app's dependencies, given once to the store: what commands, async actions and thunks
    /// read. `nil` when the store was given none.
    package var dependencies: (any Sendable)? { dependenciesBox.value }

    /// Replaces the store's dependencies, for the reductions and the work that come next (a
    /// `TestStore` between two sends). A store given none at first keeps reading none: its
    /// reducers were not set up to read them.
    ///
    /// - Parameter dependencies: The new dependencies.
    /// - Returns: Whether they were replaced.
    package func replaceDependencies(_ dependencies: any Sendable) -> Bool {
        guard dependenciesBox.value != nil else { return false }
        dependenciesBox.value = dependencies
        return true
    }

    /// Receives errors that work did not handle (see ``report(_:for:)``).
    private let errorHandler: WorkErrorHandler?

    /// How the store's reducer tapes the values generators make (a store given dependencies only).
    package var generatedTaping: GeneratedTaping?

    /// Asks the store to tape the values its reducers' generators make during each reduction, for a
    /// recorder to keep with the step (`ReduxHistory`). Returns the tape to take them from after
    /// each reduction; `nil` for a store given no dependencies (its reducers read no generators).
    package func tapeGeneratedValues() -> GeneratedValues? {
        guard let generatedTaping else { return nil }
        let tape = generatedTaping.tape ?? GeneratedValues()
        generatedTaping.tape = tape
        return tape
    }

    /// The store's dependencies as `type`, for the work `requester` names.
    ///
    /// - Throws: ``DependenciesMismatch`` naming the requester and both types when the store was
    ///   given none or a value of another type.
    package func dependencies<Dependencies>(as type: Dependencies.Type, for requester: @autoclosure () -> String)
        throws -> Dependencies
    {
        if let value = resolvedDependencies(dependencies, as: Dependencies.self) { return value }
        if describeGivenDependencies(dependencies) == nil, let none = () as? Dependencies { return none }
        throw DependenciesMismatch(
            requester: requester(), expected: String(describing: type),
            found: describeGivenDependencies(dependencies))
    }

    /// Hands an error that work started for `action` did not handle to the store's error handler,
    /// or — when it has none — writes one line naming the action and the error to standard error.
    /// Never called for a cancellation.
    package func report(_ error: any Error, for action: any Action) {
        if let errorHandler {
            errorHandler(error, action)
        } else {
            let line = "swift-redux: work started for \(type(of: action)) failed: \(error)\n"
            _ = line.withCString { write(2, $0, strlen($0)) }
        }
    }

    /// State that an effect style keeps per store (the throttling table of commands), made on first use.
    private var attachments: [ObjectIdentifier: AnyObject] = [:]

    /// This store's instance of `type`, made by `make` the first time it is asked for.
    package func attachment<T: AnyObject>(_ type: T.Type, make: () -> T) -> T {
        if let existing = attachments[ObjectIdentifier(type)] as? T { return existing }
        let made = make()
        attachments[ObjectIdentifier(type)] = made
        return made
    }

    /// How many tasks are in flight.
    public var count: Int { entries.count }

    /// Whether no task is in flight.
    public var isEmpty: Bool { entries.isEmpty }

    /// Whether the registry was closed, because its store was released: new work does not start.
    public private(set) var isClosed = false

    /// Starts `operation` in a task on the main actor and tracks it until it ends.
    ///
    /// - Parameters:
    ///   - id: Identifies the work for ``cancel(id:)``; several tasks may share an identifier.
    ///   - cancelInFlight: When `true`, work in flight with the same `id` is cancelled first
    ///     (search-as-you-type).
    ///   - priority: The task's priority.
    ///   - operation: The work. It should check for cancellation.
    /// - Returns: The task, already tracked; await its `value` to wait for this work only. When the
    ///   registry is closed, the task is cancelled before it starts.
    @discardableResult
    public func run(
        id: AnyHashable? = nil,
        cancelInFlight: Bool = false,
        priority: TaskPriority? = nil,
        _ operation: @escaping @MainActor @Sendable () async -> Void
    ) -> Task<Void, Never> {
        if cancelInFlight, let id {
            cancel(id: id)
        }
        if isClosed {
            let task = Task(priority: priority) { @MainActor in await operation() }
            task.cancel()
            return task
        }
        let token = nextToken
        nextToken &+= 1
        let task = Task(priority: priority) { @MainActor in
            await operation()
            self.entries[token] = nil
        }
        entries[token] = Entry(id: id, task: task, owner: currentOwner, origin: DispatchOrigin.current)
        return task
    }

    private var nextOrigin: UInt64 = 0

    /// Dispatches `action` with every task started for it — and for what those tasks send, down
    /// the tree — marked as its work, then returns when that work has ended. Cancelling the
    /// calling task cancels that work. See ``StoreProtocol/send(_:)``.
    func send(_ action: any Action, dispatch: (any Action) -> Void) async {
        nextOrigin &+= 1
        let origin = nextOrigin
        // A task-local: tasks started while dispatching inherit it, so work sent by work is marked too.
        DispatchOrigin.$current.withValue(origin) { dispatch(action) }
        await withTaskCancellationHandler {
            while let entry = entries.values.first(where: { $0.origin == origin && !$0.isCancelled }) {
                await entry.task.value
            }
        } onCancel: {
            Task { @MainActor in self.cancelEntries { $0.origin == origin } }
        }
    }

    /// The element on whose behalf work started now runs (see ``OwnerStep``): set while a scope of
    /// an element dispatches, and while work an element's reducer returned starts.
    /// A new dispatch origin: the work started while `body` runs — and the work that work sends —
    /// is marked with it (what a `TestStore`'s dispatch hands back as its task).
    package func withNewOrigin(_ body: () -> Void) -> UInt64 {
        nextOrigin &+= 1
        let origin = nextOrigin
        DispatchOrigin.$current.withValue(origin) { body() }
        return origin
    }

    /// Whether work of `origin` that nobody cancelled is running.
    package func isRunning(origin: UInt64) -> Bool {
        entries.values.contains { $0.origin == origin && !$0.isCancelled }
    }

    /// Cancels the work of `origin`.
    package func cancel(origin: UInt64) {
        cancelEntries { $0.origin == origin }
    }

    /// Waits until no work of `origin` that nobody cancelled is running.
    package func waitFor(origin: UInt64) async {
        while let entry = entries.values.first(where: { $0.origin == origin && !$0.isCancelled }) {
            await entry.task.value
        }
    }

    package var currentOwner: [OwnerStep] = []

    /// Runs `body` with work started in it owned by `owner`.
    package func withOwner<T>(_ owner: [OwnerStep], _ body: () -> T) -> T {
        let previous = currentOwner
        currentOwner = owner
        defer { currentOwner = previous }
        return body()
    }

    /// Whether work owned by the element at `owner` (or its descendants) is still running.
    package func hasWork(ownedBy owner: [OwnerStep]) -> Bool {
        entries.values.contains { !$0.isCancelled && Self.isOwned($0, by: owner) }
    }

    /// Cancels the work owned by the element at `owner` and by its descendants.
    package func cancel(ownedBy owner: [OwnerStep]) {
        guard !owner.isEmpty else { return }
        cancelEntries { entry in Self.isOwned(entry, by: owner) }
    }

    /// Cancels the work owned by elements of the collection at `path` under `owner` that
    /// `isPresent` says are gone.
    func cancelMissing(under owner: [OwnerStep], path: String, isPresent: (AnyHashable) -> Bool) {
        cancelEntries { entry in
            guard entry.owner.count > owner.count, Self.isOwned(entry, by: owner) else { return false }
            let step = entry.owner[owner.count]
            guard OwnerStep.samePath(step.path, path), let id = step.id else { return false }
            return !isPresent(AnyHashable(id))
        }
    }

    private func cancelEntries(where shouldCancel: (Entry) -> Bool) {
        for (token, entry) in entries where !entry.isCancelled && shouldCancel(entry) {
            entry.task.cancel()
            entries[token]?.isCancelled = true
        }
    }

    /// Cancels the work in flight with this identifier. Its tasks stay tracked until they end.
    ///
    /// Identifiers are scoped by position in the tree of features: called while an element (a
    /// row, a presented child, a stack screen) starts work — by the commands its reducer returned,
    /// say — it cancels only that element's and its descendants' work with the identifier; called
    /// by the store's own work, it cancels all of it. Two screens of one type using the same
    /// identifier are independent, and a child cannot cancel its parent's or a sibling's work.
    ///
    /// - Parameter id: The identifier given to ``run(id:cancelInFlight:priority:_:)``.
    public func cancel(id: AnyHashable) {
        let owner = currentOwner
        cancelEntries { entry in entry.id == id && Self.isOwned(entry, by: owner) }
    }

    /// Whether `entry` was started by the element at `owner` or one of its descendants (by
    /// anyone, when `owner` is the store itself).
    private static func isOwned(_ entry: Entry, by owner: [OwnerStep]) -> Bool {
        entry.owner.count >= owner.count && zip(entry.owner, owner).allSatisfy { $0.matches($1) }
    }

    /// Cancels all work in flight.
    public func cancelAll() {
        for (token, entry) in entries {
            entry.task.cancel()
            entries[token]?.isCancelled = true
        }
    }

    /// How many tasks are in flight and were not cancelled through this registry: the work a test
    /// still waits for (`TestStore` counts cancelled work as over, even while its task unwinds).
    package var uncancelledCount: Int {
        entries.values.count { !$0.isCancelled }
    }

    /// Returns when every task not cancelled through this registry has ended, including work
    /// started while waiting.
    package func waitForUncancelled() async {
        while let entry = entries.values.first(where: { !$0.isCancelled }) {
            await entry.task.value
        }
    }

    /// Whether work with this identifier is in flight.
    ///
    /// - Parameter id: The identifier given to ``run(id:cancelInFlight:priority:_:)``.
    /// - Returns: `true` while at least one such task has not ended.
    public func isRunning(id: AnyHashable) -> Bool {
        entries.values.contains { $0.id == id }
    }

    /// Returns when no work is in flight, including work started while waiting. Work that waits
    /// to be done later — a persister's coalesced write — is done first.
    public func waitForAll() async {
        await flushPending()
        while let entry = entries.values.first {
            await entry.task.value
        }
    }

    /// What middleware hold back to do later (a persister's coalesced write), done now by
    /// ``waitForAll()``, by `TestStore.finish()`, and when the store is released.
    private var flushers: [@MainActor () async -> Void] = []

    /// Registers work held back to be done later: `flush` does it now. Called by
    /// ``waitForAll()`` and `TestStore.finish()`, and — in a task of its own, which keeps what
    /// `flush` captured alive until it is done — when the store is released, so that nothing held
    /// back is lost. Not public API (`ReduxPersistence` uses it).
    ///
    /// - Parameter flush: Does the held-back work now; does nothing when there is none.
    package func addFlusher(_ flush: @escaping @MainActor () async -> Void) {
        if isClosed {
            Task { @MainActor in await flush() }
            return
        }
        flushers.append(flush)
    }

    /// Does the work held back by middleware now (see ``addFlusher(_:)``).
    package func flushPending() async {
        for flush in flushers {
            await flush()
        }
    }

    /// Runs the work the reducer returned for `action`, element by element, after the observers and
    /// subscribers saw the new state; cancels what removed elements started. Each item
    /// (`ReduxEffects`' `Command`) runs itself (``StoreRunnableWork``) with the store's dispatch —
    /// wrapped for the element it belongs to — and this registry.
    @usableFromInline
    func deliverReducerWork(
        _ work: [any Sendable], after action: any Action, storeState: Any.Type, dispatch: @escaping Dispatch
    ) {
        deliver(work, in: WorkContext(), after: action, storeState: storeState, dispatch: dispatch)
    }

    private func deliver(
        _ work: [any Sendable], in context: WorkContext, after action: any Action, storeState: Any.Type,
        dispatch: @escaping Dispatch
    ) {
        // What the work sends reaches its element: wrapped once for all the items.
        let send: Dispatch
        if let wrap = context.wrap {
            send = { action in dispatch(wrap(action)) }
        } else {
            send = dispatch
        }
        func run(_ item: any Sendable) {
            guard let runnable = item as? any StoreRunnableWork else {
                Diagnostics.warnOnce(
                    "reducer-work:\(type(of: item))",
                    "swift-redux: warning: a reducer of a Store<\(storeState)> returned \(type(of: item)) (after "
                        + "\(type(of: action))), which is not work the store can run; it was dropped.")
                return
            }
            withOwner(context.owner) {
                runnable.start(WorkRun(effects: self, action: action, context: context, send: send))
            }
        }
        for item in work {
            switch item {
            case let scoped as ScopedWork:
                deliver(
                    scoped.items, in: context.entering(scoped.step, wrap: scoped.wrap), after: action,
                    storeState: storeState, dispatch: dispatch)
            case let cancel as CancelElementWork:
                self.cancel(ownedBy: context.owner + [cancel.step])
            case let missing as CancelMissingElements:
                cancelMissing(under: context.owner, path: missing.path, isPresent: missing.isPresent)
            case is DismissRequest:
                // A dismissal no element above could take: the store's own state is not dismissed.
                Diagnostics.warnOnce(
                    "dismiss-top:\(storeState)",
                    "swift-redux: warning: Dismiss reached the top of a Store<\(storeState)>: no ifLet or forEach "
                        + "holds the child that sent it, so nothing was dismissed.")
            default:
                run(item)
            }
        }
    }

    /// Cancels everything and refuses new work. Called when the store is released.
    func close() {
        isClosed = true
        cancelAll()
        // Held-back work (a pending write) is done now, each in a task that keeps it alive.
        let pending = flushers
        flushers = []
        for flush in pending {
            Task { @MainActor in await flush() }
        }
        // What effect styles kept for this store is released last: releasing it runs their deinitializers.
        let attached = attachments
        attachments = [:]
        withExtendedLifetime(attached) {}
    }

    /// What the store's middleware factories asked to be told of every reduced action
    /// (``observeReductions(_:)``), as one closure; the store takes it once its pipeline is built.
    /// A closure, not an array of them: a closure taken out of an array is wrapped in
    /// reabstraction thunks, ~40 instructions a call.
    private var reductionObserver: (@MainActor (any Action) -> Void)?

    /// Has `observer` called with each action right after the store's reducer ran, before
    /// observers and subscribers are told — whatever the middleware did with it on the way: what a
    /// recorder keeps is exactly what was reduced. For a middleware factory to call while it runs
    /// (``current``); the store stops calling it when released.
    ///
    /// - Parameter observer: Called on the main actor with each reduced action, after those
    ///   registered before it.
    package func observeReductions(_ observer: @escaping @MainActor (any Action) -> Void) {
        if let earlier = reductionObserver {
            reductionObserver = { action in
                earlier(action)
                observer(action)
            }
        } else {
            reductionObserver = observer
        }
    }

    /// Whether anything asked to be told of each reduction before the pipeline was built (a store's
    /// persisted shared values): a store without middleware then builds one to call it.
    @usableFromInline
    package var hasReductionObservers: Bool { reductionObserver != nil }

    /// The observers to call after each reduction, as one closure; `nil` when there are none.
    @usableFromInline
    package func takeReductionObservers() -> (@MainActor (any Action) -> Void)? {
        defer { reductionObserver = nil }
        return reductionObserver
    }

    /// Makes `effects` the ``current`` registry while `body` runs.
    @usableFromInline
    static func withCurrent<T>(_ effects: Effects, _ body: () -> T) -> T {
        let previous = current
        current = effects
        defer { current = previous }
        return body()
    }
}

/// The awaited dispatch whose work is being started (see ``StoreProtocol/send(_:)``): a task-local,
/// so the tasks that work starts — and the work started by the actions they send — carry it.
enum DispatchOrigin {
    @TaskLocal static var current: UInt64?
}

/// Receives an error that work started for an action threw and did not handle — commands, async
/// actions, thunks: given once to the store (`Store(initialState:reducer:middleware:dependencies:onError:)`).
///
/// - Parameters:
///   - error: The error (never a cancellation).
///   - action: The action the work was started for: the async action, or the action whose
///     reduction returned the command.
///
/// The store takes it as `onError:`, spelled out there; this name is the package's own shorthand.
@usableFromInline
package typealias WorkErrorHandler = @MainActor @Sendable (_ error: any Error, _ action: any Action) -> Void

/// The error of work that asked for the app's dependencies as one type when the store was given
/// none, or a value of another type: give `Store(initialState:reducer:middleware:dependencies:onError:)`
/// a value of the expected type (in a test, its test doubles).
///
/// The one mismatch error of every effect style: a command's `run(using:)`, an async action's
/// `dependencies(_:)`, a thunk's `extra`.
public struct DependenciesMismatch: Error, Equatable, CustomStringConvertible {
    /// The work that asked: `Command.run(using:)`, an async action's or a thunk's type.
    public let requester: String
    /// The type it asked for.
    public let expected: String
    /// The type of the dependencies the store was given; `nil` when it was given none.
    public let found: String?

    /// Creates the error.
    ///
    /// - Parameters:
    ///   - requester: The work that asked.
    ///   - expected: The type it asked for.
    ///   - found: The type of the store's dependencies, or `nil` for none.
    public init(requester: String, expected: String, found: String?) {
        self.requester = requester
        self.expected = expected
        self.found = found
    }

    /// What went wrong, naming the work and both types.
    public var description: String {
        "\(requester) asked for dependencies of type \(expected), but the store was "
            + (found.map { "given a \($0)" } ?? "given none")
            + "; pass them once: Store(initialState:reducer:middleware:dependencies:)"
    }
}
