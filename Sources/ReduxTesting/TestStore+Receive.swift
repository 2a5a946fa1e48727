import Redux
import ReduxDiff

// Receiving what middleware and work sent: by type, by equality, by a check (split from
// TestStore.swift, issue 66).
extension TestStore {
    /// Waits for an action of the given type that middleware dispatched, and checks the state
    /// change it made.
    ///
    /// In exhaustive mode the action must be the next one received; otherwise earlier actions of
    /// other types are skipped (and summarised).
    ///
    /// - Parameters:
    ///   - type: The type of action expected.
    ///   - timeout: How long to wait; defaults to ``timeout``.
    ///   - update: Applies the expected change to the previous state.
    ///   - fileID: The file of the call; failures are reported there.
    ///   - filePath: The path of that file.
    ///   - line: The line of the call.
    ///   - column: The column of the call.
    public func receive<A: Action>(
        _ type: A.Type,
        timeout: Duration? = nil,
        _ update: ((inout State) throws -> Void)? = nil,
        fileID: StaticString = #fileID,
        filePath: StaticString = #filePath,
        line: UInt = #line,
        column: UInt = #column
    ) async {
        await receive(
            .type(A.self), timeout: timeout, update,
            at: SourceLocationInfo(fileID: fileID, filePath: filePath, line: line, column: column))
    }

    /// Waits for an action equal to `expected` — an enum case with its associated values, say — and
    /// checks the state change it made.
    ///
    /// ```swift
    /// await store.receive(AppAction.loginDone(.success(user))) { $0.user = user }
    /// ```
    ///
    /// In exhaustive mode, when the next received action is of the same type but not equal, the
    /// test fails at once with both, and the differing parts as a diff; that action is then taken
    /// as received.
    ///
    /// - Parameters:
    ///   - expected: The action expected.
    ///   - timeout: How long to wait; defaults to ``timeout``.
    ///   - update: Applies the expected change to the previous state.
    ///   - fileID: The file of the call; failures are reported there.
    ///   - filePath: The path of that file.
    ///   - line: The line of the call.
    ///   - column: The column of the call.
    public func receive<A: Action & Equatable>(
        _ expected: A,
        timeout: Duration? = nil,
        _ update: ((inout State) throws -> Void)? = nil,
        fileID: StaticString = #fileID,
        filePath: StaticString = #filePath,
        line: UInt = #line,
        column: UInt = #column
    ) async {
        await receive(
            .equal(expected, describe: describe), timeout: timeout, update,
            at: SourceLocationInfo(fileID: fileID, filePath: filePath, line: line, column: column))
    }

    /// Waits for an action that matches `predicate`, and checks the state change it made.
    ///
    /// - Parameters:
    ///   - description: Names the expected action in failure messages.
    ///   - timeout: How long to wait; defaults to ``timeout``.
    ///   - predicate: Whether a received action is the one expected.
    ///   - update: Applies the expected change to the previous state.
    ///   - fileID: The file of the call; failures are reported there.
    ///   - filePath: The path of that file.
    ///   - line: The line of the call.
    ///   - column: The column of the call.
    public func receive(
        _ description: String = "an action matching the predicate",
        timeout: Duration? = nil,
        where predicate: @escaping (any Action) -> Bool,
        _ update: ((inout State) throws -> Void)? = nil,
        fileID: StaticString = #fileID,
        filePath: StaticString = #filePath,
        line: UInt = #line,
        column: UInt = #column
    ) async {
        await receive(
            ReceiveMatcher(description, matches: predicate), timeout: timeout, update,
            at: SourceLocationInfo(fileID: fileID, filePath: filePath, line: line, column: column))
    }

    /// Waits for an action that matches `predicate`. In exhaustive mode, when the next received
    /// action does not match and `explain` says why (it is the expected one's kind, but differs),
    /// the test fails at once with that, and the action is taken as received.
    func receive(
        _ description: String,
        timeout: Duration?,
        where predicate: @escaping (any Action) -> Bool,
        explain: (any Action) -> String?,
        _ update: ((inout State) throws -> Void)?,
        at location: SourceLocationInfo
    ) async {
        let limit = timeout ?? self.timeout
        let deadline = ContinuousClock.now + limit
        await SerialTestExecutor.settle()
        while true {
            if exhaustivity == .on, let next = pending.first, !predicate(next.action) {
                // Exhaustive: the next received action is the one to assert; another one — of the
                // expected kind but different (`explain` says how), or with no match behind it — fails
                // now, naming both, rather than after the timeout. It is taken as received.
                let explanation = explain(next.action)
                if explanation != nil || !pending.contains(where: { predicate($0.action) }) {
                    reportFailure(
                        explanation ?? "Expected to receive \(description), but received \(describe(next.action))",
                        at: location)
                    expected = pending.removeFirst().state
                    return
                }
            }
            if let index = pending.firstIndex(where: { predicate($0.action) }) {
                if index > 0 {
                    let skipped = pending[..<index].map { describe($0.action) }
                    if exhaustivity == .on {
                        reportFailure(
                            "Expected to receive \(description), but first received:\n"
                                + skipped.map { "  • \($0)" }.joined(separator: "\n"),
                            at: location)
                    } else {
                        summarise("skipped \(skipped.count) received action(s) before \(description)", skipped)
                    }
                    expected = pending[index - 1].state
                }
                let entry = pending[index]
                pending.removeFirst(index + 1)
                check(
                    base: expected, update: update, actual: entry.state, generated: entry.generated,
                    what: "receiving \(describe(entry.action))", at: location)
                expected = entry.state
                return
            }
            guard await waitForRecord(until: deadline) else {
                let inFlight = store.effects.uncancelledCount
                let received =
                    pending.isEmpty
                    ? "nothing was received"
                    : "received instead:\n" + pending.map { "  • \(describe($0.action))" }.joined(separator: "\n")
                let why =
                    inFlight > 0
                    ? "\n(\(inFlight) effect(s) still in flight)"
                    : !pending.isEmpty
                        ? "\n(no work in flight: nothing else will arrive)"
                        : "\n(no work in flight; likely causes: the middleware that sends it is missing from the "
                            + "TestStore's middleware — async actions need asyncActionMiddleware(), thunks "
                            + "thunkMiddleware() — or the work was started with a bare Task instead of in the "
                            + "store's Effects, so the TestStore cannot wait for it)"
                reportFailure("Expected to receive \(description) within \(limit), but \(received)" + why, at: location)
                return
            }
        }
    }
}
