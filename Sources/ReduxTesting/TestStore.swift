import Redux
import ReduxDiff

/// A store for exhaustive tests of features built on swift-redux, in the style of the Composable
/// Architecture's `TestStore`.
///
/// Dispatch an action and state how the state changes; receive the actions that middleware
/// (async actions, thunks) dispatched later, and state their changes too; finish by waiting for
/// the work in flight. Anything not asserted fails the test, with a readable diff at the line of
/// the assertion.
///
/// ```swift
/// @Test func search() async {
///     let store = TestStore(initialState: SearchState(), reducer: searchReducer,
///                           middleware: [asyncActionMiddleware()])
///     await store.dispatch(Search(query: "swift")) {
///         $0.query = "swift"
///         $0.isSearching = true
///     }
///     await store.receive(SearchResults.self) {
///         $0.isSearching = false
///         $0.results = ["swift 1", "swift 2"]
///     }
///     await store.finish()
/// }
/// ```
///
/// Failures are recorded with Swift Testing (`Issue.record`), or with XCTest when called outside a
/// Swift Testing test. `TestStore` is main-actor isolated.
@MainActor
public final class TestStore<State: Equatable> {
    /// The real store under test.
    public let store: Store<State>
    /// How strictly to check; can be changed during a test.
    public var exhaustivity: Exhaustivity
    /// How long ``receive(_:timeout:_:fileID:filePath:line:column:)-(A.Type,_,_,_,_,_,_)`` and ``finish(timeout:fileID:filePath:line:column:)``
    /// wait by default.
    public var timeout: Duration

    let recorder = RecordingMiddleware<State>()
    /// One reduction not asserted yet: the action, the state after it, and where it came from.
    struct Reduction {
        var action: any Action
        var state: State
        /// Whether it is the reduction of the action a ``dispatch(_:_:fileID:filePath:line:column:)``
        /// call passed in — as opposed to one dispatched by middleware or by work, later or during it.
        var isDispatched: Bool
        /// The values the reduction's generators made (identifiers, dates, random numbers): handed
        /// back, in order, to the generators the test's expected-state closure calls.
        var generated: [any Sendable] = []
    }
    /// The values each reduction's generators made, in the order of the reductions, until the
    /// recorder pairs them with its entry.
    private var generatedByReduction: [[any Sendable]] = []
    /// Actions that reached the reducer and are not asserted yet, with the state after each.
    var pending: [Reduction] = []

    /// The actions received and not asserted yet, oldest first (what a failure compares with).
    var pendingActions: [any Action] { pending.map(\.action) }
    /// Set by `dispatch` just before it dispatches: the next action entering the pipeline is its own.
    private var awaitingDispatched = false
    /// For each action being passed through the pipeline now (outermost first): whether it is the
    /// test's own dispatch.
    private var origins: [Bool] = []
    /// The state as of the last assertion.
    var expected: State
    /// Reconciles the copies of shared values in an expected state (`SharedValues`); `nil` when
    /// `State` declares none.
    let reconcileShared = SharedValuesReconciler.reconciler(for: State.self)
    var waiter: CheckedContinuation<Void, Never>?
    private var isFinished = false
    let creation: SourceLocationInfo

