import Redux

/// The work one ``TestStore/dispatch(_:_:fileID:filePath:line:column:)`` started, and the work that
/// work sends — upstream's `TestStoreTask`.
@MainActor
public struct TestStoreTask {
    let effects: Effects
    /// `nil` for a dispatch that sent nothing (to a dismissed feature).
    let origin: UInt64?
    let timeout: Duration

    /// Whether the work is still running (cancelled work is not).
    public var isRunning: Bool { origin.map(effects.isRunning(origin:)) ?? false }

    /// Cancels the work — a view that went away, a second tap that replaces the first.
    public func cancel() {
        if let origin { effects.cancel(origin: origin) }
    }

    /// Waits for the work to end; still running after `timeout` (the test store's by default), it
    /// fails the test and is cancelled.
    ///
    /// - Parameters:
    ///   - timeout: How long to wait.
    ///   - fileID: The file of the call; the failure is reported there.
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
        guard let origin else { return }
        let limit = timeout ?? self.timeout
        let deadline = ContinuousClock.now + limit
        while effects.isRunning(origin: origin), ContinuousClock.now < deadline {
            await SerialTestExecutor.settle()
            if effects.isRunning(origin: origin) { try? await Task.sleep(for: .milliseconds(1)) }
        }
        guard effects.isRunning(origin: origin) else { return }
        effects.cancel(origin: origin)
        reportFailure(
            "The task's work is still running after \(limit); cancelled it. Receive what it sends, or "
                + "cancel it (task.cancel()).",
            at: SourceLocationInfo(fileID: fileID, filePath: filePath, line: line, column: column))
    }
}
