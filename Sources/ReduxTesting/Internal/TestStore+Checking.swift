import Redux
import ReduxDiff

// Comparing the state with what a test expected, and waiting for what middleware sends (split from
// TestStore.swift, issue 66).
extension TestStore {
    // MARK: - Checking

    func check(
        base: State,
        update: ((inout State) throws -> Void)?,
        actual: State,
        generated: [any Sendable] = [],
        what: String,
        at location: SourceLocationInfo
    ) {
        var expectedState = exhaustivity == .on ? base : actual
        do {
            // A screen the expected change pushes gets the number the reducer's push got: the
            // stack's next number is part of the state the change starts from.
            stateDuringExpectation = expectedState
            defer { stateDuringExpectation = nil }
            // An identifier (a date, a random number) drawn in the closure is the one the reduction
            // drew, handed back in order: it does not advance the generator the reducer reads.
            if let update {
                try ReducerDependencies.replaying(generated, dependencies: store.effects.dependencies) {
                    try update(&expectedState)
                }
            }
        } catch {
            reportFailure("The state update closure threw: \(error)", at: location)
            return
        }
        // A change the test made to a shared value (or to one copy of it) is made to every copy,
        // as the store made it: the test asserts it once.
        if update != nil, let reconcileShared {
            reconcileShared(&expectedState, exhaustivity == .on ? base : actual)
        }
        guard expectedState != actual else {
            // As upstream's: a closure given when nothing changed, and that changed nothing itself,
            // says a change was expected — it is a mistake (or a leftover) either way.
            if update != nil, exhaustivity == .on, actual == base, what != "asserting the state" {
                reportFailure(
                    "Expected state to change after \(what), but no change occurred: the trailing closure made "
                        + "no change either. If no change is expected, omit the closure.",
                    at: location)
            }
            return
        }
        let diff = ValueDiff.lines(from: expectedState, to: actual, rootName: "state", maxLines: 40)
        reportFailure(
            "State after \(what) is not as expected (expected → actual):\n"
                + diff.map { "  \($0)" }.joined(separator: "\n"),
            at: location)
    }

    func checkUnasserted(at location: SourceLocationInfo) {
        guard !pending.isEmpty else { return }
        let unasserted = pending.map { describe($0.action) }
        if exhaustivity == .on {
            reportFailure(
                "\(unasserted.count) received action(s) were not asserted:\n"
                    + unasserted.map { "  • \($0)" }.joined(separator: "\n"),
                at: location)
        } else {
            summarise("\(unasserted.count) received action(s) were not asserted", unasserted)
        }
        skipReceivedActions()
    }

    func summarise(_ title: String, _ items: [String]) {
        print("TestStore (non-exhaustive): \(title):\n" + items.map { "  • \($0)" }.joined(separator: "\n"))
    }

    // MARK: - Waiting

    /// Suspends until an action is recorded, the work in flight ends, or `deadline` passes.
    /// Returns `false` when nothing more can be expected: the deadline passed, or no work is in
    /// flight and nothing was recorded.
    func waitForRecord(until deadline: ContinuousClock.Instant) async -> Bool {
        guard ContinuousClock.now < deadline else { return false }
        let recordedBefore = recorder.entries.count
        let effects = store.effects
        let idle = effects.uncancelledCount == 0
        if idle {
            // Nothing is tracked: let the work that is ready run, then decide.
            await SerialTestExecutor.settle()
            return recorder.entries.count > recordedBefore
        }
        let timer = Task { @MainActor [weak self] in
            try? await Task.sleep(until: deadline, clock: .continuous)
            self?.wake()
        }
        let drained = Task { @MainActor [weak self] in
            await effects.waitForUncancelled()
            self?.wake()
        }
        await withCheckedContinuation { continuation in
            waiter = continuation
        }
        timer.cancel()
        drained.cancel()
        if recorder.entries.count > recordedBefore { return true }
        if effects.uncancelledCount == 0 {
            // The work ended: give its last dispatches a chance to arrive.
            await SerialTestExecutor.settle()
            return recorder.entries.count > recordedBefore
        }
        // Woken early (a stale timer or drain): keep waiting while there is time.
        return ContinuousClock.now < deadline
    }

    func wake() {
        waiter?.resume()
        waiter = nil
    }

    /// The action's type and, for an enum, its case: `TodosAction.toggle` (a message naming only
    /// `TodosAction` does not say which of its actions went wrong).
    func typeName(_ action: any Action) -> String {
        let type = String(describing: Swift.type(of: action))
        return ValueDiff.caseName(of: action).map { "\(type).\($0)" } ?? type
    }

    func describe(_ action: any Action) -> String {
        ValueDiff.describe(action, maxLength: 4_000)
    }
}