    /// Creates a test store around a real `Store`.
    ///
    /// - Parameters:
    ///   - initialState: The state before any action.
    ///   - reducer: The reducer under test.
    ///   - middleware: The middleware under test; a recording middleware is added after them.
    ///   - dependencies: The dependencies every effect style reads (test doubles), as given to
    ///     `Store(initialState:reducer:middleware:dependencies:onError:)`; `nil` for none.
    ///   - onError: Receives the errors work did not handle (as `Store(…, onError:)` does); `nil`
    ///     (the default) makes each such error part of the test: ``receiveError(_:timeout:matching:fileID:filePath:line:column:)``
    ///     receives it, and one not received fails the test at ``finish(timeout:fileID:filePath:line:column:)``.
    ///   - exhaustivity: How strictly to check. Defaults to ``Exhaustivity/on``.
    ///   - timeout: How long to wait for received actions and for work in flight.
    ///   - fileID: The file of the call; failures are reported there.
    ///   - filePath: The path of that file.
    ///   - line: The line of the call.
    ///   - column: The column of the call.
    public init(
        initialState: State,
        reducer: Reducer<State>,
        middleware: [Middleware<State>] = [],
        dependencies: (any Sendable)? = nil,
        onError: (@MainActor @Sendable (_ error: any Error, _ action: any Action) -> Void)? = nil,
        exhaustivity: Exhaustivity = .on,
        timeout: Duration = .seconds(1),
        fileID: StaticString = #fileID,
        filePath: StaticString = #filePath,
        line: UInt = #line,
        column: UInt = #column
    ) {
        self.exhaustivity = exhaustivity
        self.timeout = timeout
        self.expected = initialState
        self.creation = SourceLocationInfo(fileID: fileID, filePath: filePath, line: line, column: column)
        SerialTestExecutor.retain()
        // Tags each action entering the pipeline with its origin, before any middleware can swallow
        // or replace it; the recorder, last, reads the tag of the action it sees reduced.
        let origin = OriginBox()
        let tagging: Middleware<State> = { _, _ in
            // The values each reduction's generators make, for the test's expected-state closures.
            if let effects = Effects.current, let tape = effects.tapeGeneratedValues() {
                effects.observeReductions { _ in origin.owner?.generatedByReduction.append(tape.lastReduction) }
            }
            return { next in
                { action in
                    let isDispatched = origin.owner?.takeAwaitingDispatched() ?? false
                    origin.owner?.origins.append(isDispatched)
                    let dismisses = action is Dismiss
                    if dismisses { Diagnostics.markHandled(action) }  // the presenter here is the test store
                    next(action)
                    origin.owner?.origins.removeLast()
                    if dismisses { origin.owner?.dismissFeature() }
                }
            }
        }
        // Unhandled errors of work are the test's to receive (the origin box holds the test store weakly).
        let errors: @MainActor @Sendable (any Error, any Action) -> Void =
            onError ?? { error, action in origin.owner?.workFailed(error, for: action) }
        // A reducer asking for dependencies this test did not give fails the test, naming the
        // reducer and both types (in a store, a line on standard error); it does not run.
        let creation = self.creation
        let reducer = reducer.reportingDependencyMismatches { mismatch in
            reportFailure(
                "\(mismatch.requester) asked for dependencies of type \(mismatch.expected), but this TestStore was "
                    + (mismatch.found.map { "given a \($0)" } ?? "given none")
                    + "; the reducer did not run for this action. Give the test's doubles: TestStore(initialState:"
                    + "reducer:dependencies:) (ReduxTesting.unimplemented(_:) stands in for an endpoint the test "
                    + "does not expect to be called).",
                at: creation)
        }
        self.store = Store(
            initialState: initialState, reducer: reducer,
            middleware: [tagging] + middleware + [recorder.middleware],
            // What the test gave, and the test value of each `FeatureDependencies` type it did not.
            dependencies: TestDependencies(base: dependencies), onError: errors)
        origin.owner = self
        recorder.onRecord = { [weak self] entry in
            guard let self else { return }
            // Only the action the test dispatched, reduced while its own pass is the innermost one.
            let isDispatched = self.origins.last == true && self.origins.count == 1
            let generated = self.generatedByReduction.isEmpty ? [] : self.generatedByReduction.removeFirst()
            self.pending.append(
                Reduction(action: entry.action, state: entry.state, isDispatched: isDispatched, generated: generated))
            self.wake()
        }
        // Actions dispatched while the store was being built are the first received actions.
        pending = recorder.entries.map {
            Reduction(
                action: $0.action, state: $0.state, isDispatched: false,
                generated: generatedByReduction.isEmpty ? [] : generatedByReduction.removeFirst())
        }
    }

    /// Holds the test store weakly for the tagging middleware, which the store keeps.
    @MainActor
    private final class OriginBox {
        weak var owner: TestStore?
    }

    private func takeAwaitingDispatched() -> Bool {
        defer { awaitingDispatched = false }
        return awaitingDispatched
    }

    /// The current state of the store; inside an expectation closure, the state it starts from —
    /// before the action (as upstream's).
    public var state: State { stateDuringExpectation ?? store.state }

    /// The state an expectation closure starts from, while it runs.
    var stateDuringExpectation: State?

    /// Errors work threw that nobody handled, not received yet: the error and the action that
    /// started the work.
    private var pendingErrors: [(error: any Error, action: any Action)] = []

    private func workFailed(_ error: any Error, for action: any Action) {
        pendingErrors.append((error, action))
        wake()
    }

    /// Waits for an error of type `type` that work threw and nothing handled (the store's default
    /// `onError`), and takes it as expected — the failure path of a feature, tested like its
    /// success:
    ///
    /// ```swift
    /// await store.dispatch(Load())
    /// await store.receiveError(URLError.self)
    /// ```
    ///
    /// - Parameters:
    ///   - type: The error's type.
    ///   - timeout: How long to wait; defaults to ``timeout``.
    ///   - matching: Which error of that type; any by default.
    ///   - fileID: The file of the call; failures are reported there.
    ///   - filePath: The path of that file.
    ///   - line: The line of the call.
    ///   - column: The column of the call.
    public func receiveError<E: Error>(
        _ type: E.Type,
        timeout: Duration? = nil,
        matching: (E) -> Bool = { _ in true },
        fileID: StaticString = #fileID,
        filePath: StaticString = #filePath,
        line: UInt = #line,
        column: UInt = #column
    ) async {
        let location = SourceLocationInfo(fileID: fileID, filePath: filePath, line: line, column: column)
        let limit = timeout ?? self.timeout
        let deadline = ContinuousClock.now + limit
        func take() -> Bool {
            guard let index = pendingErrors.firstIndex(where: { ($0.error as? E).map(matching) ?? false }) else {
                return false
            }
            pendingErrors.remove(at: index)
            return true
        }
        while !take() {
            guard await waitForRecord(until: deadline) else {
                if take() { return }
                let others = pendingErrors.map { "\($0.error)" }
                reportFailure(
                    "Expected an error of type \(E.self) from work within \(limit), but "
                        + (others.isEmpty ? "none was thrown" : "only these: \(others.joined(separator: "; "))"),
                    at: location)
                return
            }
        }
    }

    /// Fails the test for each error nobody handled and the test did not receive.
    private func checkUnreceivedErrors(at location: SourceLocationInfo) {
        for (error, action) in pendingErrors {
            reportFailure(
                "Work started for \(typeName(action)) threw \(error), and the test did not receive it: "
                    + "receive it with `await store.receiveError(\(Swift.type(of: error)).self)`, or handle it "
                    + "(a `catch` on the command, or TestStore(…, onError:)).",
                at: location)
        }
        pendingErrors = []
    }

    /// Whether the feature under test dismissed itself: a `Dismiss` reached the test store's root,
    /// as a presented child's does its presenter. The test store then ends the feature's work, as a
    /// presenter would, so the test needs no manual cancellation.
    public private(set) var isDismissed = false

    /// Takes a `Dismiss` that reached the root: the feature is dismissed and its work ends.
    private func dismissFeature() {
        isDismissed = true
        store.effects.cancelAll()
    }

    /// Dispatches an action and checks that the state changed exactly as `update` says.
    ///
    /// `update` mutates a copy of the state as of the last assertion; the result must equal the
    /// state right after the action was reduced. Omit it to assert that the action changed
    /// nothing. Actions that the dispatch caused synchronously (a thunk's dispatches, a
    /// middleware's follow-ups) are received with ``receive(_:timeout:_:fileID:filePath:line:column:)-(A.Type,_,_,_,_,_,_)``.
    ///
    /// - Parameters:
    ///   - action: The action to dispatch.
    ///   - update: Applies the expected change to the previous state.
    ///   - fileID: The file of the call; failures are reported there.
    ///   - filePath: The path of that file.
    ///   - line: The line of the call.
    ///   - column: The column of the call.
    /// - Returns: The work the action started, and the work that work sends: `await task.finish()`
    ///   waits for it (failing the test past the timeout), `task.cancel()` ends it — as upstream's
    ///   `let task = await store.send(…)`.
    @discardableResult
    public func dispatch(
        _ action: any Action,
        _ update: ((inout State) throws -> Void)? = nil,
        fileID: StaticString = #fileID,
        filePath: StaticString = #filePath,
        line: UInt = #line,
        column: UInt = #column
    ) async -> TestStoreTask {
        let location = SourceLocationInfo(fileID: fileID, filePath: filePath, line: line, column: column)
        return await dispatch(typeName(action), send: { store.dispatch(action) }, update, at: location)
    }

    /// The handle of a send that started nothing (it was refused).
    var noTask: TestStoreTask { TestStoreTask(effects: store.effects, origin: nil, timeout: timeout) }

    /// Dispatches with `send` (the store's `dispatch`, or a scope's) and checks the change of the
    /// action it sends — the first to enter the pipeline.
    @discardableResult
    func dispatch(
        _ what: String, send: () -> Void, _ update: ((inout State) throws -> Void)?, at location: SourceLocationInfo
    ) async -> TestStoreTask {
        guard !isDismissed else {
            // As upstream's: the feature is gone; what a test sends after is a mistake, never sent.
            reportFailure(
                "Can't dispatch \(what): the feature dismissed itself (a Dismiss reached this TestStore), so "
                    + "nothing reaches it any more.",
                at: location)
            return noTask
        }
        if exhaustivity == .on, !pending.isEmpty {
            reportFailure(
                "Must receive \(pending.count) action\(pending.count == 1 ? "" : "s") before dispatching "
                    + "\(what):\n" + pending.map { "  • \(describe($0.action))" }.joined(separator: "\n"),
                at: location)
        }
        if !pending.isEmpty {
            expected = pending[pending.count - 1].state
            pending = []
        }
        let before = expected
        awaitingDispatched = true
        let origin = store.effects.withNewOrigin(send)
        awaitingDispatched = false
        // The reduction of this very action, wherever it came in the order; if a middleware
        // swallowed it, there is none, and what it dispatched instead must be received.
        let actual: State
        var generated: [any Sendable] = []
        if let own = pending.firstIndex(where: \.isDispatched) {
            actual = pending[own].state
            generated = pending[own].generated
            pending.remove(at: own)
        } else {
            actual = before
        }
        check(
            base: before, update: update, actual: actual, generated: generated, what: "dispatching \(what)",
            at: location)
        expected = actual
        // Let the work this dispatch started run up to its first suspension (a clock's sleep, a
        // request), so that a `clock.advance` that follows finds it waiting.
        await SerialTestExecutor.settle()
        return TestStoreTask(effects: store.effects, origin: origin, timeout: timeout)
    }

    /// Runs `body` with ``exhaustivity`` set to `exhaustivity`, and sets it back afterwards — a block
    /// of a test that checks an outcome, not every step, without setting and resetting a property:
    ///
    /// ```swift
    /// await store.withExhaustivity(.off) {
    ///     await store.dispatch(Refresh())
    ///     await store.receive(Loaded.self) { $0.isLoading = false }
    /// }
    /// ```
    ///
    /// - Parameters:
    ///   - exhaustivity: How strictly to check inside the block.
    ///   - body: The block.
    /// - Returns: What the block returns (a value read in the stretch, for an assertion after it).
    @discardableResult
    public func withExhaustivity<Result>(
        _ exhaustivity: Exhaustivity, _ body: @MainActor () async throws -> Result
    ) async rethrows -> Result {
        let previous = self.exhaustivity
        self.exhaustivity = exhaustivity
        defer { self.exhaustivity = previous }
        return try await body()
    }

    /// Checks the state as it is now, with no action: `update` applies the expected change to the
    /// state as of the last assertion (exhaustively when ``exhaustivity`` is on), as a
    /// ``dispatch(_:_:fileID:filePath:line:column:)`` does for its action's change.
    ///
    /// ```swift
    /// store.assert { $0.syncUps[0].title = "Engineering" }   // after a non-exhaustive stretch
    /// ```
    ///
    /// - Parameters:
    ///   - update: Applies the expected change to the previous state.
    ///   - fileID: The file of the call; failures are reported there.
    ///   - filePath: The path of that file.
    ///   - line: The line of the call.
    ///   - column: The column of the call.
    public func assert(
        _ update: @escaping (inout State) throws -> Void,
        fileID: StaticString = #fileID,
        filePath: StaticString = #filePath,
        line: UInt = #line,
        column: UInt = #column
    ) {
        let location = SourceLocationInfo(fileID: fileID, filePath: filePath, line: line, column: column)
        let actual = store.state
        check(base: expected, update: update, actual: actual, what: "asserting the state", at: location)
        expected = actual
    }

    /// Asserts nothing: takes every received action as seen, and moves the expected state to the
    /// current state. With `strict: true` (upstream's default), no action to skip fails the test.
    ///
    /// - Parameters:
    ///   - strict: Whether finding nothing to skip is a failure.
    ///   - fileID: The file of the call; a failure is reported there.
    ///   - filePath: The path of that file.
    ///   - line: The line of the call.
    ///   - column: The column of the call.
    public func skipReceivedActions(
        strict: Bool = false,
        fileID: StaticString = #fileID,
        filePath: StaticString = #filePath,
        line: UInt = #line,
        column: UInt = #column
    ) {
        if strict, pending.isEmpty {
            reportFailure(
                "There were no received actions to skip.",
                at: SourceLocationInfo(fileID: fileID, filePath: filePath, line: line, column: column))
        }
        if let last = pending.last { expected = last.state }
        pending = []
    }

    /// Cancels the work in flight without asserting it — upstream's `skipInFlightEffects()`: for a
    /// test that ends before a long-running effect (a timer, a socket) would. With `strict: true`,
    /// no work in flight fails the test.
    ///
    /// - Parameters:
    ///   - strict: Whether finding no work in flight is a failure.
    ///   - fileID: The file of the call; a failure is reported there.
    ///   - filePath: The path of that file.
    ///   - line: The line of the call.
    ///   - column: The column of the call.
    public func skipInFlightEffects(
        strict: Bool = false,
        fileID: StaticString = #fileID,
        filePath: StaticString = #filePath,
        line: UInt = #line,
        column: UInt = #column
    ) {
        if strict, store.effects.uncancelledCount == 0 {
            reportFailure(
                "There were no in-flight effects to skip.",
                at: SourceLocationInfo(fileID: fileID, filePath: filePath, line: line, column: column))
        }
        store.effects.cancelAll()
    }

    /// Waits for the work in flight (async actions, thunks, anything registered in the store's
    /// `Effects`) to end, then checks that every received action was asserted.
    ///
    /// Work still running after `timeout` fails the test and is cancelled. Call this at the end of
    /// every test that starts asynchronous work; a test store released with work in flight or with
    /// unasserted actions fails the test too.
    ///
    /// - Parameters:
    ///   - timeout: How long to wait; defaults to ``timeout``.
    ///   - fileID: The file of the call; failures are reported there.
    ///   - filePath: The path of that file.
    ///   - line: The line of the call.
    ///   - column: The column of the call.
    public func finish(
        timeout: Duration? = nil,
        fileID: StaticString = #fileID,
        filePath: StaticString = #filePath,
        line: UInt = #line,
        column: UInt = #column
    ) async {
        let location = SourceLocationInfo(fileID: fileID, filePath: filePath, line: line, column: column)
        let limit = timeout ?? self.timeout
        let deadline = ContinuousClock.now + limit
        await SerialTestExecutor.settle()
        // Held-back work (a persister's pending write) is done now, so the test can see it.
        await store.effects.flushPending()
        while store.effects.uncancelledCount > 0 {
            guard await waitForRecord(until: deadline) else { break }
        }
        let inFlight = store.effects.uncancelledCount
        if inFlight > 0 {
            // A non-exhaustive test may end with work running, as upstream's: said, not failed.
            if exhaustivity == .on {
                reportFailure(
                    "\(inFlight) effect(s) still in flight after \(limit); cancelling them. "
                        + "Wait for them (receive their actions) or cancel them in the test.",
                    at: location)
            } else {
                summarise("\(inFlight) effect(s) still in flight at finish(); cancelled", [])
            }
        }
        // Cancelled work is over as far as the test is concerned; what is left unwinds now.
        store.effects.cancelAll()
        checkUnasserted(at: location)
        checkUnreceivedErrors(at: location)
        isFinished = true
    }

    deinit {
        defer { SerialTestExecutor.release() }
        // Released on the main actor at the end of a test: report what the test left unchecked.
        MainActorCheck.runIfOnMainQueue {
            // Work cancelled through the store (`.cancel(id:)`, `cancelInFlight`) is over for the
            // test even while its task unwinds: only work nobody cancelled counts as in flight.
            let inFlight = store.effects.uncancelledCount
            store.effects.cancelAll()
            guard !isFinished else { return }
            if inFlight > 0, exhaustivity == .on {
                reportFailure(
                    "A TestStore was released with \(inFlight) effect(s) still in flight; "
                        + "end the test with `await store.finish()`.",
                    at: creation)
            }
            checkUnreceivedErrors(at: creation)
            if exhaustivity == .on, !pending.isEmpty {
                reportFailure(
                    "A TestStore was released with \(pending.count) received action(s) not asserted:\n"
                        + pending.map { "  • \(describe($0.action))" }.joined(separator: "\n"),
                    at: creation)
            }
        }
    }

}

extension TestStore {
    /// How strictly a ``TestStore`` checks.
    public enum Exhaustivity: Sendable, Equatable {
        /// Every state change must be asserted exactly, and every action that middleware dispatched
        /// must be received, or the test fails.
        case on
        /// Only what the assertions state is checked; actions nobody asserted are summarised instead of
        /// failing. For integration tests that care about an outcome, not every step.
        case off
    }
}
